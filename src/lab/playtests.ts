/**
 * Playtests beside the bots (`drey lab playtests`, issue 27): the finished playtest tables of a
 * game (server/playtest.ts: `settings.playtest === true`) read from a server's store, each game
 * rebuilt from its stored actions under the content it was played with, and folded into the same
 * figures the bot runs report (compare.ts foldGame: win shares by seat and start, length, cards,
 * tension, rule gaps, flags) — beside a bot run on the same content, seat count and options.
 *
 * People and bots play different deals, so the difference of a figure is taken between
 * independent samples: Newcombe's hybrid score interval for shares (stats.ts
 * proportionDifference), Welch's for counts (unpairedDifference). A few playtests are far below
 * the lab's FEW: their figures say so.
 *
 * The players' feedback is the last `playtest-feedback` note of each seat. Nothing about a person
 * is kept but the seat's display name.
 */
import { canonicalJson } from '../engine/hash.js';
import { createMatch, isUndoAction, play, stepsInPlay, type MatchRecord } from '../engine/match.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import type { Registry } from '../games/index.js';
import { isPlaytest, LENGTH_FELT, PLAYTEST_FEEDBACK_KIND, PlaytestFeedbackSchema, type LengthFelt } from '../server/playtest.js';
import type { StoredAction, StoredTable, Store, TableNote } from '../server/storage/types.js';
import { tableContentOf } from '../server/table-content.js';
import { contentHash, type AnyGamePackage } from '../games/package.js';
import {
  confoundedFigures,
  DetailFold,
  figureLabel,
  uniqueCardNames,
} from './figures.js';
import {
  figureKeys,
  figureRefs,
  figureSummary,
  finishVariants,
  foldGame,
  playVariants,
  replayId,
  resolveVariants,
  variantSummary,
  type CompareSpec,
  type FigureRow,
  type Pace,
  type ReplayEntry,
  type Variant,
  type VariantRun,
  type VariantSummary,
} from './compare.js';
import { finishedTables, type MoveTimes } from './move-times.js';
import type { GameResult } from './play.js';
import { probeRecord } from './probe.js';
import type { RunOptions } from './run.js';
import { FEW, clampInterval, meanWithInterval, proportionDifference, unpairedDifference, type Difference, type MeanSummary } from './stats.js';
import { tensionLabel } from './tension.js';

/** The lineup name of a person's seat (a bot seat has its bot's name). */
export const PEOPLE = 'people';

/** A stored finished table with its actions and notes. */
export interface StoredPlaytest {
  stored: StoredTable;
  actions: StoredAction[];
  notes: TableNote[];
}

/** Every finished playtest table of `game` in the store, oldest first. */
export async function readPlaytests(store: Store, game: string): Promise<StoredPlaytest[]> {
  const tables = await finishedTables(store, game, isPlaytest);
  const out: StoredPlaytest[] = [];
  for (const t of tables) out.push({ ...t, notes: await store.getNotes(t.stored.id, { kinds: [PLAYTEST_FEEDBACK_KIND] }) });
  return out;
}

/** Which content the playtests are read under. */
export interface PlaytestSelection {
  /** The package to rebuild the games with (the built-in one, or built from `--content DIR`). */
  pkg: AnyGamePackage;
  /** The variant name tables were marked with (`--variant NAME`), when one is asked for. */
  variant?: string;
  /** The content was named (`--content DIR`): a table of the variant with other content is an error. */
  contentGiven: boolean;
  /** Where the content came from, for messages ('the built-in content', 'the content in DIR'). */
  from: string;
}

/** What the store holds: per content (hash and variant name), how many finished playtests. */
export function playtestInventory(tables: readonly StoredPlaytest[], pkg: AnyGamePackage): string {
  const counts = new Map<string, { hash: string; variant?: string; n: number }>();
  for (const t of tables) {
    const c = tableContentOf(t.stored, pkg);
    const key = `${c.hash}/${c.variant ?? ''}`;
    const had = counts.get(key);
    if (had) had.n++;
    else counts.set(key, { hash: c.hash, ...(c.variant !== undefined ? { variant: c.variant } : {}), n: 1 });
  }
  const builtin = pkg.content.variant === undefined ? pkg.content.hash : contentHash(pkg.content.builtin);
  const named = (c: { hash: string; variant?: string }): string =>
    c.variant !== undefined ? `variant '${c.variant}' (content ${c.hash.slice(0, 12)})` : c.hash === builtin ? `the built-in content (${c.hash.slice(0, 12)})` : `content ${c.hash.slice(0, 12)}`;
  return [...counts.values()]
    .sort((a, b) => Number(b.hash === builtin && b.variant === undefined) - Number(a.hash === builtin && a.variant === undefined) || (a.variant ?? '').localeCompare(b.variant ?? '') || a.hash.localeCompare(b.hash))
    .map((c) => `${named(c)}: ${c.n} table${c.n === 1 ? '' : 's'}`)
    .join('; ');
}

/**
 * The playtests of the selected variant: tables marked with `variant` (when named) whose content
 * is the package's. A table of the named variant with other content is an error when the content
 * was named too (the designer gave the wrong directory), and when it was not, the message says
 * which content to give.
 */
export function selectPlaytests(tables: readonly StoredPlaytest[], sel: PlaytestSelection): Result<StoredPlaytest[], GameError> {
  const game = sel.pkg.game;
  const hash = sel.pkg.content.hash;
  const out: StoredPlaytest[] = [];
  for (const t of tables) {
    const c = tableContentOf(t.stored, sel.pkg);
    if (sel.variant !== undefined) {
      if (c.variant !== sel.variant) continue;
      if (c.hash !== hash) {
        return err({
          code: 'wrong-content',
          message: sel.contentGiven
            ? `table ${t.stored.id} is a playtest of variant '${sel.variant}' with content ${c.hash.slice(0, 12)}, but ${sel.from} is ${hash.slice(0, 12)}: give --content the directory that variant was served from`
            : `table ${t.stored.id} is a playtest of variant '${sel.variant}' with content ${c.hash.slice(0, 12)}, not ${game.title}'s built-in content: give --content DIR, the directory that variant was served from`,
        });
      }
    } else if (c.hash !== hash) continue;
    out.push(t);
  }
  if (out.length === 0) {
    const what = sel.variant !== undefined ? `variant '${sel.variant}'` : `${sel.from} (${hash.slice(0, 12)})`;
    const there = playtestInventory(tables, sel.pkg);
    return err({ code: 'no-playtests', message: `the database has no finished ${game.title} playtests of ${what}${there ? `; it has: ${there}` : ` (it has no finished ${game.title} playtests at all)`}` });
  }
  return ok(out);
}

/** One finished playtest table, as the report lists it. */
export interface PlaytestTable {
  id: string;
  /** Its place among its group's games (replay ids and figure links use it). */
  index: number;
  /** The group (seat count and options) it belongs to. */
  group: string;
  seats: number;
  /** Per seat: the display name, or "bot NAME". */
  names: string[];
  humans: boolean[];
  scores: number[];
  ranks: number[];
  /** The winners' names. */
  winners: string[];
  rounds: number;
  /** Actions in play (undone steps and undo steps left out). */
  actions: number;
  /** Undo steps taken. */
  undos: number;
  /** Minutes from the first action to the last, by the server's clock. */
  minutes: number;
  /** The day it finished (yyyy-mm-dd). */
  finished: string;
  replay: string;
}

export interface FeedbackEntry {
  table: string;
  group: string;
  index: number;
  seat: number;
  name: string;
  fun?: number;
  length?: LengthFelt;
  unclear?: string;
  comment?: string;
}

export interface FeedbackSummary {
  /** Human seats at the tables, and how many of them left feedback. */
  players: number;
  answered: number;
  entries: FeedbackEntry[];
  /** Fun 1–5: mean with its interval (cut to [1, 5]) and how many gave each mark. */
  fun: { mean: MeanSummary; counts: Record<'1' | '2' | '3' | '4' | '5', number> };
  length: Record<LengthFelt, number>;
  /** Notes whose data did not parse as feedback (left out). */
  unreadable: number;
}

/** One seat count and set of options: the people's games beside a bot run of the same. */
export interface PlaytestGroup {
  name: string;
  seats: number;
  options: unknown;
  tables: number;
  /** Mean minutes from first to last action at the tables (clock time, not an estimate). */
  clockMinutes: MeanSummary;
  bots: VariantSummary;
  people: VariantSummary;
  botGames: number;
  /** Per figure: [bots, people] and the difference people − bots (independent samples). */
  figures: FigureRow[];
}

export interface PlaytestReport {
  kind: 'playtests';
  game: string;
  title: string;
  content: { hash: string; variant?: string };
  bots: string[];
  seed: string;
  groups: PlaytestGroup[];
  tables: PlaytestTable[];
  feedback: FeedbackSummary;
  /** Human move times measured from every finished human table of the game (move-times.ts). */
  moveTimes?: MoveTimes;
  /** Every group's bots and people, for the replays and the report pages. */
  variants: VariantSummary[];
  replays: ReplayEntry[];
}

export interface PlaytestSpec {
  game: string;
  bots: string[];
  /** Bot games per group. */
  games: number;
  seed: string;
  /** The variant played: its name, and the registry holding its package when not the built-in one. */
  variant: Variant;
  pace?: Pace;
  moveTimes?: MoveTimes;
}

const seatName = (stored: StoredTable, seat: number): string => {
  const s = stored.seats[seat];
  if (!s) return `Seat ${seat + 1}`;
  return s.kind === 'bot' ? `bot ${s.bot}` : (s.name ?? `Seat ${seat + 1}`);
};

/** The record of a stored table, every stored action in order (undo steps too: what the replay shows). */
export const recordOfStored = (stored: StoredTable, actions: readonly StoredAction[]): MatchRecord => ({
  game: stored.game,
  seats: stored.seats.length,
  seed: stored.seed,
  options: stored.options,
  ...(stored.arrangement !== undefined ? { arrangement: stored.arrangement } : {}),
  actions: [...actions].sort((a, b) => a.seq - b.seq).map(({ seat, action }) => ({ seat, action })),
});

/**
 * The lab's result of a people's game: the steps in play (undone ones left out, as the game went
 * on without them) replayed with the rule-gap watch, then watched by the lab probe.
 */
export function playtestResult(pkg: AnyGamePackage, record: MatchRecord, index: number): Result<GameResult, GameError> {
  const actions = stepsInPlay(record).map((n) => record.actions[n - 1]!);
  const effective: MatchRecord = { ...record, actions };
  const created = createMatch(pkg.game, { seats: record.seats, seed: record.seed, options: record.options, arrangement: record.arrangement });
  if (!created.ok) return created;
  const match = created.value;
  const gaps = pkg.rulings?.watch(match.state);
  for (const [i, { seat, action }] of actions.entries()) {
    const played = play(match, seat, action);
    if (!played.ok) return err({ code: 'replay-failed', message: `action ${i + 1} does not replay: ${played.error.message}` });
    gaps?.after(match.state);
  }
  const outcome = pkg.game.outcome(match.state);
  if (!outcome) return err({ code: 'replay-failed', message: 'the game is not over after its actions' });
  const facts = probeRecord(pkg, effective);
  if (!facts.ok) return facts;
  return ok({
    index,
    seed: record.seed,
    scores: outcome.scores,
    ranks: outcome.ranks,
    winners: outcome.winners,
    rounds: outcome.rounds,
    actions: actions.length,
    ...(outcome.teams ? { teams: outcome.teams } : {}),
    ...(outcome.stats ? { stats: outcome.stats } : {}),
    ...(outcome.racers ? { racers: outcome.racers.map(({ name, score, rank }) => ({ name, score, rank })) } : {}),
    ...(gaps ? { rulings: gaps.counts() } : {}),
    facts: facts.value,
  });
}

/** A group's display name: its seat count, and which options when several groups share one. */
function groupNames(keys: readonly { seats: number; options: string }[]): string[] {
  return keys.map((k) => {
    const same = keys.filter((o) => o.seats === k.seats);
    return same.length === 1 ? `${k.seats} seats` : `${k.seats} seats, options ${same.indexOf(k) + 1}`;
  });
}

/**
 * The difference people − bots of one figure between independent samples: a share's by
 * Newcombe's hybrid score interval (proportionDifference: its sums of per-game shares are the
 * successes, fractional for shared wins), a count's by Welch's.
 */
function independentDifference(bots: readonly number[], people: readonly number[], unit: 'share' | 'number'): Difference {
  if (unit === 'share') {
    const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);
    return proportionDifference(sum(people), people.length, sum(bots), bots.length);
  }
  return unpairedDifference(bots, people);
}

function figureRows(runs: readonly [VariantRun, VariantRun]): FigureRow[] {
  const keys = figureKeys(runs);
  const cardNames = uniqueCardNames(runs[0].run.pkg.lab?.cardNames ?? {});
  const signatures = new Map(keys.flatMap((k) => (runs.every((r) => r.members.has(k)) ? [[k, runs.map((r) => r.members.get(k)).join('/')] as const] : [])));
  const same = confoundedFigures(keys, signatures, cardNames);
  const dropped = new Set([...same.values()].flatMap((list) => list.map((s) => s.key)));
  return keys
    .filter((key) => !dropped.has(key))
    .map((key) => {
      // The people at a table with a bot seat are one "bot" of the lineup (foldGame): name them so.
      const label = key === `win-bot|${PEOPLE}` ? { key, label: 'win share, the people (their seats together)', unit: 'share' as const } : (tensionLabel(key) ?? figureLabel(key, cardNames));
      const per = runs.map((r) => r.games.flatMap((g) => g.get(key) ?? []));
      const values = per.map((v) => figureSummary(v, label.unit));
      const diffs = [independentDifference(per[0]!, per[1]!, label.unit)];
      const sameAs = same.get(key);
      const refs = figureRefs(runs, key);
      return { ...label, values, diffs, few: [...values, ...diffs].some((x) => x.n < FEW), ...(sameAs ? { sameAs } : {}), ...(refs ? { refs } : {}) };
    });
}

function feedbackOf(tables: readonly { t: StoredPlaytest; row: PlaytestTable }[]): FeedbackSummary {
  const entries: FeedbackEntry[] = [];
  let unreadable = 0;
  let players = 0;
  for (const { t, row } of tables) {
    players += row.humans.filter((h) => h).length;
    // The last note of a seat counts (a player may send it again).
    const last = new Map<number, TableNote>();
    for (const n of [...t.notes].sort((a, b) => a.n - b.n)) if (n.kind === PLAYTEST_FEEDBACK_KIND && typeof n.seat === 'number') last.set(n.seat, n);
    for (const [seat, note] of [...last].sort(([a], [b]) => a - b)) {
      const parsed = PlaytestFeedbackSchema.safeParse(note.data);
      if (!parsed.success || seat < 0 || seat >= row.seats) {
        unreadable++;
        continue;
      }
      const f = parsed.data;
      entries.push({
        table: row.id,
        group: row.group,
        index: row.index,
        seat,
        name: row.names[seat]!,
        ...(f.fun !== undefined ? { fun: f.fun } : {}),
        ...(f.length !== undefined ? { length: f.length } : {}),
        ...(f.unclear ? { unclear: f.unclear } : {}),
        ...(f.comment ? { comment: f.comment } : {}),
      });
    }
  }
  const funs = entries.flatMap((e) => (e.fun === undefined ? [] : [e.fun]));
  const m = meanWithInterval(funs);
  const counts = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const f of funs) counts[String(f) as keyof typeof counts]++;
  const length = Object.fromEntries(LENGTH_FELT.map((l) => [l, entries.filter((e) => e.length === l).length])) as Record<LengthFelt, number>;
  return { players, answered: entries.length, entries, fun: { mean: m.n > 0 ? { ...m, interval: clampInterval(m.interval, [1, 5]) } : m, counts }, length, unreadable };
}

const day = (iso: string): string => iso.slice(0, 10);

/**
 * Reads the selected playtests into figures beside a bot run of the same content, seat count and
 * options per group, with the feedback and every game's replay.
 */
export async function playtestReport(tables: readonly StoredPlaytest[], spec: PlaytestSpec, opts: RunOptions & { registry?: Registry } = {}): Promise<Result<PlaytestReport, GameError>> {
  const registry = spec.variant.registry ?? opts.registry;
  // Groups: one per seat count and options, in order of first appearance.
  const keys: { seats: number; options: string; raw: unknown }[] = [];
  const groupOf = tables.map((t) => {
    const key = { seats: t.stored.seats.length, options: canonicalJson(t.stored.options ?? {}), raw: t.stored.options };
    let i = keys.findIndex((k) => k.seats === key.seats && k.options === key.options);
    if (i < 0) i = keys.push(key) - 1;
    return i;
  });
  const names = groupNames(keys);
  const groups: PlaytestGroup[] = [];
  const rows: { t: StoredPlaytest; row: PlaytestTable }[] = [];
  const variants: VariantSummary[] = [];
  const replays: ReplayEntry[] = [];
  let hash = '';
  let title = spec.game;
  let variantName: string | undefined;
  for (const [g, key] of keys.entries()) {
    const name = names[g]!;
    const botsName = `bots, ${name}`;
    const peopleName = `playtests, ${name}`;
    const base: CompareSpec = { game: spec.game, seats: key.seats, games: spec.games, seed: spec.seed, bots: spec.bots, options: key.raw, ...(spec.pace ? { pace: spec.pace } : {}) };
    const played = await playVariants(base, [{ ...spec.variant, name: botsName }], { ...opts, ...(registry ? { registry } : {}) });
    if (!played.ok) return played;
    const finished = finishVariants(played.value);
    if (!finished.ok) return finished;
    const botRun = played.value.runs[0]!;
    const mine = tables.filter((_, i) => groupOf[i] === g);
    const resolved = resolveVariants({ ...base, games: mine.length }, [{ ...spec.variant, name: peopleName }], registry);
    if (!resolved.ok) return resolved;
    const run = resolved.value[0]!;
    hash = run.pkg.content.hash;
    title = run.pkg.game.title;
    variantName = run.pkg.content.variant;
    const people: VariantRun = { variant: { ...spec.variant, name: peopleName }, run, results: [], detail: new DetailFold(run.pkg.lab?.cardNames ?? {}), blocks: [], games: [], members: new Map() };
    const minutes: number[] = [];
    for (const [index, t] of mine.entries()) {
      const record = recordOfStored(t.stored, t.actions);
      const result = playtestResult(run.pkg, record, index);
      if (!result.ok) return err({ code: result.error.code, message: `table ${t.stored.id}: ${result.error.message}` });
      const lineup = t.stored.seats.map((s) => (s.kind === 'bot' ? s.bot : PEOPLE));
      // Each game is its own block: people's games pair with nothing.
      foldGame(people, result.value, { index, group: index, seed: record.seed, lineup }, spec.pace);
      const seatNames = t.stored.seats.map((_, s) => seatName(t.stored, s));
      const sorted = [...t.actions].sort((a, b) => a.seq - b.seq);
      const clock = sorted.length > 1 ? (Date.parse(sorted[sorted.length - 1]!.at) - Date.parse(sorted[0]!.at)) / 60_000 : 0;
      minutes.push(clock);
      const id = replayId(peopleName, index);
      rows.push({
        t,
        row: {
          id: t.stored.id,
          index,
          group: name,
          seats: key.seats,
          names: seatNames,
          humans: t.stored.seats.map((s) => s.kind === 'human'),
          scores: result.value.scores,
          ranks: result.value.ranks,
          winners: result.value.winners.map((w) => seatNames[w]!),
          rounds: result.value.rounds,
          actions: result.value.actions,
          undos: record.actions.filter((a) => isUndoAction(a.action)).length,
          minutes: clock,
          finished: day(t.stored.updatedAt),
          replay: id,
        },
      });
      replays.push({ id, variant: peopleName, index, seed: record.seed, lineup: seatNames, humans: t.stored.seats.map((s) => s.kind === 'human'), table: t.stored.id, record: { ...record, contentHash: run.pkg.content.hash } });
    }
    const peopleSummary = variantSummary(people, 0, 0, people.detail.flags());
    const botsSummary = finished.value.summaries[0]!;
    variants.push(botsSummary, peopleSummary);
    replays.push(...finished.value.replays);
    groups.push({
      name,
      seats: key.seats,
      options: run.options,
      tables: mine.length,
      clockMinutes: meanWithInterval(minutes, undefined, [0, Number.POSITIVE_INFINITY]),
      bots: botsSummary,
      people: peopleSummary,
      botGames: botRun.results.length,
      figures: figureRows([botRun, people]),
    });
  }
  return ok({
    kind: 'playtests',
    game: spec.game,
    title,
    content: { hash, ...(variantName !== undefined ? { variant: variantName } : {}) },
    bots: spec.bots,
    seed: spec.seed,
    groups,
    tables: rows.map((r) => r.row),
    feedback: feedbackOf(rows),
    ...(spec.moveTimes ? { moveTimes: spec.moveTimes } : {}),
    variants,
    replays,
  });
}
