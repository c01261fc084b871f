/**
 * `drey lab tune`: search several numeric content fields at once toward targets the designer
 * states ("mean rounds 13-15", "seat* fair±2%", "bought:* 5%-90%").
 *
 * The method is successive halving on paired seeds (Jamieson & Talwalkar 2016; the "racing" idea
 * of Maron & Moore): draw candidates from the grid of field values (the starting content is always
 * one of them), play every candidate on the same fresh deals, keep the better half by distance to
 * the targets, and play the survivors on more new deals, until two remain. Noise costs little
 * where it matters little: a candidate far from the targets is dropped after a few games, and the
 * close ones are told apart on many. Every survivor plays the same deals as its rivals in each
 * round, so their differences are not the luck of the deal. The games budget is shared evenly
 * between rounds, so the games per candidate about double each round.
 *
 * The best candidate is then confirmed against the starting content in a paired comparison on
 * seeds the search never saw (`compare.ts`), which is what the report's intervals come from: the
 * search's own figures are biased toward the winner (it was picked because it looked good).
 */
import { performance } from 'node:perf_hooks';
import { createRng, nextInt, type Rng } from '../engine/rng.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { playVariants, runCompare, type CompareReport, type CompareSpec, type Variant, type VariantRun } from './compare.js';
import { figureLabel } from './figures.js';
import type { GameResult, LabTasks } from './play.js';
import { defaultWorkers, type RunOptions } from './run.js';
import { WorkerPool } from '../workers/pool.js';
import { tournamentSchedule } from './schedule.js';
import { meanWithInterval, medianWithInterval, wilsonInterval, type Interval } from './stats.js';
import { figureKey, parseSweepValues, type SweepStat } from './sweep.js';

/** Most fields one search varies, and most candidates it draws. */
export const MAX_TUNE_FIELDS = 8;
export const MAX_TUNE_CANDIDATES = 64;
export const MAX_TUNE_TARGETS = 12;

export interface TuneField {
  /** `FILE.PATH` in the game's content, as `drey lab sweep --field`. */
  field: string;
  values: number[];
}

export interface TuneTarget {
  text: string;
  stat: SweepStat;
  /** As written: `rounds`, `seat1`, `seat*`, `bought:*` … */
  figure: string;
  /** The figure key, or for a family (`seat*`) the prefix every member's key starts with. */
  key: string;
  family: boolean;
  /** The range, in the figure's own units (shares as 0–1). */
  low: number;
  high: number;
  /** `fair±d`: the range is around the family's own mean (each seat near the seats' average). */
  relative: boolean;
}

/** Families a target may name with `*`: each member is held to the target on its own. */
const FAMILIES: Readonly<Record<string, string>> = {
  'seat*': 'win-seat|',
  'lane-*': 'win-group|lane|',
  'bot:*': 'win-bot|',
  'buys:*': 'card-buys|',
  'bought:*': 'card-games|',
  'round-bought:*': 'card-round|',
};

/** Figure names → keys, with `bought:CARD` (share of games in which any seat bought it) added. */
const keyOf = (name: string): string => (name.startsWith('bought:') ? `card-games|${name.slice(7)}` : figureKey(name));

const NUM = String.raw`(-?\d+(?:\.\d+)?)(%?)`;

/**
 * `[mean|median] FIGURE RANGE`, RANGE one of `LOW-HIGH`, `CENTRE±D` (or `CENTRE+-D`) and
 * `fair±D` (within D of the family's mean: "every seat within 2 points of its fair share" is
 * `seat* fair±2%`). A share may be given in percent.
 */
export function parseTuneTarget(text: string): Result<TuneTarget, GameError> {
  const bad = (why: string): Result<TuneTarget, GameError> =>
    err({ code: 'bad-target', message: `--target "${text}": ${why}` });
  const m = /^\s*(?:(mean|median)\s+)?(\S+)\s+(.+?)\s*$/.exec(text);
  if (!m) return bad('write it as [mean|median] FIGURE RANGE, e.g. "mean rounds 13-15", "rounds 14±1" or "seat* fair±2%"');
  const stat = (m[1] as SweepStat | undefined) ?? 'mean';
  const figure = m[2]!;
  const family = figure.endsWith('*');
  if (family && !(figure in FAMILIES)) return bad(`a family of figures is one of ${Object.keys(FAMILIES).join(', ')}`);
  const key = family ? FAMILIES[figure]! : keyOf(figure);
  const share = figureLabel(family ? `${key}x` : key, {}).unit === 'share' || key.startsWith('card-games|');
  // A share written without % but above 1 is read as percent ("seat1 23-27"), as sweep does.
  const scale = (v: string, pct: string | undefined, big: boolean): number => (pct || (share && big) ? Number(v) / 100 : Number(v));
  const range = m[3]!;
  const r = new RegExp(`^${NUM}\\s*(?:-|–|\\.\\.)\\s*${NUM}$`).exec(range);
  if (r) {
    const big = Math.max(Math.abs(Number(r[1])), Math.abs(Number(r[3]))) > 1;
    const low = scale(r[1]!, r[2], big);
    const high = scale(r[3]!, r[4], big);
    if (high < low) return bad('the range goes from low to high');
    return ok({ text: text.trim(), stat, figure, key, family, low, high, relative: false });
  }
  const pm = /^(fair|-?\d+(?:\.\d+)?)(%?)\s*(?:±|\+-|\+\/-)\s*(\d+(?:\.\d+)?)(%?)$/.exec(range);
  if (pm) {
    const fair = pm[1] === 'fair';
    const d = Number(pm[3]);
    // Both numbers are in one unit: percent if either says so, or a share's number is above 1.
    const pct = pm[2] === '%' || pm[4] === '%' || (share && (fair ? d > 1 : Math.abs(Number(pm[1])) > 1));
    const unit = (v: number): number => (pct ? v / 100 : v);
    if (fair) {
      if (!family) return bad('fair±D holds each member of a family near their mean: use a family such as seat*');
      return ok({ text: text.trim(), stat, figure, key, family, low: -unit(d), high: unit(d), relative: true });
    }
    const centre = unit(Number(pm[1]));
    return ok({ text: text.trim(), stat, figure, key, family, low: centre - unit(d), high: centre + unit(d), relative: false });
  }
  return bad(`cannot read the range '${range}': write LOW-HIGH, CENTRE±D or fair±D`);
}

/** `PATH=VALUES` as `--field race.roundLimit=20..30:2` (VALUES as `drey lab sweep --values`). */
export function parseTuneField(text: string): Result<TuneField, GameError> {
  const at = text.indexOf('=');
  if (at < 1) return err({ code: 'bad-field', message: `--field ${text}: write FILE.PATH=VALUES, e.g. race.roundLimit=20..30:2` });
  const values = parseSweepValues(text.slice(at + 1));
  if (!values.ok) return err({ code: 'bad-field', message: `--field ${text}: ${values.error.message.replace(/^--values [^:]*: /, '')}` });
  return ok({ field: text.slice(0, at).trim(), values: [...new Set(values.value)] });
}

/** A candidate content: one value per field. */
export interface TuneCandidate {
  name: string;
  settings: number[];
  /** Whether it is the starting content. */
  start: boolean;
}

/** A target's estimate for one candidate: its worst member for a family. */
export interface TargetEstimate {
  target: string;
  /** The member the estimate is of (a family's worst), and its label. */
  key: string;
  label: string;
  estimate: number;
  interval: Interval;
  n: number;
  /** The range it was held to (for `fair±`, around the family's mean). */
  low: number;
  high: number;
  meets: boolean;
}

export interface RankedCandidate extends TuneCandidate {
  games: number;
  loss: number;
  estimates: TargetEstimate[];
}

export interface TuneRound {
  round: number;
  candidates: number;
  /** New games each candidate played this round (on the round's own seeds). */
  games: number;
  seconds: number;
  /** Every candidate of the round, best first (on all its games so far). */
  ranking: RankedCandidate[];
}

export interface TuneReport {
  kind: 'tune';
  game: string;
  title: string;
  seats: number;
  bots: string[];
  seed: string;
  fields: TuneField[];
  targets: TuneTarget[];
  budget: { games: number; minutes?: number };
  /** Games the search played (all candidates, all rounds) and its seconds. */
  searchGames: number;
  searchSeconds: number;
  /** Candidates the content check refused (they were replaced by others). */
  refused: { settings: number[]; why: string }[];
  rounds: TuneRound[];
  /** Why the search stopped before its last round, if it did. */
  stoppedEarly?: string;
  best: TuneCandidate;
  start: TuneCandidate;
  /** The best against the start on fresh seeds: every target with its interval. */
  confirm: { games: number; seed: string; start: TargetEstimate[]; best: TargetEstimate[] };
  compare: CompareReport;
}

export interface TuneSpec {
  spec: CompareSpec;
  fields: TuneField[];
  /** The starting content's value of each field (the base the search starts from). */
  start: number[];
  targets: TuneTarget[];
  /** Games for the search (all candidates together), and optionally a limit in minutes. */
  budget: { games: number; minutes?: number };
  /** Candidates drawn from the grid (default 16). */
  candidates?: number;
  /** Games of the confirmation, per variant (default a quarter of the budget, at least 100). */
  confirm?: number;
  /** Builds the content of a candidate, or says why the content check refuses it. */
  variant: (settings: readonly number[], name: string) => Variant | { why: string };
}

export interface TuneHooks extends RunOptions {
  /** After every round, with the best so far (the CLI writes it as a content directory). */
  onRound?: (round: TuneRound, best: RankedCandidate) => void;
  /** Clock for the minutes limit (tests may pass their own). */
  now?: () => number;
}

/** The worst member of a family (or the figure itself) for one candidate's games. */
export function estimateTarget(target: TuneTarget, games: readonly Map<string, number>[], cardNames: Readonly<Record<string, string>> = {}): TargetEstimate | undefined {
  const keys = target.family ? [...new Set(games.flatMap((g) => [...g.keys()].filter((k) => k.startsWith(target.key))))].sort() : [target.key];
  const members: { key: string; estimate: number; interval: Interval; n: number }[] = [];
  for (const key of keys) {
    const values = games.flatMap((g) => (g.has(key) ? [g.get(key)!] : []));
    if (values.length === 0) continue;
    const share = figureLabel(key, {}).unit === 'share' || key.startsWith('card-games|');
    if (target.stat === 'median') {
      const s = medianWithInterval(values);
      members.push({ key, estimate: s.median, interval: s.interval, n: s.n });
    } else {
      const s = meanWithInterval(values);
      const interval = share ? wilsonInterval(Math.min(s.n, Math.max(0, s.mean * s.n)), s.n) : s.interval;
      members.push({ key, estimate: s.mean, interval, n: s.n });
    }
  }
  if (members.length === 0) return undefined;
  const centre = target.relative ? members.reduce((a, m) => a + m.estimate, 0) / members.length : 0;
  const low = centre + target.low;
  const high = centre + target.high;
  let worst = members[0]!;
  let worstDistance = -1;
  for (const m of members) {
    const d = distance(m.estimate, low, high);
    if (d > worstDistance) [worst, worstDistance] = [m, d];
  }
  const label = target.family || target.key.startsWith('card-games|') ? memberLabel(worst.key, cardNames) : figureLabel(worst.key, cardNames).label;
  return { target: target.text, key: worst.key, label, estimate: worst.estimate, interval: worst.interval, n: worst.n, low, high, meets: worst.estimate >= low - 1e-12 && worst.estimate <= high + 1e-12 };
}

const memberLabel = (key: string, cardNames: Readonly<Record<string, string>>): string => {
  if (key.startsWith('card-games|')) {
    const id = key.slice('card-games|'.length);
    return `${cardNames[id] ?? id} (${id}): share of games bought`;
  }
  const label = figureLabel(key, cardNames).label;
  const card = /^card-(?:buys|round)\|(.+)$/.exec(key);
  return card ? `${label} (${card[1]})` : label;
};

/**
 * How far an estimate is from its range, in half-widths of the range: inside the range the
 * distance to its middle counts a tenth (a candidate in the middle beats one at an edge), outside
 * every half-width beyond the edge counts in full.
 */
export function distance(estimate: number, low: number, high: number): number {
  const centre = (low + high) / 2;
  const half = Math.max((high - low) / 2, Math.abs(centre) * 1e-3, 1e-9);
  const x = Math.abs(estimate - centre) / half;
  return x <= 1 ? 0.1 * x : 0.1 + (x - 1);
}

/** The sum of every target's distance; a target with no estimate (a figure never seen) counts 10. */
export function candidateLoss(estimates: readonly (TargetEstimate | undefined)[]): number {
  return estimates.reduce((sum, e) => sum + (e ? distance(e.estimate, e.low, e.high) : 10), 0);
}

/** `card-games|ID`: 1 in a game where any seat bought the card. */
function withCardGames(figures: Map<string, number>, result: GameResult, cards: readonly string[]): Map<string, number> {
  const seats = result.facts?.seats;
  if (!seats) return figures;
  for (const id of cards) figures.set(`card-games|${id}`, seats.some((f) => (f.cards?.[id]?.bought.length ?? 0) > 0) ? 1 : 0);
  return figures;
}

/** The candidates: the start first, then distinct grid points drawn with the run's seed. */
export function drawCandidates(fields: readonly TuneField[], start: readonly number[], count: number, seed: string): number[][] {
  const size = fields.reduce((n, f) => n * f.values.length, 1);
  const at = (i: number): number[] => {
    const out: number[] = [];
    for (const f of fields) {
      out.push(f.values[i % f.values.length]!);
      i = Math.floor(i / f.values.length);
    }
    return out;
  };
  const same = (a: readonly number[], b: readonly number[]): boolean => a.every((v, i) => v === b[i]);
  const picked: number[][] = [[...start]];
  if (size <= count * 4) {
    // A small grid: every point in a seeded order, so a budget that fits them all sees them all.
    const order = Array.from({ length: size }, (_, i) => i);
    const rng: Rng = createRng(`${seed}|tune-draw`);
    for (let i = order.length - 1; i > 0; i--) {
      const j = nextInt(rng, i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const i of order) {
      const p = at(i);
      if (!picked.some((q) => same(p, q))) picked.push(p);
    }
    return picked;
  }
  const rng: Rng = createRng(`${seed}|tune-draw`);
  while (picked.length < count * 4) {
    const p = fields.map((f) => f.values[nextInt(rng, f.values.length)]!);
    if (!picked.some((q) => same(p, q))) picked.push(p);
  }
  return picked;
}

const describe = (fields: readonly TuneField[], settings: readonly number[]): string =>
  fields.map((f, i) => `${f.field}=${settings[i]}`).join(', ');

interface Live {
  candidate: TuneCandidate;
  variant: Variant;
  games: Map<string, number>[];
}

/** Runs the search and the confirmation, on one pool of worker threads for all of it. */
export async function runTune(tune: TuneSpec, hooks: TuneHooks = {}): Promise<Result<TuneReport, GameError>> {
  const size = hooks.workers ?? defaultWorkers();
  if (hooks.pool || hooks.queue || size <= 1) return search(tune, hooks);
  const pool = new WorkerPool<LabTasks>({ size });
  try {
    return await search(tune, { ...hooks, pool });
  } finally {
    await pool.close();
  }
}

async function search(tune: TuneSpec, hooks: TuneHooks): Promise<Result<TuneReport, GameError>> {
  const { spec, fields, targets } = tune;
  if (fields.length === 0 || fields.length > MAX_TUNE_FIELDS) return err({ code: 'bad-field', message: `tune between 1 and ${MAX_TUNE_FIELDS} fields, not ${fields.length}` });
  if (targets.length === 0 || targets.length > MAX_TUNE_TARGETS) return err({ code: 'bad-target', message: `give between 1 and ${MAX_TUNE_TARGETS} targets, not ${targets.length}` });
  const now = hooks.now ?? (() => performance.now());
  const began = now();
  const wanted = Math.max(2, Math.min(MAX_TUNE_CANDIDATES, tune.candidates ?? 16));
  const rotation = tournamentSchedule({ bots: spec.bots, seats: spec.seats, games: 1, seed: spec.seed }).length;

  // Candidates: the start, then grid points; a point the content check refuses is replaced.
  const pool = drawCandidates(fields, tune.start, wanted, spec.seed);
  const live: Live[] = [];
  const refused: { settings: number[]; why: string }[] = [];
  for (const settings of pool) {
    if (live.length >= wanted) break;
    const start = live.length === 0;
    const name = start ? 'start' : `c${live.length}`;
    const v = tune.variant(settings, name);
    if ('why' in v) {
      if (start) return err({ code: 'bad-content', message: `the starting content is refused: ${v.why}` });
      refused.push({ settings, why: v.why });
      continue;
    }
    const source = `${describe(fields, settings)}${start ? ' (the starting content)' : ''}`;
    live.push({ candidate: { name, settings, start }, variant: { ...v, name, source }, games: [] });
  }
  if (live.length < 2) return err({ code: 'bad-field', message: `the fields' values give no candidate besides the starting content (${refused.length} refused by the content check${refused[0] ? `, e.g. ${refused[0].why}` : ''})` });

  // Minutes: a pilot round of the start prices a game, turning the limit into games.
  let budgetGames = tune.budget.games;
  const deadline = tune.budget.minutes === undefined ? Number.POSITIVE_INFINITY : began + tune.budget.minutes * 60_000;
  if (tune.budget.minutes !== undefined) {
    const t0 = now();
    const pilot = await playVariants({ ...spec, seed: `${spec.seed}.pilot`, games: rotation }, [live[0]!.variant], { ...hooks, onProgress: undefined });
    if (!pilot.ok) return pilot;
    const perGame = Math.max(1e-3, (now() - t0) / rotation);
    // The search gets four fifths of the time; the confirmation (a quarter of the search's games per variant, two variants) the rest.
    budgetGames = Math.min(budgetGames, Math.floor(((deadline - now()) * 0.8) / perGame));
  }

  const totalRounds = Math.max(1, Math.ceil(Math.log2(live.length)));
  const rounds: TuneRound[] = [];
  let names: Readonly<Record<string, string>> = {};
  let used = 0;
  let stoppedEarly: string | undefined;
  let ranking: RankedCandidate[] = [];
  for (let round = 0; live.length >= 2; round++) {
    const left = Math.max(1, totalRounds - round);
    const each = Math.max(rotation, Math.floor((budgetGames - used) / (left * live.length) / rotation) * rotation);
    if (round > 0 && used + each * live.length > budgetGames * 1.05) {
      stoppedEarly = `the games budget (${budgetGames}) was spent after round ${round}`;
      break;
    }
    if (round > 0 && now() > deadline) {
      stoppedEarly = `the time limit (${tune.budget.minutes} minutes) was reached after round ${round}`;
      break;
    }
    const t0 = now();
    const roundSpec: CompareSpec = { ...spec, seed: `${spec.seed}.tune${round}`, games: each };
    const played = await playVariants(roundSpec, live.map((l) => l.variant), hooks);
    if (!played.ok) return played;
    played.value.runs.forEach((run: VariantRun, i) => {
      const cards = Object.keys(run.run.pkg.lab?.cardNames ?? {});
      names = run.run.pkg.lab?.cardNames ?? names;
      run.games.forEach((g, j) => live[i]!.games.push(withCardGames(new Map(g), run.results[j]!, cards)));
    });
    const playedGames = played.value.schedule.length;
    used += playedGames * live.length;
    ranking = live
      .map((l): RankedCandidate => {
        const estimates = targets.map((t) => estimateTarget(t, l.games, names));
        return { ...l.candidate, games: l.games.length, loss: candidateLoss(estimates), estimates: estimates.filter((e): e is TargetEstimate => e !== undefined) };
      })
      // Ties keep the start first, then the draw order: the search never moves without a reason.
      .sort((a, b) => a.loss - b.loss || order(a) - order(b));
    const record: TuneRound = { round: round + 1, candidates: live.length, games: playedGames, seconds: (now() - t0) / 1000, ranking };
    rounds.push(record);
    hooks.onRound?.(record, ranking[0]!);
    if (live.length === 2) break;
    const keep = new Set(ranking.slice(0, Math.ceil(live.length / 2)).map((r) => r.name));
    for (let i = live.length - 1; i >= 0; i--) if (!keep.has(live[i]!.candidate.name)) live.splice(i, 1);
  }
  const bestName = ranking[0]!.name;
  const best = live.find((l) => l.candidate.name === bestName) ?? live[0]!;
  const start = { candidate: { name: 'start', settings: [...tune.start], start: true }, variant: (tune.variant(tune.start, 'start') as Variant) };

  // Confirmation on seeds the search never saw: the start against the best, paired.
  const confirmGames = Math.max(rotation, tune.confirm ?? Math.max(100, Math.floor(budgetGames / 4)));
  const confirmSeed = `${spec.seed}.confirm`;
  const confirmSpec: CompareSpec = { ...spec, seed: confirmSeed, games: confirmGames };
  const startVariant: Variant = { ...start.variant, name: 'start', source: `${describe(fields, tune.start)} (the starting content)` };
  const bestVariant: Variant = best.candidate.start
    ? { ...startVariant, name: 'best', source: `${startVariant.source}: no candidate beat it` }
    : { ...best.variant, name: 'best', source: describe(fields, best.candidate.settings) };
  let confirmed: TargetEstimate[][] = [];
  let confirmGamesPlayed = 0;
  const compared = await runCompare(confirmSpec, [startVariant, bestVariant], {
    ...hooks,
    onPlayed: (runs) => {
      confirmGamesPlayed = runs[0]!.games.length;
      confirmed = runs.map((run) => {
        const cards = Object.keys(run.run.pkg.lab?.cardNames ?? {});
        const games = run.games.map((g, j) => withCardGames(new Map(g), run.results[j]!, cards));
        return targets.map((t) => estimateTarget(t, games, names)).filter((e): e is TargetEstimate => e !== undefined);
      });
    },
  });
  if (!compared.ok) return compared;
  return ok({
    kind: 'tune',
    game: spec.game,
    title: compared.value.title,
    seats: spec.seats,
    bots: [...spec.bots],
    seed: spec.seed,
    fields: fields.map((f) => ({ field: f.field, values: [...f.values] })),
    targets,
    budget: { games: budgetGames, ...(tune.budget.minutes !== undefined ? { minutes: tune.budget.minutes } : {}) },
    searchGames: used,
    searchSeconds: rounds.reduce((s, r) => s + r.seconds, 0),
    refused,
    rounds,
    ...(stoppedEarly !== undefined ? { stoppedEarly } : {}),
    best: best.candidate,
    start: start.candidate,
    confirm: { games: confirmGamesPlayed, seed: confirmSeed, start: confirmed[0]!, best: confirmed[1]! },
    compare: compared.value,
  });

  function order(c: TuneCandidate): number {
    return c.start ? -1 : Number(c.name.slice(1));
  }
}
