/**
 * The real `drey` binary (bin/drey.js → dist/, built by the global setup), run as a user would:
 * piped input, exit codes, files on disk.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const tmp = mkdtempSync(join(tmpdir(), 'drey-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `drey play` through a pipe draws for COLUMNS × LINES when given (else wide, so lines come whole):
 * these runs stand for the classic 80×24 terminal whose screens they check.
 */
const TERM_80x24 = { ...process.env, COLUMNS: '80', LINES: '24' };

function drey(args: string[], input = ''): Run {
  const r = spawnSync(process.execPath, ['bin/drey.js', ...args], { input, encoding: 'utf8', timeout: 30_000, env: TERM_80x24 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The same, without blocking, so independent runs overlap. */
function dreyAsync(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/drey.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The --json report without what depends on the clock or the thread count. */
function deterministic(stdout: string): Record<string, unknown> {
  const { seconds: _s, gamesPerSecond: _g, workers: _w, ...rest } = JSON.parse(stdout) as Record<string, unknown>;
  return rest;
}

describe('drey play', () => {
  it('plays a whole game of Autumn Leaves from piped input and saves a record that replays', () => {
    const file = join(tmp, 'played.json');
    // "#1" always picks the first menu item: bare numbers are card ranks while choosing.
    const run = drey(['play', 'autumn-leaves', '--seats', '4', '--seed', 'cli-play', '--record', file], '#1\n'.repeat(4000));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('seed cli-play · you are seat 1 · bots: heuristic');
    expect(run.stdout).toContain('1) choose');
    expect(run.stdout).toMatch(/(won|shared the win)\. After \d+ rounds \(lowest score wins\):/);
    expect(run.stdout).toMatch(/1st +\S+ +-?\d+/);
    expect(run.stdout).toContain(`Record saved to ${file}`);
    // Every screen fits 80 columns (the closing lines name the record's path, which may be long).
    const screens = run.stdout.slice(0, run.stdout.indexOf('Record saved'));
    for (const line of screens.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    // …and 24 rows: the prompt line and at most 23 above it.
    const all = screens.split(/^=+$/m).slice(1);
    for (const screen of all.slice(0, -1)) expect(screen.trim().split('\n').length).toBeLessThanOrEqual(24);
    // The last screen may scroll the table's top away (no prompt follows), but the result and the
    // statistics per player are on screen together, above the two lines about the record.
    const last = all.at(-1)!.trim().split('\n');
    const result = last.findIndex((l) => /After \d+ rounds/.test(l));
    expect(last.length - result).toBeLessThanOrEqual(24 - 1 - 2);
    expect(last.slice(result).join('\n')).toMatch(/Statistics:\n +Cards placed.*\nPlayer /);
    expect(last.slice(result).join('\n')).toMatch(/\d+ cold snaps?\./);

    const replayed = drey(['replay', '--json', file]);
    expect(replayed.code).toBe(0);
    const json = JSON.parse(replayed.stdout);
    expect(json.verified).toBe(true);
    expect(json.hash).toBe(JSON.parse(readFileSync(file, 'utf8')).hash);
  });

  it('explains input that is not a legal move and asks again', () => {
    const run = drey(['play', 'autumn-leaves', '--seed', 'cli-bad', '--seats', '3'], 'hello\n#99\n11\n?\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("! 'hello' is not a move here. Type the rank");
    expect(run.stdout).toContain('! there is no move 99 in the menu');
    expect(run.stdout).toMatch(/! you have no 11 in your hand/);
    // "?" lists every move under the prompt.
    expect(run.stdout).toMatch(/> \?\n1\) choose/);
    // The input ran out: the game is left cleanly.
    expect(run.stdout).toContain('You left the game after');
    expect(run.stderr).toBe('');
  });

  it('lets you sit in another seat and name the bots', () => {
    // --seat counts from 1 like every report: seat 3 is the engine's index 2.
    const run = drey(['play', 'autumn-leaves', '--seat', '3', '--bots', 'random', '--seed', 's'], 'quit\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('you are seat 3 · bots: random');
    expect(run.stdout).toMatch(/▶? You +7 /);
  });
});

describe('drey sim', () => {
  const args = ['sim', 'autumn-leaves', '--seats', '4', '--games', '120', '--bots', 'heuristic,random,random,random', '--seed', '7', '--json'];

  it('reports sane figures, identical for one worker thread and two', () => {
    const one = drey([...args, '--workers', '1']);
    const two = drey([...args, '--workers', '2']);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(one.stderr).toBe(''); // no progress bar when stderr is not a terminal
    expect(deterministic(two.stdout)).toEqual(deterministic(one.stdout));

    const report = JSON.parse(one.stdout);
    expect(report.workers).toBe(1);
    expect(JSON.parse(two.stdout).workers).toBe(2);
    expect(report.gamesPerSecond).toBeGreaterThan(0);
    expect(report.options).toEqual({ hands: 6 });
    const seats = report.summary.seats as { bot: string; wins: number; winRate: number; winInterval: [number, number] }[];
    expect(seats.map((s) => s.bot)).toEqual(['heuristic', 'random', 'random', 'random']);
    expect(seats.reduce((sum, s) => sum + s.wins, 0)).toBeCloseTo(120, 9);
    for (const s of seats) {
      expect(s.winInterval[0]).toBeLessThanOrEqual(s.winRate);
      expect(s.winInterval[1]).toBeGreaterThanOrEqual(s.winRate);
    }
    // The heuristic bot beats random ones clearly, even in 120 games.
    expect(seats[0]!.winInterval[0]).toBeGreaterThan(0.25);
    // Six hands of at least a few rounds each.
    expect(report.summary.rounds.mean).toBeGreaterThan(12);
    expect(report.summary.bots.map((b: { bot: string; trials: number }) => [b.bot, b.trials])).toEqual([['heuristic', 120], ['random', 360]]);
  });

  it('prints a readable summary', () => {
    const run = drey(['sim', 'autumn-leaves', '--games', '40', '--workers', '1', '--option', 'hands=2']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Autumn Leaves: 40 games at 4 seats, seed 1');
    expect(run.stdout).toContain('options: {"hands":2}');
    expect(run.stdout).toMatch(/seat +bot +win rate +95% interval +mean score +mean rank/);
    // Seats count from 1, as in `drey lab` and `drey play --seat`.
    expect(run.stdout).toMatch(/^ *1 +random /m);
    expect(run.stdout).toMatch(/^ *4 +random /m);
    expect(run.stdout).not.toMatch(/^ *0 +random /m);
    expect(run.stdout).toMatch(/40 games in [\d.]+ s on 1 thread: [\d,]+ games\/s/);
  });

  it('records every game, and each record replays to the hash the sim saw', () => {
    const dir = join(tmp, 'records');
    const run = drey(['sim', 'autumn-leaves', '--games', '6', '--seed', 'rec', '--workers', '2', '--record', dir, '--bots', 'heuristic']);
    expect(run.code).toBe(0);
    const files = readdirSync(dir).sort();
    expect(files).toEqual([0, 1, 2, 3, 4, 5].map((i) => `000${i}-seed-rec.${i}.json`));
    const file = join(dir, files[4]!);
    const recorded = JSON.parse(readFileSync(file, 'utf8'));
    expect(recorded.seed).toBe('rec.4');

    const json = drey(['replay', '--json', file]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ verified: true, finished: true, hash: recorded.hash, outcome: recorded.outcome });

    const text = drey(['replay', file]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Autumn Leaves, 4 seats, seed rec.4');
    // The game's narrator tells it as a spectator saw it, numbered by the action that made it happen.
    expect(text.stdout).toMatch(/Hand 1 is dealt\.\n +4 {2}Revealed: Seat 0 \d+, Seat 1 \d+, Seat 2 \d+ and Seat 3 \d+\./);
    expect(text.stdout).toMatch(/won|shared the win/);
    expect(text.stdout).toContain(`final state hash ${recorded.hash} (as recorded)`);
  });

  it('a tampered record says at which action it fails, with exit code 1', () => {
    const dir = join(tmp, 'records');
    const file = readdirSync(dir).sort()[0]!;
    const record = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    // Seat 0 tries to choose a card twice in the first round.
    record.actions[1] = { seat: 0, action: record.actions[0].action };
    const bad = join(tmp, 'tampered.json');
    writeFileSync(bad, JSON.stringify(record));
    const run = drey(['replay', bad]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^drey: .*tampered\.json does not verify: action 2 \(seat 0: .*\) was refused: /);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe.concurrent('bad input: one line on stderr, exit code 2, no stack trace', () => {
  const notJson = join(tmp, 'not-json.json');
  const notRecord = join(tmp, 'not-record.json');
  const unknownGame = join(tmp, 'unknown-game.json');
  writeFileSync(notJson, 'hello');
  writeFileSync(notRecord, '{"game": "autumn-leaves"}');
  writeFileSync(unknownGame, '{"game": "chess", "seats": 2, "seed": "x", "options": {}, "actions": []}');

  it.each([
    [['sim', 'chess'], /unknown game 'chess' \(known games: autumn-leaves/],
    [['play', 'chess'], /unknown game 'chess'/],
    [['sim', 'autumn-leaves', '--seats', '9'], /Autumn Leaves takes 3–6 seats, not 9/],
    [['play', 'autumn-leaves', '--seats', '2'], /takes 3–6 seats, not 2/],
    [['sim', 'autumn-leaves', '--bots', 'genius'], /no bot 'genius' for autumn-leaves/],
    [['sim', 'autumn-leaves', '--bots', 'random,random'], /2 bots named for 4 seats/],
    [['play', 'autumn-leaves', '--seat', '5'], /there is no seat 5 at a 4-seat table \(seats are 1–4\)/],
    [['sim', 'autumn-leaves', '--games', 'many'], /--games <n>' argument 'many' is invalid/],
    [['sim', 'autumn-leaves', '--option', 'hands=99'], /hands/],
    [['sim', 'autumn-leaves', '--partners'], /partners/],
    [['sim', 'autumn-leaves', '--frobnicate'], /unknown option '--frobnicate'/],
    [['fly'], /unknown command 'fly'/],
    [['sim', 'autumn-leaves', '--seat', '1'], /unknown option '--seat' \(did you mean --seats\?\)/],
    [['replay', join(tmp, 'missing.json')], /cannot read .*missing\.json: no such file/],
    [['replay', notJson], /not-json\.json is not JSON/],
    [['replay', notRecord], /not-record\.json is not a Drey match record/],
    [['replay', unknownGame], /unknown game 'chess'/],
    [['sim', 'autumn-leaves', '--games', '2', '--record', join(notJson, 'runs')], /cannot create the record directory/],
  ])('drey %j', async (args, message) => {
    const run = await dreyAsync(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^drey: /);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('says to build first when dist/ is missing', () => {
    const bare = join(tmp, 'bare');
    mkdirSync(join(bare, 'bin'), { recursive: true });
    cpSync('bin/drey.js', join(bare, 'bin', 'drey.js'));
    const r = spawnSync(process.execPath, [join(bare, 'bin', 'drey.js'), 'sim', 'autumn-leaves'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^drey: .*run `npm run build` first\n$/);
  });
});

describe('the package', () => {
  it('exports the public API as `drey` after a build', () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', "const m = await import('drey'); console.log(JSON.stringify(Object.keys(m)))"], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const keys = JSON.parse(r.stdout) as string[];
    expect(keys).toEqual(expect.arrayContaining(['createMatch', 'play', 'replay', 'listGames', 'findGame', 'findBot', 'playBotMatch', 'runSim', 'wilsonInterval']));
  });
});
