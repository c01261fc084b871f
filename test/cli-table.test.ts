/** The terminal table's pieces, without a process: screen layout, input reading, the play loop. */
import { describe, expect, it } from 'vitest';
import { randomBot } from '../src/bots/index.js';
import { createMatch } from '../src/engine/index.js';
import { composeScreen, packMenu } from '../src/cli/screen.js';
import { BUILTINS } from '../src/games/index.js';
import { interpret, runTable, type TableIO } from '../src/cli/table.js';
import { tinyRace, tinyTextUI, type TinyAction } from './fixtures/tiny-race.js';

const steps: TinyAction[] = [1, 2, 3].map((by) => ({ type: 'step', by }) as TinyAction);

describe('the screen', () => {
  it('packs a short menu into numbered columns, and gives up on a long one', () => {
    expect(packMenu(['choose 3', 'choose 7', 'choose 10'], 3)).toEqual(['1) choose 3    2) choose 7    3) choose 10']);
    const long = Array.from({ length: 40 }, (_, i) => `place a card on pile number ${i}`);
    expect(packMenu(long, 4)).toBeUndefined();
    expect(packMenu(long, 100)).toHaveLength(20); // two columns of 36-column items
  });

  it('fits 80×24 however many events, keeping the newest', () => {
    const screen = composeScreen({
      header: 'h',
      table: Array.from({ length: 13 }, (_, i) => `row ${i} ${'x'.repeat(100)}`),
      events: Array.from({ length: 30 }, (_, i) => `event ${i}`),
      labels: ['a', 'b'],
      hint: 'type a or b',
      notice: 'that was not a move',
    });
    expect(screen.length).toBeLessThanOrEqual(23);
    for (const line of screen) expect(line.length).toBeLessThanOrEqual(80);
    expect(screen.join('\n')).toContain('event 29');
    expect(screen.join('\n')).toMatch(/… \d+ earlier/);
    expect(screen.at(-1)).toBe('! that was not a move');
  });

  it('wraps a long event under itself instead of cutting its end, and drops only whole events', () => {
    const long = `You sprint in red along the lower green lane of the Go! Beech from space 1 to space 2, and pick up an acorn`;
    const screen = composeScreen({ header: 'h', table: [], events: ['short one', long], labels: ['a'], hint: 'hint' });
    for (const line of screen) expect(line.length).toBeLessThanOrEqual(80);
    const told = screen.join('\n');
    expect(told).toContain('and pick up an acorn');
    expect(told).not.toContain('…');
    const first = `The first event is long as well: it takes two lines of the screen when wrapped at eighty columns`;
    const tight = composeScreen({ header: 'h', table: Array.from({ length: 14 }, (_, i) => `row ${i}`), events: [first, long], labels: ['a'], hint: 'hint' });
    expect(tight.join('\n')).toContain('and pick up an acorn');
    expect(tight.join('\n')).toContain('… 1 earlier');
    expect(tight.join('\n')).not.toContain('The first event');
  });

  it('never lets a table taller than the contract push the prompt off the screen', () => {
    const screen = composeScreen({ header: 'h', table: Array.from({ length: 30 }, (_, i) => `row ${i}`), events: ['e'], labels: ['a'], hint: 'hint' });
    expect(screen).toHaveLength(23);
    expect(screen.slice(-2)).toEqual(['1) a', 'hint']);
  });
});

describe('reading input', () => {
  const parse = (t: string) => (t === 'big' ? { action: steps[2]! } : t === 'huge' ? { error: 'too far' } : null);

  it('asks the game first, then reads a bare number as a menu choice', () => {
    expect(interpret('big', steps, 'hint', parse)).toEqual({ kind: 'action', action: steps[2] });
    expect(interpret('huge', steps, 'hint', parse)).toEqual({ kind: 'error', message: 'too far' });
    expect(interpret('2', steps, 'hint', parse)).toEqual({ kind: 'action', action: steps[1] });
    expect(interpret('#1', steps, 'hint', () => ({ error: 'the game never sees #1' }))).toEqual({ kind: 'action', action: steps[0] });
  });

  it('explains what it cannot use', () => {
    expect(interpret('9', steps, 'hint', parse)).toEqual({ kind: 'error', message: 'there is no move 9 in the menu (1–3)' });
    expect(interpret('fly', steps, 'Type 1–3.', parse)).toEqual({ kind: 'error', message: "'fly' is not a move here. Type 1–3." });
    expect(interpret('', steps, 'hint', parse).kind).toBe('error');
    expect(interpret('?', steps, 'hint', parse).kind).toBe('list');
    expect(interpret('quit', steps, 'hint', parse).kind).toBe('quit');
  });
});

describe('the play loop', () => {
  function scripted(answers: string[]): TableIO & { out: string } {
    const io = {
      out: '',
      tty: false,
      write: (text: string) => void (io.out += text),
      ask: (prompt: string) => {
        io.out += prompt;
        return Promise.resolve(answers.shift() ?? null);
      },
    };
    return io;
  }
  const table = (answers: string[]) => {
    const created = createMatch(tinyRace, { seats: 3, seed: 'loop', options: { rounds: 2 } });
    if (!created.ok) throw new Error(created.error.message);
    const io = scripted(answers);
    const names = ['You', 'Hazel', 'Rowan'];
    const run = runTable(
      { match: created.value, ui: tinyTextUI, human: 0, bots: [undefined, randomBot, randomBot], names, header: 'Tiny Race', botSeed: 'loop' },
      io,
    );
    return { run, io, match: created.value };
  };

  it('plays to the end, with bots acting between your turns', async () => {
    const { run, io, match } = table(['3', '#1']);
    const result = await run;
    expect(result.end).toBe('finished');
    expect(match.record.actions.filter((a) => a.seat === 0).map((a) => a.action)).toEqual([steps[2], steps[0]]);
    expect(match.record.actions).toHaveLength(6);
    // No narrator: the table says who acted, never what.
    expect(io.out).toContain('Since your last move:\n  Hazel acted\n  Rowan acted');
    expect(io.out).toMatch(/(won|shared the win)\. After 2 rounds:/);
  });

  it('explains a refused answer and asks again; leaves cleanly at the end of input', async () => {
    const { run, io, match } = table(['7', 'fly']);
    const result = await run;
    expect(result.end).toBe('eof');
    expect(match.record.actions).toHaveLength(0);
    expect(io.out).toContain("! '7' is not a step of 1, 2 or 3");
    expect(io.out).toContain("! 'fly' is not a step of 1, 2 or 3");
  });
});

describe('Acorn Run in a real terminal (issue 25)', () => {
  /** One person against three dummies, answering `answers`, on a terminal of `size`. */
  async function race(answers: string[], size?: { cols: number; rows: number }) {
    const pkg = BUILTINS.find('acorn-run');
    if (!pkg.ok) throw new Error(pkg.error.message);
    const created = createMatch(pkg.value.game, { seats: 1, seed: 't1', options: { dummies: 3 } });
    if (!created.ok) throw new Error(created.error.message);
    const screens: string[] = [];
    const io: TableIO = {
      tty: false,
      ...(size ? { size: () => size } : {}),
      write: (text) => void screens.push(text),
      ask: () => Promise.resolve(answers.shift() ?? null),
    };
    const names = ['You'];
    await runTable({ match: created.value, ui: pkg.value.textUI!, narrator: pkg.value.narrator, human: 0, bots: [undefined], names, header: 'Acorn Run', botSeed: 't1' }, io);
    return screens;
  }

  it('uses the terminal’s size: a 60-row terminal shows every dummy turn instead of "… 6 earlier"', async () => {
    const small = await race(['end', 'keep']);
    expect(small.at(-1)).toMatch(/… \d+ earlier/);
    const tall = await race(['end', 'keep'], { cols: 120, rows: 60 });
    const last = tall.at(-1)!;
    expect(last).not.toMatch(/earlier/);
    expect(last).toContain('Round 2 begins.');
    expect(last.startsWith('='.repeat(120))).toBe(true);
    expect(last.split('\n').length).toBeLessThanOrEqual(61);
    for (const line of last.split('\n')) expect(line.length).toBeLessThanOrEqual(120);
  });

  it('names racers in full and never shows a space id', async () => {
    const screens = await race(['end', 'keep'], { cols: 100, rows: 50 });
    const last = screens.at(-1)!;
    expect(last).toMatch(/Twinkle/);
    expect(last).not.toMatch(/\bt\d+\.[gyr]\d?\.\w+/);
    expect(last).toMatch(/the lower green lane of the Go! Beech, space 1/);
  });

  it('`done` at the end-of-turn discard keeps the rest and ends the turn', async () => {
    const screens = await race(['end', 'done']);
    const all = screens.join('');
    expect(all).not.toContain('you cannot done now');
    expect(screens.at(-1)).toMatch(/round 2/);
  });
});
