/**
 * The designer's workbench (`drey lab compare`, `drey lab sweep`): variants of one game — other
 * content, other options — played on the SAME schedule (same seeds, seats rotated: common random
 * numbers), so a figure's difference from the base is measured deal by deal. Each variant's games
 * go through the lab's one runner (run.ts) with the game's lab probe on (probe.ts); results fold
 * in schedule order, so a report is the same for any number of workers.
 *
 * The schedule is the tournament's (schedule.ts): a block is one deal played with every rotation
 * of the lineup. A figure's paired difference is taken over blocks: per block, the variant's
 * figure minus the base's (pairedDifference in stats.ts). The unpaired interval of the same games
 * is reported beside it for the first figure, to show what pairing saves.
 */
import { RulingsAccumulator, type RulingSummary } from './rulings.js';
import { performance } from 'node:perf_hooks';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { BUILTINS, type Registry } from '../games/index.js';
import { canonicalJson, stableHash } from '../engine/hash.js';
import { confoundedFigures, DetailFold, uniqueCardNames, figureLabel, figureMembers, figureRange, gameFigures, type CardFigure, type FigureLabel, type Flag, type PlaceFigure, type SameAs } from './figures.js';
import { playGame, type GameResult } from './play.js';
import type { RecordFile } from './record-file.js';
import { resolveRun, type ResolvedRun, type RunSpec } from './resolve.js';
import { defaultWorkers, runSchedule, type RunOptions } from './run.js';
import { WorkerPool } from '../workers/pool.js';
import type { LabTasks } from './play.js';
import { tournamentSchedule, type ScheduledGame } from './schedule.js';
import { CurveFold, type CurvesSummary } from './curves.js';
import { TensionFold, gameRefs, gameTension, tensionFigures, tensionLabel, winnerSides, type GameRefs, type TensionSummary } from './tension.js';
import { FEW, medianWithInterval, meanWithInterval, wilsonInterval, pairedDifference, pairedShareDifference, unpairedDifference, type Difference, type Interval, type MeanSummary } from './stats.js';

/** One variant of the game: a name, the registry holding its package, options of its own. */
export interface Variant {
  name: string;
  /** Where it came from ('builtin', a content directory, 'race.roundLimit=14'). */
  source: string;
  /**
   * The registry holding the variant's package (default: the run's). A package built from other
   * content files of a built-in game plays on the worker pool (the workers build it from the files,
   * see workerContent); any other package plays on the calling thread.
   */
  registry?: Registry;
  /** Game options of this variant, over the spec's. */
  options?: Record<string, unknown>;
  /** The content's hash, when the variant was loaded from content files. */
  hash?: string;
  /** The content directory it was loaded from. */
  content?: string;
}

/**
 * How a variant's games reach the worker pool. Workers load the built-in games only, so a variant
 * whose package is a built-in game built from other content files goes as those complete files
 * (RunSpec.content: each worker builds the game from them once, resolve.ts); the built-in package
 * goes as itself; anything else (a game that is not built in) can only be played on this thread,
 * and `why` says so.
 */
export function workerContent(variant: Variant, game: string): { files?: Record<string, unknown> } | { why: string } {
  if (variant.registry === undefined) return {};
  const pkg = variant.registry.get(game);
  const builtin = BUILTINS.get(game);
  if (pkg === undefined || builtin === undefined) return { why: `${game} is not a built-in game` };
  if (pkg === builtin) return {};
  // Built by the builtin's content facet (withContent keeps its schemas): the files rebuild it anywhere.
  if (Object.keys(builtin.content.files).length > 0 && pkg.content.files === builtin.content.files) {
    return pkg.content.hash === builtin.content.hash ? {} : { files: { ...pkg.content.data } };
  }
  return { why: `variant ${variant.name}'s ${pkg.game.title} is not the built-in game built from content files` };
}

/** What every variant plays: a RunSpec plus the bots, rotated through the seats. */
export interface CompareSpec extends RunSpec {
  bots: string[];
  /**
   * Seconds per action for the minutes-of-play estimate when measured from human move times
   * (move-times.ts, `--db`); absent: the game's own guess (its lab.curves.secondsPerAction).
   */
  pace?: Pace;
}

/** Measured seconds per action (move-times.ts paceOf). */
export interface Pace {
  secondsPerAction: number;
  why: string;
  measured: { moves: number; tables: number };
}

/** The game's curves spec with the measured pace, when there is one, in place of its guess. */
export const pacedCurves = <C extends { secondsPerAction: number; secondsWhy: string }>(curves: C, pace: Pace | undefined): C & { measured?: Pace['measured'] } =>
  pace ? { ...curves, secondsPerAction: pace.secondsPerAction, secondsWhy: pace.why, measured: pace.measured } : curves;

export interface VariantRun {
  variant: Variant;
  run: ResolvedRun<CompareSpec>;
  results: GameResult[];
  detail: DetailFold;
  /** Per block: the sum and count of each figure over its games. */
  blocks: Map<string, { sum: number; n: number }>[];
  /** Per game: each figure. */
  games: Map<string, number>[];
  /** Per win-share figure: a hash over the seats it covered in every game, in order (figureMembers). */
  members: Map<string, string>;
}

/**
 * An embedded replay: the record of one game of one variant, as `drey replay` reads it — with the
 * hash of the content it was played with, so a record of a content variant copied out of the
 * report replays only with that content (`--content DIR`).
 */
export interface ReplayEntry {
  id: string;
  variant: string;
  index: number;
  seed: string;
  /** The bot in each seat; for a playtest (playtests.ts), each seat's display name or "bot NAME". */
  lineup: string[];
  /** A playtest's seats: which were people. */
  humans?: boolean[];
  /** A playtest's table id on the server it was read from. */
  table?: string;
  record: RecordFile & { contentHash: string };
}

export interface VariantSummary {
  name: string;
  source: string;
  hash?: string;
  content?: string;
  /**
   * The content files this variant changes from the built-in content, complete: with them
   * `drey lab report|serve` rebuild the variant's game (checked against `hash`) without the
   * directory it came from.
   */
  contentFiles?: Record<string, unknown>;
  options: unknown;
  cards: CardFigure[];
  places: PlaceFigure[];
  flags: Flag[];
  flagCounts: Record<string, number>;
  /** How often each rule gap was decided by a ruling (games with rule gaps only; lab/rulings.ts). */
  rulings?: RulingSummary[];
  /** Game length in rounds: how many games took each number of rounds. */
  lengths: { rounds: number; games: number }[];
  medianRounds: { n: number; median: number; interval: Interval };
  /** Per-round curves per participant and measure (curves.ts), when the game samples rounds. */
  curves?: CurvesSummary;
  /** Lead changes, leads for good, margin, close finishes, minutes of play (tension.ts). */
  tension?: TensionSummary;
  workers: number;
  seconds: number;
}

export interface FigureRow extends FigureLabel {
  /** Per variant (base first): the figure's mean over its games. */
  values: MeanSummary[];
  /** Per variant after the base: the paired difference from the base, over blocks. */
  diffs: Difference[];
  /** Some variant's figure or difference rests on fewer than FEW games or deals: its interval means little. */
  few: boolean;
  /** Figures that were the same numbers in every game of every variant, reported once as this row. */
  sameAs?: SameAs[];
  /** Per variant: games to replay (nearest the mean, lowest, highest); absent for card rows (they link their own). */
  refs?: (GameRefs | undefined)[];
}

/** What every workbench report (compare, sweep) says of its run. */
export interface LabRunHeader {
  game: string;
  title: string;
  seats: number;
  bots: string[];
  seed: string;
  /** Games per variant, and the blocks (deals) they make. */
  games: number;
  blocks: number;
  variants: VariantSummary[];
  replays: ReplayEntry[];
}

export interface CompareReport extends LabRunHeader {
  kind: 'compare';
  /** How the differences were taken, for the column heads (default 'paired 95%'; a playtest's are 'independent 95%'). */
  diffLabel?: string;
  figures: FigureRow[];
  /** One figure's paired and unpaired interval widths, for the first variant against the base. */
  pairing: { key: string; label: string; pairedWidth: number; unpairedWidth: number; unpairedGamesForSameWidth: number }[];
}

/** Keeps a paired report small enough to read: most games' figures, plus the cards and places. */
const MAX_SAMPLE_REPLAYS = 3;

/** Resolves the spec for every variant, before a single game is played. */
export function resolveVariants(spec: CompareSpec, variants: readonly Variant[], registry?: Registry): Result<ResolvedRun<CompareSpec>[], GameError> {
  if (variants.length < 1) return err({ code: 'bad-variants', message: 'name at least one variant' });
  const names = new Set<string>();
  const runs: ResolvedRun<CompareSpec>[] = [];
  for (const v of variants) {
    if (names.has(v.name)) return err({ code: 'bad-variants', message: `two variants are called '${v.name}'` });
    names.add(v.name);
    const options = v.options ? { ...((spec.options as Record<string, unknown> | undefined) ?? {}), ...v.options } : spec.options;
    // A content variant names its complete content files in the spec, so the workers can build it.
    const carried = workerContent(v, spec.game);
    const content = 'files' in carried && carried.files !== undefined ? { content: carried.files } : {};
    const resolved = resolveRun({ ...spec, options, probe: true, ...content }, () => ok(spec.bots), v.registry ?? registry);
    if (!resolved.ok) return err({ code: resolved.error.code, message: `variant ${v.name}: ${resolved.error.message}` });
    runs.push(resolved.value);
  }
  return ok(runs);
}

/** The schedule every variant plays: deals of rotated lineups (the tournament's), at least `games`. */
export const pairedSchedule = (spec: CompareSpec): ScheduledGame[] => tournamentSchedule(spec);

/**
 * Plays every variant on the same schedule, one after the other, through the one runner; folds
 * each variant's results in schedule order. `onProgress` counts games over all variants.
 */
export async function playVariants(spec: CompareSpec, variants: readonly Variant[], opts: RunOptions = {}): Promise<Result<PlayedVariants, GameError>> {
  // One pool for every variant (worker threads start once), unless the caller lends its own.
  if (opts.pool || opts.queue || (opts.workers ?? defaultWorkers()) <= 1) return playEachVariant(spec, variants, opts);
  const pool = new WorkerPool<LabTasks>({ size: opts.workers ?? defaultWorkers() });
  try {
    return await playEachVariant(spec, variants, { ...opts, pool });
  } finally {
    await pool.close();
  }
}

export interface PlayedVariants {
  schedule: ScheduledGame[];
  runs: VariantRun[];
  seconds: number[];
  workers: number[];
}

async function playEachVariant(spec: CompareSpec, variants: readonly Variant[], opts: RunOptions): Promise<Result<PlayedVariants, GameError>> {
  const resolved = resolveVariants(spec, variants, opts.registry);
  if (!resolved.ok) return resolved;
  const schedule = pairedSchedule(spec);
  const blocks = 1 + Math.max(...schedule.map((g) => g.group));
  const total = schedule.length * variants.length;
  const runs: VariantRun[] = [];
  const seconds: number[] = [];
  const workers: number[] = [];
  for (const [i, variant] of variants.entries()) {
    const run = resolved.value[i]!;
    const cardNames = run.pkg.lab?.cardNames ?? {};
    const vr: VariantRun = { variant, run, results: [], detail: new DetailFold(cardNames), blocks: Array.from({ length: blocks }, () => new Map()), games: [], members: new Map() };
    const start = performance.now();
    // Workers load the built-in games (content variants go as their files in run.spec.content):
    // a variant that is neither plays on this thread.
    const here = 'why' in workerContent(variant, spec.game);
    const ran = await runSchedule(
      run,
      schedule,
      (r) => foldGame(vr, r, schedule[r.index]!, spec.pace),
      {
        ...opts,
        ...(here ? { workers: 1, registry: variant.registry } : {}),
        onProgress: (done) => opts.onProgress?.(i * schedule.length + done, total),
      },
    );
    if (!ran.ok) return err({ code: ran.error.code, message: `variant ${variant.name}: ${ran.error.message}` });
    seconds.push((performance.now() - start) / 1000);
    workers.push(ran.value.workers);
    runs.push(vr);
  }
  return ok({ schedule, runs, seconds, workers });
}

/**
 * Folds one finished game into its variant's run: its result, details, figures (tension ones
 * too) by game and by block, and which seats each win-share figure covered. Bot games of a
 * comparison and people's playtest games (playtests.ts) go through here alike.
 */
export function foldGame(vr: VariantRun, r: GameResult, scheduled: ScheduledGame, pace?: Pace): void {
  const run = vr.run;
  const cardIds = Object.keys(run.pkg.lab?.cardNames ?? {});
  vr.results.push(r);
  vr.detail.add(r, scheduled);
  const figures = gameFigures(r, scheduled.lineup, cardIds);
  // Tension figures are paired between variants like the others (issue 26).
  const guessed = run.pkg.lab?.curves;
  const curves = guessed && pacedCurves(guessed, pace);
  const trace = r.facts?.curves;
  if (curves && trace) for (const [k, v] of tensionFigures(gameTension(trace, winnerSides(trace, r.winners, r.racers), curves), r.actions, curves.secondsPerAction)) figures.set(k, v);
  vr.games.push(figures);
  for (const [k, seats] of figureMembers(r, scheduled.lineup)) vr.members.set(k, stableHash([vr.members.get(k) ?? '', r.index, seats]));
  const block = vr.blocks[scheduled.group] ?? (vr.blocks[scheduled.group] = new Map());
  for (const [k, v] of figures) {
    const acc = block.get(k) ?? { sum: 0, n: 0 };
    acc.sum += v;
    acc.n++;
    block.set(k, acc);
  }
}

/** Every figure key any variant produced, in a stable order (seats, bots, groups, length, stats, values, cards). */
export function figureKeys(runs: readonly VariantRun[]): string[] {
  const keys = new Set<string>();
  for (const r of runs) for (const g of r.games) for (const k of g.keys()) keys.add(k);
  const order = ['win-seat', 'win-bot', 'win-group', 'rounds', 'actions', 'tension', 'stat', 'value', 'card-buys', 'card-round'];
  const rank = (k: string): number => order.indexOf(k.split('|')[0]!);
  return [...keys].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

const blockMean = (block: Map<string, { sum: number; n: number }>, key: string): number | undefined => {
  const acc = block.get(key);
  return acc && acc.n > 0 ? acc.sum / acc.n : undefined;
};

/**
 * A figure's mean over its games; a share's interval is Wilson's (it stays inside [0, 1]), a
 * count's the normal one cut at 0 (figureRange).
 */
export function figureSummary(values: readonly number[], unit: 'share' | 'number'): MeanSummary {
  const m = meanWithInterval(values, undefined, figureRange(unit));
  return unit === 'share' && m.n > 0 ? { ...m, interval: wilsonInterval(Math.min(m.n, Math.max(0, m.mean * m.n)), m.n) } : m;
}

/**
 * The paired difference of `key` between two variants, over the blocks (deals) where both have
 * it: a share's by Newcombe's paired method (pairedShareDifference, inside [−1, 1]), a count's
 * as the mean of per-deal differences (a difference of counts has no bound of its own).
 */
export function pairedFigure(base: VariantRun, other: VariantRun, key: string, unit: 'share' | 'number' = 'number'): Difference {
  const pairs: [number, number][] = [];
  base.blocks.forEach((block, b) => {
    const x = blockMean(block, key);
    const y = blockMean(other.blocks[b]!, key);
    if (x !== undefined && y !== undefined) pairs.push([x, y]);
  });
  return unit === 'share' ? pairedShareDifference(pairs) : pairedDifference(pairs);
}

/** The same difference as if the two variants had been played on different deals. */
export function unpairedFigure(base: VariantRun, other: VariantRun, key: string): Difference {
  const values = (r: VariantRun): number[] => r.blocks.flatMap((b) => blockMean(b, key) ?? []);
  return unpairedDifference(values(base), values(other));
}

/** Which games to embed as replays: the flagged ones and a few samples per variant. */
function replayIndexes(
  runs: readonly VariantRun[],
  flags: readonly Flag[][],
  cards: readonly CardFigure[][],
  places: readonly PlaceFigure[][],
  rulings: readonly (RulingSummary[] | undefined)[] = [],
): Set<number>[] {
  return runs.map((r, v) => {
    const wanted = new Set<number>();
    for (const g of rulings[v] ?? []) for (const e of g.examples) wanted.add(e.index);
    for (let i = 0; i < Math.min(MAX_SAMPLE_REPLAYS, r.results.length); i++) wanted.add(i);
    for (const f of flags[v]!) wanted.add(f.index);
    for (const c of cards[v]!) if (c.sample !== undefined) wanted.add(c.sample);
    for (const p of places[v]!) if (p.sample !== undefined) wanted.add(p.sample);
    return wanted;
  });
}

/** Plays the chosen games again on this thread (a game depends only on its seed and lineup) to get their records. */
function collectReplays(runs: readonly VariantRun[], schedule: readonly ScheduledGame[], wanted: readonly Set<number>[]): Result<ReplayEntry[], GameError> {
  const out: ReplayEntry[] = [];
  for (const [v, r] of runs.entries()) {
    for (const index of [...wanted[v]!].sort((a, b) => a - b)) {
      const scheduled = schedule[index]!;
      const played = playGame({ ...r.run, spec: { ...r.run.spec, probe: false } }, scheduled);
      if (!played.ok) return played;
      const record = { ...played.value.record, bots: scheduled.lineup, contentHash: r.run.pkg.content.hash, outcome: played.value.outcome, hash: played.value.finalHash() };
      out.push({ id: replayId(r.variant.name, index), variant: r.variant.name, index, seed: scheduled.seed, lineup: scheduled.lineup, record });
    }
  }
  return ok(out);
}

/** The id of the replay of game `index` of `variant`: letters, digits and dashes, for URLs and anchors. */
export const replayId = (variant: string, index: number): string => `${variant.replace(/[^A-Za-z0-9]+/g, '-')}-${index}`;

/** The files of a content variant's complete content that differ from the built-in content. */
function changedContentFiles(r: VariantRun): Record<string, unknown> | undefined {
  const files = r.run.spec.content;
  const builtin = BUILTINS.get(r.run.spec.game)?.content.builtin;
  if (files === undefined || builtin === undefined) return undefined;
  const changed = Object.entries(files).filter(([name, data]) => canonicalJson(data) !== canonicalJson(builtin[name]));
  return changed.length > 0 ? Object.fromEntries(changed) : undefined;
}

export function variantSummary(r: VariantRun, seconds: number, workers: number, flags: { flags: Flag[]; counts: Record<string, number> }): VariantSummary {
  const lengths = new Map<number, number>();
  for (const l of r.detail.lengths) lengths.set(l.rounds, (lengths.get(l.rounds) ?? 0) + 1);
  const contentFiles = changedContentFiles(r);
  // Folded in schedule order, so the figures and examples are the same for any number of workers.
  const gaps = new RulingsAccumulator(r.run.pkg.rulings?.gaps ?? []);
  for (const g of [...r.results].sort((a, b) => a.index - b.index)) gaps.add(g);
  const rulings = gaps.summary();
  return {
    name: r.variant.name,
    source: r.variant.source,
    // The hash of the content every game of this variant was played with.
    hash: r.run.pkg.content.hash,
    ...(r.variant.content !== undefined ? { content: r.variant.content } : {}),
    ...(contentFiles !== undefined ? { contentFiles } : {}),
    options: r.run.options,
    cards: r.detail.cardFigures(),
    places: r.detail.placeFigures(),
    flags: flags.flags,
    flagCounts: flags.counts,
    ...(rulings.length > 0 ? { rulings } : {}),
    lengths: [...lengths.entries()].sort(([a], [b]) => a - b).map(([rounds, games]) => ({ rounds, games })),
    medianRounds: medianWithInterval(r.detail.lengths.map((l) => l.rounds)),
    ...curvesAndTension(r),
    workers,
    seconds,
  };
}

/** A variant's curves and tension figures, from its games' per-round samples (in schedule order). */
function curvesAndTension(r: VariantRun): Pick<VariantSummary, 'curves' | 'tension'> {
  const guessed = r.run.pkg.lab?.curves;
  if (!guessed) return {};
  const spec = pacedCurves(guessed, r.run.spec.pace);
  const curves = new CurveFold(spec.measures);
  const tension = new TensionFold(spec);
  for (const g of r.results) {
    const trace = g.facts?.curves;
    curves.add(g.index, trace);
    if (trace) tension.add(g.index, trace, winnerSides(trace, g.winners, g.racers), g.actions);
  }
  const c = curves.summary();
  const t = tension.summary();
  return { ...(c ? { curves: c } : {}), ...(t ? { tension: t } : {}) };
}

/** Games behind a figure row, per variant: nearest its mean, lowest, highest (not for card rows). */
export function figureRefs(runs: readonly VariantRun[], key: string): (GameRefs | undefined)[] | undefined {
  if (key.startsWith('card-')) return undefined;
  return runs.map((r) => gameRefs(r.games.flatMap((g, i) => (g.has(key) ? [{ index: r.results[i]!.index, value: g.get(key)! }] : []))));
}

/** Every game a summary's tension figures point at. */
const tensionGames = (s: VariantSummary): number[] =>
  s.tension
    ? [...s.tension.figures.flatMap((f) => (f.refs ? [f.refs.nearest, f.refs.min, f.refs.max] : [])), ...[s.tension.close.closeGame, s.tension.close.clearGame].filter((i): i is number => i !== undefined)]
    : [];

/** Each variant's summary (cards, places, flags, lengths) and the replays of its flagged and sample games. */
export function finishVariants(played: {
  schedule: readonly ScheduledGame[];
  runs: readonly VariantRun[];
  seconds: readonly number[];
  workers: readonly number[];
}, extra: readonly (readonly number[])[] = []): Result<{ summaries: VariantSummary[]; replays: ReplayEntry[] }, GameError> {
  const { runs, schedule, seconds, workers } = played;
  const summaries = runs.map((r, i) => variantSummary(r, seconds[i]!, workers[i]!, r.detail.flags()));
  const wanted = replayIndexes(runs, summaries.map((s) => s.flags), summaries.map((s) => s.cards), summaries.map((s) => s.places), summaries.map((s) => s.rulings));
  // The games the tension figures and the figure rows link to (`extra`, per variant).
  wanted.forEach((set, v) => {
    for (const i of tensionGames(summaries[v]!)) set.add(i);
    for (const i of extra[v] ?? []) set.add(i);
  });
  const replays = collectReplays(runs, schedule, wanted);
  return replays.ok ? ok({ summaries, replays: replays.value }) : replays;
}

/** Plays the variants (the first is the base) and reports every figure with its paired difference from the base. */
export async function runCompare(
  spec: CompareSpec,
  variants: readonly Variant[],
  opts: RunOptions & { onPlayed?: (runs: readonly VariantRun[]) => void } = {},
): Promise<Result<CompareReport, GameError>> {
  if (variants.length < 2) return err({ code: 'bad-variants', message: 'compare needs a base and at least one variant (base=builtin v1=DIR)' });
  const played = await playVariants(spec, variants, opts);
  if (!played.ok) return played;
  // A caller that needs more than the report (`drey lab tune`'s own targets) reads the games here.
  opts.onPlayed?.(played.value.runs);
  const { schedule, runs, seconds, workers } = played.value;
  const base = runs[0]!;
  const cardNames = uniqueCardNames(base.run.pkg.lab?.cardNames ?? {});
  const keys = figureKeys(runs);
  // Figures that covered the same seats in every game of every variant are the same numbers
  // (Acorn Run: the seat fixes the start lane): one row, saying what else it is and why.
  const signatures = new Map(keys.flatMap((k) => (runs.every((r) => r.members.has(k)) ? [[k, runs.map((r) => r.members.get(k)).join('/')] as const] : [])));
  const same = confoundedFigures(keys, signatures, cardNames);
  const dropped = new Set([...same.values()].flatMap((list) => list.map((s) => s.key)));
  const figures: FigureRow[] = keys
    .filter((key) => !dropped.has(key))
    .map((key) => {
      const label = tensionLabel(key) ?? figureLabel(key, cardNames);
      const values = runs.map((r) => figureSummary(r.games.flatMap((g) => g.get(key) ?? []), label.unit));
      const diffs = runs.slice(1).map((r) => pairedFigure(base, r, key, label.unit));
      const sameAs = same.get(key);
      const refs = figureRefs(runs, key);
      return { ...label, values, diffs, few: [...values, ...diffs].some((x) => x.n < FEW), ...(sameAs ? { sameAs } : {}), ...(refs ? { refs } : {}) };
    });
  // The figure rows' games are embedded as replays too.
  const rowGames = runs.map((_, v) => figures.flatMap((f) => (f.refs?.[v] ? [f.refs[v].nearest, f.refs[v].min, f.refs[v].max] : [])));
  const finished = finishVariants(played.value, rowGames);
  if (!finished.ok) return finished;
  const { summaries, replays } = finished.value;
  return ok({
    kind: 'compare',
    game: base.run.game.id,
    title: base.run.game.title,
    seats: spec.seats,
    bots: spec.bots,
    seed: spec.seed,
    games: schedule.length,
    blocks: base.blocks.length,
    variants: summaries,
    figures,
    ...pairingFigure(runs, figures),
    replays,
  });
}

/**
 * Pairing's gain on the game-length figures (rounds, actions) of the first variant against the
 * base: the paired and unpaired interval widths, and how many games an unpaired comparison would
 * need for the paired width (a width shrinks as 1/√n).
 */
function pairingFigure(runs: readonly VariantRun[], figures: readonly FigureRow[]): Pick<CompareReport, 'pairing'> {
  const pairing: CompareReport['pairing'] = [];
  for (const row of figures.filter((f) => f.key === 'rounds' || f.key === 'actions')) {
    const paired = pairedFigure(runs[0]!, runs[1]!, row.key);
    const unpaired = unpairedFigure(runs[0]!, runs[1]!, row.key);
    const pw = paired.interval[1] - paired.interval[0];
    const uw = unpaired.interval[1] - unpaired.interval[0];
    if (!(pw > 0) || !(uw > 0)) continue;
    pairing.push({ key: row.key, label: row.label, pairedWidth: pw, unpairedWidth: uw, unpairedGamesForSameWidth: Math.ceil(runs[0]!.results.length * (uw / pw) ** 2) });
  }
  return { pairing };
}
