/** The terminal table's pieces, without a process: screen layout, input reading, the play loop. */
import { describe, expect, it } from 'vitest';
import { randomBot } from '../src/bots/index.js';
import { createMatch } from '../src/engine/index.js';
import { composeScreen, packMenu } from '../src/cli/screen.js';
import { statsLines } from '../src/cli/stats-text.js';
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
    // The screen's rule is as wide as its widest line (at most the 120 columns given).
    const [rule, ...body] = last.replace(/\n$/, '').split('\n');
    expect(rule).toMatch(/^=+$/);
    expect(rule!.length).toBe(Math.max(...body.map((l) => [...l].length)));
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

  it('counts the spaces of a sprint in words, never in code ("space(T, s)")', async () => {
    const screens = await race(['sprint green', 'add 1']);
    expect(screens.join('')).toMatch(/Sprint \(green\): no cards yet = 0 spaces/);
    expect(screens.at(-1)).toMatch(/Sprint \(green\): G \w+ = 1 space\n/);
    expect(screens.join('')).not.toContain('(T, s)');
  });

  it('`done` at the end-of-turn discard keeps the rest and ends the turn', async () => {
    const screens = await race(['end', 'done']);
    const all = screens.join('');
    expect(all).not.toContain('you cannot done now');
    expect(screens.at(-1)).toMatch(/round 2/);
  });
});

describe('statistics at the end of a terminal game (issue 25)', () => {
  const figures = {
    columns: ['Combos (longest)', 'Combo VP', 'Acorns gathered', 'Acorns spent', 'Cards bought', 'Finished'],
    rows: [
      { name: 'You', seat: 0, cells: ['2 (3 cards)', '12 (4 tokens)', '14', '12', '5 + 1 free', 'round 9'] },
      { name: 'Twinkle (dummy)', seat: null, cells: ['0', '3 (1 token)', '8', '0', '0', 'out of time'] },
      { name: 'Bramble', seat: 1, cells: ['1 (2 cards)', '5 (2 tokens)', '9', '7', '4', 'round 10'] },
    ],
    notes: ['2 cold snaps.'],
  };

  it('a row per player when the terminal is wide, a row per figure when narrower, a block per player when narrower still', () => {
    const wide = statsLines(figures, 120, 0);
    expect(wide[1]).toMatch(/^Player\s+Combos \(longest\)\s+Combo VP\s+Acorns gathered/);
    expect(wide.find((l) => l.startsWith('Twinkle'))).toMatch(/Twinkle \(dummy\)\s+0\s+3 \(1 token\)\s+8\s+0\s+0\s+out of time$/);
    const middle = statsLines(figures, 80, 0);
    expect(middle.find((l) => l.startsWith('Combo VP'))).toMatch(/^Combo VP\s+12 \(4 tokens\)\s+3 \(1 token\)\s+5 \(2 tokens\)$/);
    const narrow = statsLines(figures, 50, 0);
    expect(narrow).toContain('Bramble');
    expect(narrow.join('\n')).toContain('Combos (longest): 1 (2 cards)');
    for (const [lines, cols] of [[wide, 120], [middle, 80], [narrow, 50]] as const) {
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(cols);
      // Every figure of every player is shown, whatever the shape.
      for (const row of figures.rows) for (const cell of row.cells) expect(lines.join('\n')).toContain(cell);
    }
    expect(narrow.at(-1)).toBe('2 cold snaps.');
  });

  /** A whole game of `id` at a terminal of `size`, always answering the first menu item. */
  async function wholeGame(id: string, size: { cols: number; rows: number }) {
    const pkg = BUILTINS.find(id);
    if (!pkg.ok) throw new Error(pkg.error.message);
    const created = createMatch(pkg.value.game, { seats: 4, seed: 'stats' });
    if (!created.ok) throw new Error(created.error.message);
    const screens: string[] = [];
    const io: TableIO = { tty: false, size: () => size, write: (text) => void screens.push(text), ask: () => Promise.resolve('#1') };
    const names = ['You', 'Hazel', 'Rowan', 'Sorrel'];
    const bots = [undefined, randomBot, randomBot, randomBot];
    const result = await runTable(
      { match: created.value, ui: pkg.value.textUI!, narrator: pkg.value.narrator, stats: pkg.value.stats, human: 0, bots, names, header: id, botSeed: 'stats' },
      io,
    );
    expect(result.end).toBe('finished');
    // The table as an 80-column terminal draws it, for the figures it shows in full.
    const table = pkg.value.textUI!.render(pkg.value.game.view(created.value.state, 0), 0, names).join('\n');
    return { last: screens.at(-1)!, outcome: result.outcome!, table };
  }

  it('Autumn Leaves: every hand’s score per player, adding up to the final score, in an 80-column terminal', async () => {
    const { last, outcome } = await wholeGame('autumn-leaves', { cols: 80, rows: 40 });
    const after = last.slice(last.indexOf('Statistics:'));
    expect(after).toMatch(/Score per hand/);
    for (const line of last.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    ['You', 'Hazel', 'Rowan', 'Sorrel'].forEach((name, seat) => {
      const row = after.split('\n').find((l) => l.startsWith(name))!;
      const hands = /((?:-?\d+ · )*-?\d+)$/.exec(row)![1]!.split(' · ').map(Number);
      expect(hands.reduce((a, b) => a + b, 0)).toBe(outcome.scores[seat]);
    });
  });

  it('Acorns: trees claimed and their acorns per player in a 50-column terminal, the acorns as the claimed score', async () => {
    const { last, table } = await wholeGame('acorns', { cols: 50, rows: 30 });
    for (const line of last.split('\n')) expect(line.length).toBeLessThanOrEqual(50);
    const after = last.slice(last.indexOf('Statistics:'));
    // Headings wrap into short columns so a row per player fits 50 columns.
    expect(after).toMatch(/\n {10}Trees {3}claimed/);
    const claimed = /Claimed acorns: (.*)/.exec(table)![1]!;
    for (const name of ['You', 'Hazel', 'Rowan', 'Sorrel']) {
      const acorns = new RegExp(`${name} (\\d+)`).exec(claimed)![1];
      const row = after.split('\n').find((l) => l.startsWith(`${name} `))!;
      expect(row).toMatch(new RegExp(`^${name}\\s+\\d+\\s+\\d+ \\(${acorns}\\)`));
    }
  });
});
