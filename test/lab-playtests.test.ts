/**
 * `drey lab playtests` (issue 27) and the measured minutes of play (issue 26): real Acorn Run
 * games played by the engine with the lab's bots, stored in a temporary SQLite store as the server
 * stores a finished playtest (settings.playtest, every action with its time, the players'
 * feedback notes), then read back by the real command: its figures, JSON, CSV files and page, its
 * refusals, and the human move times.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../src/engine/result.js';
import { matchFromRecord, undoableStep } from '../src/engine/match.js';
import { BUILTINS } from '../src/games/index.js';
import { packageWithContent } from '../src/content/files.js';
import { playGame } from '../src/lab/play.js';
import { resolveRun } from '../src/lab/resolve.js';
import { measureMoveTimes, readMoveTimes } from '../src/lab/move-times.js';
import type { PlaytestReport } from '../src/lab/playtests.js';
import { PLAYTEST_FEEDBACK_KIND, type PlaytestFeedback } from '../src/server/playtest.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import type { Store, StoredSeat, StoredTable } from '../src/server/storage/types.js';
import type { CompareReport } from '../src/lab/compare.js';
import { parseLabReport, variantPackages } from '../src/cli/lab-file.js';
import { serveLabReport } from '../src/cli/lab-serve.js';
import { runCli as drey } from './cli-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'drey-playtests-'));
const db = join(dir, 'drey.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const acornRun = BUILTINS.get('acorn-run')!;
/** A variant's content: a longer race, as `drey serve --content acorn-run=DIR` would serve it. */
const variantDir = join(dir, 'long-race');
mkdirSync(variantDir);
const race = acornRun.content.data.race as Record<string, unknown>;
writeFileSync(join(variantDir, 'race.json'), JSON.stringify({ ...race, roundLimit: 25 }));
const longRace = packageWithContent(acornRun, { race: { ...race, roundLimit: 25 } }, 'long-race');

/** Seconds a person takes, by action kind (a bot takes 1 s): what the measured times must find. */
const SECONDS: Record<string, number> = { end: 2 };
const personSeconds = (kind: string): number => SECONDS[kind] ?? 7;

interface Stored {
  id: string;
  winners: number[];
  rounds: number;
  /** Actions of the game (an undo and the step it took back not counted). */
  actions: number;
  /** Each person's action kinds, in order, after the table's first action. */
  personKinds: string[];
}

/**
 * Plays a real game (heuristic bots in every seat stand in for the people's choices) and stores
 * it as the server stores a finished table: seats with display names, each action with its time.
 * One person's move waits an hour (a player away): the medians must not move.
 */
async function storeGame(
  store: Store,
  opts: { id: string; seed: string; seats: StoredSeat[]; pkg?: typeof acornRun; settings: Record<string, unknown>; feedback?: { seat: number; data: PlaytestFeedback }[]; pauseAt?: number; undo?: boolean },
): Promise<Stored> {
  const pkg = opts.pkg ?? acornRun;
  const n = opts.seats.length;
  const content = pkg === acornRun ? {} : { content: pkg.content.data as Record<string, unknown> };
  const run = resolveRun({ game: 'acorn-run', seats: n, games: 1, seed: opts.seed, ...content }, () => ok(['heuristic']));
  if (!run.ok) throw new Error(run.error.message);
  const played = playGame(run.value, { index: 0, group: 0, seed: opts.seed, lineup: new Array<string>(n).fill('heuristic') });
  if (!played.ok) throw new Error(played.error.message);
  const { record, outcome } = played.value;
  // A person takes a step back and plays it again (an undo step in the log, issue 16): the game is the same.
  let entries: { seat: number; action: { type: string } }[] = record.actions.map((a) => ({ seat: a.seat as number, action: a.action as { type: string } }));
  if (opts.undo) {
    const k = record.actions.findIndex((a, i) => {
      if (i < 3 || opts.seats[a.seat as number]!.kind !== 'human') return false;
      const m = matchFromRecord(pkg.game, { ...record, actions: record.actions.slice(0, i + 1) });
      return m.ok && undoableStep(m.value, a.seat, pkg.undo) === i + 1;
    });
    if (k < 0) throw new Error('no step to take back');
    entries = [...entries.slice(0, k + 1), { seat: entries[k]!.seat, action: { type: 'undo', step: k + 1 } as { type: string } }, ...entries.slice(k)];
  }
  const start = Date.UTC(2026, 10, 20, 18, 0, 0);
  let t = start;
  await store.createTable({
    id: opts.id,
    game: 'acorn-run',
    seed: record.seed,
    options: record.options,
    seats: opts.seats,
    status: 'running',
    seq: 0,
    outcome: null,
    createdAt: new Date(start).toISOString(),
    updatedAt: new Date(start).toISOString(),
    settings: opts.settings,
  });
  const personKinds: string[] = [];
  for (const [i, { seat, action }] of entries.entries()) {
    const person = opts.seats[seat]!.kind === 'human';
    const kind = action.type;
    if (i > 0) {
      t += 1000 * (person ? personSeconds(kind) : 1);
      if (person && kind !== 'undo') personKinds.push(kind);
      if (person && i === opts.pauseAt) t += 3_600_000;
    }
    const last = i === entries.length - 1;
    await store.appendAction({ tableId: opts.id, seq: i + 1, seat, action, status: last ? 'finished' : 'running', outcome: last ? outcome : null, at: new Date(t).toISOString() });
  }
  for (const f of opts.feedback ?? []) await store.appendNote({ tableId: opts.id, kind: PLAYTEST_FEEDBACK_KIND, seat: f.seat, data: f.data, at: new Date(t + 60_000).toISOString() });
  return { id: opts.id, winners: outcome.winners, rounds: outcome.rounds, actions: record.actions.length, personKinds };
}

const person = (name: string): StoredSeat => ({ kind: 'human', name, tokenHash: `secret-hash-of-${name}` });
const builtinContent = { hash: acornRun.content.hash };

let games: Stored[] = [];

beforeAll(async () => {
  const store = openSqliteStore(db);
  games = [
    await storeGame(store, {
      id: 'pt-one',
      seed: 'playtest-1',
      seats: [person('Ada'), person('Bo'), { kind: 'bot', bot: 'heuristic' }],
      settings: { playtest: true, content: builtinContent },
      pauseAt: 5,
      feedback: [
        { seat: 0, data: { fun: 4, length: 'right', unclear: 'Can a racer jump a gap with a dummy on it?', comment: 'Fun race' } },
        { seat: 1, data: { fun: 3, comment: 'Too "long",\nreally' } },
        // Ada sends it again: her last answer counts.
        { seat: 0, data: { fun: 5, length: 'too-long', unclear: 'Can a racer jump a gap with a dummy on it?' } },
      ],
    }),
    await storeGame(store, {
      id: 'pt-two',
      seed: 'playtest-2',
      seats: [person('Cy'), person('Di'), person('Ed')],
      settings: { playtest: true, content: builtinContent },
      undo: true,
      feedback: [{ seat: 0, data: { fun: 2, length: 'too-short' } }],
    }),
    // A table of people that is not a playtest: its moves count for the move times only.
    await storeGame(store, { id: 'plain', seed: 'plain-1', seats: [person('Fay'), person('Gus')], settings: { content: builtinContent } }),
    // A playtest of the long-race variant.
    await storeGame(store, {
      id: 'pt-long',
      seed: 'playtest-3',
      pkg: longRace,
      seats: [person('Hal'), person('Ivy')],
      settings: { playtest: true, content: { hash: longRace.content.hash, variant: 'long-race' } },
      feedback: [{ seat: 1, data: { fun: 4, length: 'right' } }],
    }),
  ];
  await store.close();
});


describe('drey lab playtests', { timeout: 120_000 }, () => {
  let report: PlaytestReport;
  const json = join(dir, 'playtests.json');
  const csvDir = join(dir, 'csv');
  const html = join(dir, 'playtests.html');

  it('reports the built-in content playtests beside the bots, with feedback, as text, JSON, CSV and HTML', async () => {
    const run = await drey(['lab', 'playtests', 'acorn-run', '--db', db, '--games', '30', '--workers', '1', '--seed', 't', '--json', json, '--csv', csvDir, '--html', html]);
    expect(run.err).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    report = JSON.parse(readFileSync(json, 'utf8')) as PlaytestReport;
    // The two built-in playtests, not the plain table nor the variant's.
    expect(report.tables.map((t) => t.id)).toEqual(['pt-one', 'pt-two']);
    expect(report.groups).toHaveLength(1);
    const g = report.groups[0]!;
    expect(g.seats).toBe(3);
    expect(g.tables).toBe(2);
    expect(g.botGames).toBeGreaterThanOrEqual(30);
    // Each table's winner and length are the stored game's.
    for (const [i, t] of report.tables.entries()) {
      expect(t.rounds).toBe(games[i]!.rounds);
      expect(t.winners).toEqual(games[i]!.winners.map((w) => t.names[w]));
    }
    expect(report.tables[0]!.names).toEqual(['Ada', 'Bo', 'bot heuristic']);
    // Cy's step taken back and played again: the game as played, the undo in its replay.
    expect(report.tables.map((t) => [t.actions, t.undos])).toEqual([
      [games[0]!.actions, 0],
      [games[1]!.actions, 1],
    ]);
    expect(report.replays.find((r) => r.table === 'pt-two')!.record.actions.filter((a) => a.action.type === 'undo')).toHaveLength(1);
    // Figures: seat 1's win share among people is the share of the two games seat 1 won, beside the bots', with too few people's games.
    const seat1 = g.figures.find((f) => f.key === 'win-seat|0')!;
    const won = games.slice(0, 2).filter((s) => s.winners.includes(0)).length / 2;
    expect(seat1.values[1]!.mean).toBeCloseTo(won, 10);
    expect(seat1.values[1]!.n).toBe(2);
    expect(seat1.values[0]!.n).toBe(g.botGames);
    expect(seat1.few).toBe(true);
    expect(seat1.diffs[0]!.mean).toBeCloseTo(won - seat1.values[0]!.mean, 10);
    expect(seat1.diffs[0]!.interval[0]).toBeGreaterThanOrEqual(-1);
    expect(seat1.diffs[0]!.interval[1]).toBeLessThanOrEqual(1);
    // The people at the table with a bot seat, together: their seats' mean win share.
    const people = g.figures.find((f) => f.key === 'win-bot|people')!;
    expect(people.label).toBe('win share, the people (their seats together)');
    expect(people.values[1]!.n).toBe(1);
    expect(people.values[1]!.mean).toBe(games[0]!.winners.filter((w) => w < 2).length / 2);
    const rounds = g.figures.find((f) => f.key === 'rounds')!;
    expect(rounds.values[1]!.mean).toBeCloseTo((games[0]!.rounds + games[1]!.rounds) / 2, 10);
    // In Acorn Run the seat fixes the start lane: the lane rows are the seat rows, said once.
    expect(seat1.sameAs?.some((s) => s.key.startsWith('win-group|'))).toBe(true);
    // Card figures and rule-gap counts come from the people's games too.
    expect(g.people.cards.length).toBeGreaterThan(0);
    expect(g.people.rulings?.every((r) => r.n === 2)).toBe(true);
    // Feedback: Ada's last answer, Bo's, Cy's; Di and Ed did not answer.
    const f = report.feedback;
    expect(f.players).toBe(5);
    expect(f.answered).toBe(3);
    expect(f.fun.counts).toEqual({ '1': 0, '2': 1, '3': 1, '4': 0, '5': 1 });
    expect(f.fun.mean.mean).toBeCloseTo(10 / 3, 12);
    expect(f.fun.mean.interval[0]).toBeGreaterThanOrEqual(1);
    expect(f.fun.mean.interval[1]).toBeLessThanOrEqual(5);
    expect(f.length).toEqual({ 'too-short': 1, right: 0, 'too-long': 1 });
    expect(f.entries.filter((e) => e.unclear).map((e) => `${e.name}: ${e.unclear}`)).toEqual(['Ada: Can a racer jump a gap with a dummy on it?']);
    // Every game has its replay, with the people by name and no token hash anywhere.
    for (const t of report.tables) expect(report.replays.some((r) => r.id === t.replay && r.table === t.id)).toBe(true);
    const text = readFileSync(json, 'utf8');
    expect(text).not.toContain('secret-hash');
    // The text says it.
    expect(run.out).toContain('2 finished tables, 5 player seats');
    expect(run.out).toMatch(/win share, seat 1 .*n=2, too few/);
    expect(run.out).toContain('Ada (table pt-one, seat 1): Can a racer jump a gap with a dummy on it?');
    expect(run.out).toContain('length felt: too short 1, right 0, too long 1');
    // A figure the bot games do not have (every bot seat was heuristic, so no bot's own share) says
    // so plainly, not "– [–, –] (n=0, too few)"; the legend says its rule once.
    expect(run.out).toMatch(/win share, bot heuristic\s+not in the bot games\s+0\.0% \[[^\]]+\] \(n=1, too few\)\s+–\n/);
    expect(run.out).toMatch(/win share, the people \(their seats together\)\s+not in the bot games\s+50\.0%/);
    expect(run.out).not.toContain('n=0');
    expect(run.out).toContain('\ntoo few: fewer than 30 samples, so the interval means little\n');
    const page = readFileSync(html, 'utf8');
    expect(page.match(/.{0,160}(n=0\b|NaN).{0,60}/)?.[0]).toBeUndefined();
    expect(page).toContain('<span class="few">not in these games</span>');
    expect(page).toContain('<span class="few">too few</span>: fewer than 30 samples, so the interval means little.');
  });

  it('writes the CSV files a spreadsheet reads', () => {
    const tables = readFileSync(join(csvDir, 'tables.csv'), 'utf8').trim().split('\n');
    expect(tables[0]).toBe('table,group,index,seats,finished,rounds,actions,undos,minutes,winners,replay');
    expect(tables.slice(1).map((l) => l.split(',')[0])).toEqual(['pt-one', 'pt-two']);
    const seats = readFileSync(join(csvDir, 'seats.csv'), 'utf8').trim().split('\n');
    expect(seats).toHaveLength(1 + 6);
    expect(seats[1]).toMatch(/^pt-one,1,Ada,yes,/);
    expect(seats[3]).toMatch(/^pt-one,3,bot heuristic,no,/);
    const feedback = readFileSync(join(csvDir, 'feedback.csv'), 'utf8');
    // A comment with a comma, quotes and a line break stays one field.
    expect(feedback).toContain('pt-one,2,Bo,3,,,"Too ""long"",\nreally"');
    expect(feedback).toContain('pt-one,1,Ada,5,too-long,Can a racer jump a gap with a dummy on it?,');
    const figures = readFileSync(join(csvDir, 'figures.csv'), 'utf8').split('\n');
    expect(figures.find((l) => l.startsWith('3 seats,game length (rounds),'))).toBeDefined();
  });

  it('writes a page with the tables, the feedback, the figures and every replay', () => {
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<h2 id="playtests">Playtests</h2>');
    expect(page).toContain('Can a racer jump a gap with a dummy on it?');
    expect(page).toContain('independent 95%');
    for (const t of report.tables) expect(page).toContain(`id="replay-${t.replay}"`);
    expect(page).not.toContain('secret-hash');
  });

  it('reads a variant with its content, and refuses what it cannot read (exit 2)', async () => {
    const run = await drey(['lab', 'playtests', 'acorn-run', '--db', db, '--content', variantDir, '--variant', 'long-race', '--games', '10', '--workers', '1', '--json', join(dir, 'long.json')]);
    expect(run.code).toBe(0);
    const long = JSON.parse(readFileSync(join(dir, 'long.json'), 'utf8')) as PlaytestReport;
    expect(long.tables.map((t) => t.id)).toEqual(['pt-long']);
    expect(long.content).toEqual({ hash: longRace.content.hash, variant: 'long-race' });
    expect(long.groups[0]!.seats).toBe(2);

    // The variant's tables without its content: which content to give.
    const noContent = await drey(['lab', 'playtests', 'acorn-run', '--db', db, '--variant', 'long-race']);
    expect(noContent.code).toBe(2);
    expect(noContent.err).toContain("table pt-long is a playtest of variant 'long-race'");
    expect(noContent.err).toContain('give --content DIR');
    // Other content given for the variant: refused, naming both.
    const other = join(dir, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'race.json'), JSON.stringify({ ...race, roundLimit: 26 }));
    const wrong = await drey(['lab', 'playtests', 'acorn-run', '--db', db, '--variant', 'long-race', '--content', other]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain(`content ${longRace.content.hash.slice(0, 12)}, but the content in ${other}`);
    // No playtests of that variant: says what the database has.
    const none = await drey(['lab', 'playtests', 'acorn-run', '--db', db, '--variant', 'nope']);
    expect(none.code).toBe(2);
    expect(none.err).toContain(`no finished Acorn Run playtests of variant 'nope'; it has: the built-in content (${acornRun.content.hash.slice(0, 12)}): 2 tables; variant 'long-race' (content ${longRace.content.hash.slice(0, 12)}): 1 table`);
    // No playtests of the game at all, and no database.
    expect((await drey(['lab', 'playtests', 'acorns', '--db', db])).err).toContain('no finished Acorns playtests at all');
    const missing = await drey(['lab', 'playtests', 'acorn-run', '--db', join(dir, 'none.sqlite')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('no database at');
  });
});

describe('minutes of play from measured human move times', { timeout: 120_000 }, () => {
  it('measures the median seconds per action kind over every finished table with people, robust to a long pause', async () => {
    const store = openSqliteStore(db);
    try {
      const times = (await readMoveTimes(store, 'acorn-run'))!;
      const kinds = games.flatMap((g) => g.personKinds);
      expect(times.moves).toBe(kinds.length);
      expect(times.tables).toBe(4);
      // The hour-long pause is one of many moves of its kind: the median is still the person's time.
      for (const k of times.kinds) expect(k.median).toBe(personSeconds(k.kind));
      const expected = kinds.reduce((s, k) => s + personSeconds(k), 0) / kinds.length;
      expect(times.secondsPerAction).toBeCloseTo(expected, 10);
      expect(times.why).toBe(`measured from ${kinds.length} human moves at 4 tables (median seconds per action kind, weighted by how often people took each kind)`);
      // Bots' moves are not people's: a table of bots alone measures nothing.
      expect(measureMoveTimes('acorn-run', [])).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it("leaves out the moves a bot made for an absent player (between the seat's takeover and return notes)", () => {
    const at = (s: number): string => new Date(Date.UTC(2026, 10, 20, 18, 0, s)).toISOString();
    const stored = { id: 'absent1', game: 'acorn-run', seed: 's', options: {}, seats: [{ kind: 'human', name: 'Ada', tokenHash: null }, { kind: 'human', name: 'Bo', tokenHash: null }], status: 'finished', seq: 7, outcome: null, createdAt: at(0), updatedAt: at(0) } as StoredTable;
    // Ada takes 10 s a move; Bo 20 s while he is there; the bot in his seat (moves 4 and 6) 1 s.
    const moves: [seat: number, second: number][] = [[0, 0], [1, 20], [0, 30], [1, 31], [0, 41], [1, 42], [0, 52], [1, 72]];
    const actions = moves.map(([seat, second], i) => ({ seq: i + 1, seat, action: { type: 'end' }, at: at(second) }));
    const note = (n: number, kind: string, seq: number) => ({ tableId: 'absent1', n, kind, seat: 1, data: { seq, reason: 'timeout' }, at: at(0) });
    const notes = [note(1, 'takeover', 3), note(2, 'returned', 6)];
    const without = measureMoveTimes('acorn-run', [{ stored, actions }])!;
    const times = measureMoveTimes('acorn-run', [{ stored, actions, notes }])!;
    expect(without.moves).toBe(7);
    expect(times.moves).toBe(5);
    // Ada's four 10 s moves and Bo's 20 s ones (moves 2 and 8): the median is 10 s, not the bot's 1 s.
    expect(times.kinds).toEqual([{ kind: 'end', moves: 5, median: 10 }]);
  });

  it('lab compare --db estimates minutes of play from them, and says so; without --db it says the guess', async () => {
    const store = openSqliteStore(db);
    const times = (await readMoveTimes(store, 'acorn-run'))!;
    await store.close();
    const measured = join(dir, 'measured.json');
    const guessed = join(dir, 'guessed.json');
    const a = await drey(['lab', 'compare', 'acorn-run', 'base=builtin', 'b=builtin,roundLimit=20', '--seats', '3', '--games', '6', '--workers', '1', '--db', db, '--json', measured]);
    expect(a.code).toBe(0);
    expect(a.out).toContain(`minutes of play are an estimate: ${times.secondsPerAction.toFixed(1)} s per action, measured from ${times.moves} human moves at 4 tables`);
    const b = await drey(['lab', 'compare', 'acorn-run', 'base=builtin', 'b=builtin,roundLimit=20', '--seats', '3', '--games', '6', '--workers', '1', '--json', guessed]);
    expect(b.code).toBe(0);
    expect(b.out).toContain('minutes of play are an estimate: 6 s per action, guessed');
    const minutes = (file: string): number => (JSON.parse(readFileSync(file, 'utf8')) as CompareReport).variants[0]!.tension!.figures.find((f) => f.key === 'minutes')!.mean.mean;
    // The same games: the estimates differ only by the seconds per action.
    expect(minutes(measured) / minutes(guessed)).toBeCloseTo(times.secondsPerAction / 6, 10);
  });

  it('the lab viewer serves a run with its Playtests page, and each playtest replay with the people by name', async () => {
    const read = (file: string) => {
      const parsed = parseLabReport(readFileSync(file, 'utf8'), file);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.value;
    };
    const run = read(join(dir, 'measured.json'));
    const playtests = read(join(dir, 'playtests.json'));
    const server = await serveLabReport(run, await variantPackages(run, BUILTINS), { port: 0, host: '127.0.0.1', playtests: { report: playtests, packages: await variantPackages(playtests, BUILTINS) } });
    try {
      const main = await (await fetch(`${server.url}/`)).text();
      expect(main).toContain('<a href="/playtests">Playtests</a>');
      const page = await (await fetch(`${server.url}/playtests`)).text();
      expect(page).toContain('<code>pt-one</code>');
      expect(page).toContain('<code>pt-two</code>');
      const entry = (playtests as PlaytestReport).tables[0]!;
      const res = await fetch(`${server.url}/api/tables/lab-${entry.replay}/replay`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { table: { seats: { kind: string; name: string }[]; outcome: { winners: number[] } }; frames: { lines: string[] }[] };
      expect(body.table.seats.map((s) => `${s.kind} ${s.name}`)).toEqual(['human Ada', 'human Bo', 'bot Seat 3 (bot heuristic)']);
      expect(body.table.outcome.winners).toEqual(games[0]!.winners);
      expect(body.frames.length).toBe(entry.actions + entry.undos + 1);
      // Every step's lines are told in Node by the server's narration code (the web page narrates
      // nothing, issue 24), naming the people as the table did.
      expect(body.frames.slice(1).every((f) => f.lines.length > 0)).toBe(true);
      expect(body.frames.some((f) => f.lines.some((l) => l.startsWith('Ada ')))).toBe(true);
      expect(body.frames.flatMap((f) => f.lines).join('\n')).not.toMatch(/\bseat \d/);
    } finally {
      await server.close();
    }
  });
});

describe('sweep pages', { timeout: 120_000 }, () => {
  it('draw curves and tension for evenly spread values of the sweep', async () => {
    const page = join(dir, 'sweep.html');
    const run = await drey(['lab', 'sweep', 'acorn-run', '--field', 'race.roundLimit', '--values', '20..30:2', '--figure', 'rounds', '--seats', '2', '--games', '4', '--workers', '1', '--html', page]);
    expect(run.code).toBe(0);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('<h2 id="curves">Curves and tension</h2>');
    // Six values, five drawn: the first and the last among them.
    expect(html).toMatch(/Curves of 5 of the 6 values, evenly spread: [^<]*20[^<]*30/);
    expect(html).toContain('Per-round curves');
  });
});
