/**
 * `drey lab playtests <game>`: the finished playtest tables of a server's database beside the
 * bots (src/lab/playtests.ts), as text, JSON, CSV files and an HTML page; and the database the
 * lab reads human move times from (`--db`, src/lab/move-times.ts).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Registry } from '../games/index.js';
import { MIN_MOVES, readMoveTimes, paceOf, type MoveTimes } from '../lab/move-times.js';
import { readPlaytests, selectPlaytests, playtestReport, type PlaytestGroup, type PlaytestReport } from '../lab/playtests.js';
import { defaultWorkers } from '../lab/run.js';
import { labelWithSameAs } from '../lab/figures.js';
import { rulingLines } from '../lab/rulings.js';
import { tensionLines } from '../lab/curves-text.js';
import { FEW, FEW_LEGEND, type Difference, type MeanSummary } from '../lab/stats.js';
import type { Pace, Variant } from '../lab/compare.js';
import { describeLocation, openStore, parseLocation, type StoreLocation } from '../server/storage/open.js';
import type { Store } from '../server/storage/types.js';
import { CliError, EXIT, usage } from './errors.js';
import { columns, percent } from './format.js';
import { loadVariantRegistry } from './lab-variants.js';
import { progressBar } from './progress.js';

/**
 * Where the server keeps its data, as `drey serve` finds it: `--db` (an SQLite file, or a
 * postgres:// URL), else DATABASE_URL (PostgreSQL), else DREY_DB, else ./data/drey.sqlite.
 */
export function labDatabase(db: string | undefined): StoreLocation {
  if (db !== undefined) return parseLocation(db);
  if (process.env.DATABASE_URL) return parseLocation(process.env.DATABASE_URL);
  return { kind: 'sqlite', file: process.env.DREY_DB ?? './data/drey.sqlite' };
}

/** Opens the database for reading; an SQLite file that is not there is a usage error (not a new empty database). */
export async function openLabStore(where: StoreLocation): Promise<Store> {
  if (where.kind === 'sqlite' && !existsSync(where.file)) usage(`no database at ${where.file} (give the server's with --db FILE, or set DATABASE_URL)`);
  try {
    return await openStore(where);
  } catch (e) {
    throw new CliError(`cannot open the database ${describeLocation(where)}: ${(e as Error).message}`, EXIT.usage);
  }
}

/** Human move times of `game` from the database `db` names (for `--db` on compare, sweep, tune). */
export async function moveTimesFrom(db: string, game: string): Promise<MoveTimes | undefined> {
  const store = await openLabStore(labDatabase(db));
  try {
    return await readMoveTimes(store, game);
  } finally {
    await store.close();
  }
}

/** The `pace` of a run from `--db`, saying on stderr what it measured (or that the guess stays). */
export async function paceFromDb(db: string | undefined, game: string): Promise<Pace | undefined> {
  if (db === undefined) return undefined;
  const times = await moveTimesFrom(db, game);
  const pace = paceOf(times);
  process.stderr.write(pace ? `minutes of play: ${pace.secondsPerAction.toFixed(1)} s per action, ${pace.why}\n` : `minutes of play: the database has ${times?.moves ?? 0} human moves of ${game} (fewer than 20): the game's guess stays\n`);
  return pace;
}

export interface PlaytestFlags {
  db?: string;
  variant?: string;
  content?: string;
  bots: string[];
  games: number;
  seed: string;
  workers?: number;
  json?: string;
  csv?: string;
  html?: string;
}

/** Reads, selects and reports; the refusals are usage errors (exit 2). */
export async function runPlaytests(game: string, registry: Registry, flags: PlaytestFlags): Promise<PlaytestReport> {
  const found = registry.find(game);
  if (!found.ok) usage(found.error.message);
  const loaded = flags.content === undefined ? undefined : await loadVariantRegistry(registry, game, flags.content);
  const pkg = loaded?.registry?.get(game) ?? found.value;
  const where = labDatabase(flags.db);
  const store = await openLabStore(where);
  let tables;
  let times: MoveTimes | undefined;
  try {
    tables = await readPlaytests(store, game);
    times = await readMoveTimes(store, game);
  } finally {
    await store.close();
  }
  const selected = selectPlaytests(tables, {
    pkg,
    ...(flags.variant !== undefined ? { variant: flags.variant } : {}),
    contentGiven: flags.content !== undefined,
    from: flags.content === undefined ? 'the built-in content' : `the content in ${flags.content}`,
  });
  if (!selected.ok) usage(`${describeLocation(where)}: ${selected.error.message}`);
  const variant: Variant = {
    name: 'playtests',
    source: flags.content ?? 'builtin',
    ...(loaded?.registry ? { registry: loaded.registry } : {}),
    hash: pkg.content.hash,
    ...(flags.content !== undefined ? { content: flags.content } : {}),
  };
  const pace = paceOf(times);
  const progress = progressBar(process.stderr, 'bots');
  const report = await playtestReport(
    selected.value,
    { game, bots: flags.bots, games: flags.games, seed: flags.seed, variant, ...(pace ? { pace } : {}), ...(times ? { moveTimes: times } : {}) },
    { workers: flags.workers ?? defaultWorkers(), registry, onProgress: (d, t) => progress.update(d, t) },
  );
  progress.done();
  if (!report.ok) throw new CliError(report.error.message, report.error.code.startsWith('bad-') || report.error.code === 'unknown-game' ? EXIT.usage : EXIT.failed);
  return report.value;
}

/** Cards named in the text (all of them are in the CSV and HTML). */
const CARDS_SHOWN = 8;

const signed = (x: number, f: (x: number) => string): string => (x > 0 ? `+${f(x)}` : f(x));
const fixed = (x: number, d: number): string => (Number.isFinite(x) ? x.toFixed(d) : '–');

function groupLines(report: PlaytestReport, g: PlaytestGroup): string[] {
  // A figure no game of one side has (a bot's own win share when every bot seat is the same bot,
  // the people's where there are none) says so, instead of "– [–, –] (n=0, too few)".
  const cell = (m: MeanSummary, fmt: (x: number) => string, none = 'no games'): string =>
    m.n === 0 ? none : `${fmt(m.mean)} [${fmt(m.interval[0])}, ${fmt(m.interval[1])}]${m.n < FEW ? ` (n=${m.n}, too few)` : ''}`;
  const diff = (d: Difference, fmt: (x: number) => string): string =>
    d.n === 0 ? '–' : `${signed(d.mean, fmt)} [${fmt(d.interval[0])}, ${fmt(d.interval[1])}]${d.interval[0] > 0 || d.interval[1] < 0 ? ' *' : ''}${d.n < FEW ? ` (n=${d.n}, too few)` : ''}`;
  const rows = g.figures
    .filter((f) => !f.key.startsWith('card-'))
    .map((f) => {
      const digits = f.values.every((v) => Math.abs(v.mean) < 1) ? 3 : 2;
      // A figure only one side has (a bot seat at a playtest table) shows "–" on the other.
      const fmt = f.unit === 'share' ? (x: number) => (Number.isFinite(x) ? percent(x) : '–') : (x: number) => fixed(x, digits);
      return [labelWithSameAs(f), cell(f.values[0]!, fmt, 'not in the bot games'), cell(f.values[1]!, fmt, 'not in the playtests'), diff(f.diffs[0]!, fmt)];
    });
  const lines = [
    `${g.name}: ${g.tables} playtest${g.tables === 1 ? '' : 's'} beside ${g.botGames} games of bots ${report.bots.join(',')} (seed ${report.seed}); people and bots played different deals: independent 95% intervals`,
    ...columns([['figure', 'bots', 'playtests', 'playtests − bots (95%)'], ...rows]).map((l) => `  ${l}`),
    `  minutes played (clock, first to last action): ${cell(g.clockMinutes, (x) => fixed(x, 1))}`,
  ];
  // The cards people bought most unlike the bots (every card's figures: --csv figures.csv, --html).
  const bots = new Map(g.bots.cards.map((c) => [c.id, c.boughtIn.rate]));
  const cards = g.people.cards
    .filter((c) => c.boughtIn.x > 0 || (bots.get(c.id) ?? 0) > 0)
    .map((c) => ({ c, gap: c.boughtIn.rate - (bots.get(c.id) ?? 0) }))
    .sort((a, b) => Math.abs(b.gap) - Math.abs(a.gap) || (a.c.name < b.c.name ? -1 : 1))
    .slice(0, CARDS_SHOWN);
  if (cards.length > 0) {
    lines.push(`  cards bought most unlike the bots (share of seat-games, playtests vs bots): ${cards.map(({ c }) => `${c.name} ${percent(c.boughtIn.rate, 0)} vs ${percent(bots.get(c.id) ?? 0, 0)}`).join(', ')}`);
  }
  for (const v of [g.bots, g.people]) {
    const gaps = rulingLines(v.rulings ?? [], percent);
    if (gaps.length > 0) lines.push(`  ${v.name}: ${gaps[0]!}`, ...gaps.slice(1).map((l) => `  ${l}`));
    const counts = Object.entries(v.flagCounts).map(([k, n]) => `${n} ${k}`).join(', ');
    lines.push(`  flags, ${v.name}: ${counts || 'none'}`);
  }
  if (g.people.tension) lines.push(`  tension, ${g.people.name}:`, ...tensionLines(g.people.tension).map((l) => `    ${l}`));
  return lines;
}

/** The report as text. */
export function playtestLines(report: PlaytestReport): string[] {
  const people = report.tables.reduce((s, t) => s + t.humans.filter((h) => h).length, 0);
  const what = report.content.variant === undefined ? `content ${report.content.hash.slice(0, 12)}` : `variant '${report.content.variant}' (content ${report.content.hash.slice(0, 12)})`;
  const lines = [
    `${report.title} playtests, ${what}: ${report.tables.length} finished table${report.tables.length === 1 ? '' : 's'}, ${people} player seats`,
    '',
    ...columns([
      ['table', 'finished', 'seats', 'players (winner *)', 'rounds', 'actions', 'minutes', 'replay'],
      ...report.tables.map((t) => [
        t.id,
        t.finished,
        String(t.seats),
        t.names.map((n) => (t.winners.includes(n) ? `${n}*` : n)).join(', '),
        String(t.rounds),
        `${t.actions}${t.undos > 0 ? ` (+${t.undos} undone)` : ''}`,
        fixed(t.minutes, 1),
        t.replay,
      ]),
    ]),
  ];
  for (const g of report.groups) lines.push('', ...groupLines(report, g));
  lines.push('', '* the 95% interval of the difference excludes 0 (a difference, not a verdict)', FEW_LEGEND);
  const f = report.feedback;
  lines.push('', `feedback: ${f.answered} of ${f.players} players answered${f.unreadable > 0 ? ` (${f.unreadable} unreadable notes left out)` : ''}`);
  if (f.fun.mean.n > 0) {
    lines.push(`  fun (1–5): ${fixed(f.fun.mean.mean, 2)} [${fixed(f.fun.mean.interval[0], 2)}, ${fixed(f.fun.mean.interval[1], 2)}]${f.fun.mean.n < FEW ? ` (n=${f.fun.mean.n}, too few)` : ''}; ${Object.entries(f.fun.counts).map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  }
  lines.push(`  length felt: too short ${f.length['too-short']}, right ${f.length.right}, too long ${f.length['too-long']}`);
  const unclear = f.entries.filter((e) => e.unclear);
  lines.push(`  unclear rules:${unclear.length === 0 ? ' none named' : ''}`);
  for (const e of unclear) lines.push(`    - ${e.name} (table ${e.table}, seat ${e.seat + 1}): ${e.unclear}`);
  const comments = f.entries.filter((e) => e.comment);
  lines.push(`  comments:${comments.length === 0 ? ' none' : ''}`);
  for (const e of comments) lines.push(`    - ${e.name} (table ${e.table}, seat ${e.seat + 1}): ${e.comment!.replace(/\s*\n\s*/g, ' / ')}`);
  const m = report.moveTimes;
  if (m) {
    const used = m.moves >= MIN_MOVES ? '' : ` — fewer than ${MIN_MOVES} moves: the minutes of play above use the game's guess`;
    lines.push('', `human move times (every finished ${report.title} table with people): ${m.secondsPerAction.toFixed(1)} s per action, ${m.why}${used}`);
    lines.push(`  ${m.kinds.map((k) => `${k.kind} ${k.median.toFixed(1)} s (${k.moves})`).join(', ')}`);
  }
  return lines;
}

/** A CSV field: quoted when it holds a comma, quote or line break. */
const csvField = (v: unknown): string => {
  const text = v === undefined || v === null ? '' : typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : String(v);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csv = (rows: readonly (readonly unknown[])[]): string => rows.map((r) => r.map(csvField).join(',')).join('\n') + '\n';

/** The CSV files of a report: tables, seats, feedback, figures. */
export function playtestCsv(report: PlaytestReport): Record<string, string> {
  return {
    'tables.csv': csv([
      ['table', 'group', 'index', 'seats', 'finished', 'rounds', 'actions', 'undos', 'minutes', 'winners', 'replay'],
      ...report.tables.map((t) => [t.id, t.group, t.index, t.seats, t.finished, t.rounds, t.actions, t.undos, Number(t.minutes.toFixed(2)), t.winners.join('; '), t.replay]),
    ]),
    'seats.csv': csv([
      ['table', 'seat', 'name', 'person', 'score', 'rank', 'won'],
      ...report.tables.flatMap((t) => t.names.map((n, s) => [t.id, s + 1, n, t.humans[s] ? 'yes' : 'no', t.scores[s], t.ranks[s], t.winners.includes(n) ? 'yes' : 'no'])),
    ]),
    'feedback.csv': csv([
      ['table', 'seat', 'name', 'fun', 'length', 'unclear', 'comment'],
      ...report.feedback.entries.map((e) => [e.table, e.seat + 1, e.name, e.fun, e.length, e.unclear, e.comment]),
    ]),
    'figures.csv': csv([
      ['group', 'figure', 'unit', 'bots', 'bots_low', 'bots_high', 'bots_n', 'playtests', 'playtests_low', 'playtests_high', 'playtests_n', 'difference', 'difference_low', 'difference_high', 'too_few'],
      ...report.groups.flatMap((g) =>
        g.figures.map((f) => {
          const [b, p] = f.values as [MeanSummary, MeanSummary];
          const d = f.diffs[0]!;
          return [g.name, labelWithSameAs(f), f.unit, b.mean, b.interval[0], b.interval[1], b.n, p.mean, p.interval[0], p.interval[1], p.n, d.mean, d.interval[0], d.interval[1], f.few ? 'yes' : 'no'];
        }),
      ),
    ]),
  };
}

export function writePlaytestCsv(dir: string, report: PlaytestReport): void {
  try {
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(playtestCsv(report))) writeFileSync(join(dir, name), text);
  } catch (e) {
    throw new CliError(`cannot write ${dir}: ${(e as Error).message}`, EXIT.failed);
  }
  process.stdout.write(`wrote ${dir}/tables.csv, seats.csv, feedback.csv, figures.csv\n`);
}
