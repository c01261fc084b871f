/**
 * Tension figures (`drey lab`), read from each game's per-round samples (curves.ts) on the game's
 * lead measure (its package's `lab.curves.lead`: Acorn Run's VP, Acorns' score, Autumn Leaves'
 * points, lower first):
 *
 * - lead changes: how often the sole leader (one side strictly ahead at the end of a round) is a
 *   different side from the last sole leader; rounds with a tie at the top change nothing.
 * - leads for good: the first round from whose end on the eventual winner is never behind
 *   (ties count as leading) — a game whose winner led from round 1 has 1. Shared wins have none.
 * - margin: at the end, the best side's lead value minus the next side's (0 for a tie).
 * - close: margin at most the game's `close` (documented per game in its lab.ts and docs/lab.md).
 * - minutes of play: actions × the game's estimated seconds per action (an estimate; see docs/lab.md).
 *
 * Sides: partners (Acorns' teams) are one side; otherwise each seat or racer is its own.
 * Every figure is summarised with its interval (stats.ts) and three games to replay: the game
 * nearest the mean and the games with the lowest and highest value.
 */
import type { RoundCurves } from '../games/package.js';
import type { GameTrace } from './curves.js';
import { COUNT_RANGE, meanWithInterval, SHARE_RANGE, wilsonInterval, Z95, type Interval, type MeanSummary, type Range } from './stats.js';

/** How a game ranks its lead measure, and what counts as close. */
export type LeadRule = Pick<RoundCurves<unknown>, 'lead' | 'lowerIsBetter' | 'close'>;

export interface GameTension {
  leadChanges: number;
  /** The round from whose end the winner is never behind; null for a shared win or no winner. */
  leadsFrom: number | null;
  margin: number;
  close: boolean;
  /** Rounds sampled. */
  rounds: number;
  /** Per round: whether the side alone in the lead at its end won; null with a tie at the top or no single winning side. */
  leaderWon: (boolean | null)[];
}

/** Per sample: each side's best value of the lead measure (sides without a value are absent). */
function sideValues(trace: GameTrace, sample: Record<string, (number | null)[]>, rule: LeadRule): Map<number, number> {
  const better = (a: number, b: number): boolean => (rule.lowerIsBetter ? a < b : a > b);
  const out = new Map<number, number>();
  trace.participants.forEach((p, i) => {
    const v = sample[rule.lead]?.[i];
    if (v === null || v === undefined || !Number.isFinite(v)) return;
    const had = out.get(p.side);
    if (had === undefined || better(v, had)) out.set(p.side, v);
  });
  return out;
}

/**
 * Tension of one game. `winnerSides`: the sides of the outcome's winners (a racer at no seat that
 * won included); more than one side means a shared win.
 */
export function gameTension(trace: GameTrace, winnerSides: readonly number[], rule: LeadRule): GameTension | undefined {
  if (trace.samples.length === 0) return undefined;
  const sides = new Set(trace.participants.map((p) => p.side));
  if (sides.size < 2) return undefined;
  const sign = rule.lowerIsBetter ? -1 : 1;
  let changes = 0;
  let last: number | null = null;
  const leading: boolean[] = [];
  const leaderWon: (boolean | null)[] = [];
  const winner = new Set(winnerSides).size === 1 ? winnerSides[0]! : null;
  let margin = 0;
  for (const [k, sample] of trace.samples.entries()) {
    const values = sideValues(trace, sample, rule);
    const ranked = [...values.entries()].sort(([, a], [, b]) => sign * (b - a));
    const top = ranked[0];
    const sole = top !== undefined && (ranked.length === 1 || sign * (top[1] - ranked[1]![1]) > 0) ? top[0] : null;
    leaderWon.push(sole === null || winner === null ? null : sole === winner);
    if (sole !== null) {
      if (last !== null && sole !== last) changes++;
      last = sole;
    }
    if (winner !== null) {
      const w = values.get(winner);
      leading.push(w !== undefined && top !== undefined && sign * (top[1] - w) <= 0);
    }
    if (k === trace.samples.length - 1) margin = ranked.length >= 2 ? sign * (ranked[0]![1] - ranked[1]![1]) : 0;
  }
  let leadsFrom: number | null = null;
  if (winner !== null && leading[leading.length - 1]) {
    let k = leading.length - 1;
    while (k > 0 && leading[k - 1]) k--;
    leadsFrom = k + 1;
  }
  return { leadChanges: changes, leadsFrom, margin, close: margin <= rule.close, rounds: trace.samples.length, leaderWon };
}

/** Three games to replay for a figure: nearest its mean, lowest and highest (earliest on ties). */
export interface GameRefs {
  nearest: number;
  min: number;
  max: number;
}

/** Picks the games behind a figure from (game index, value) pairs; undefined with no values. */
export function gameRefs(values: readonly { index: number; value: number }[]): GameRefs | undefined {
  const list = values.filter((v) => Number.isFinite(v.value)).sort((a, b) => a.index - b.index);
  if (list.length === 0) return undefined;
  const mean = list.reduce((s, v) => s + v.value, 0) / list.length;
  let nearest = list[0]!;
  let min = list[0]!;
  let max = list[0]!;
  for (const v of list) {
    if (Math.abs(v.value - mean) < Math.abs(nearest.value - mean)) nearest = v;
    if (v.value < min.value) min = v;
    if (v.value > max.value) max = v;
  }
  return { nearest: nearest.index, min: min.index, max: max.index };
}

export interface TensionFigure {
  key: 'leadChanges' | 'leadsFrom' | 'leadsFromShare' | 'margin' | 'minutes';
  label: string;
  mean: MeanSummary;
  refs?: GameRefs;
}

export interface TensionSummary {
  /** Games with a tension figure (two sides or more, at least one sample). */
  games: number;
  figures: TensionFigure[];
  /** Share of close finishes with its Wilson interval; games to replay: a close one and a clear one. */
  close: { x: number; n: number; rate: number; interval: Interval; limit: number; why: string; closeGame?: number; clearGame?: number };
  /**
   * Per round (index 0 = round 1): of the games still being played with one side alone in the lead
   * at its end (and one winning side), the share the leader went on to win, with Wilson's interval.
   */
  leaderWins: { round: number; x: number; n: number; rate: number; interval: Interval }[];
  /** Games with a shared win or no sole winner (no "leads for good"). */
  noSoleWinner: number;
  /** The minutes-of-play estimate's basis. */
  secondsPerAction: number;
  secondsWhy: string;
  /** The seconds per action were measured from human moves (move-times.ts), not the game's guess. */
  measured?: { moves: number; tables: number };
  lead: string;
  lowerIsBetter: boolean;
}

/** Collects per-game tension by schedule index; `summary` does not depend on the order of `add`. */
export class TensionFold {
  private readonly games = new Map<number, { t: GameTension; actions: number }>();

  constructor(private readonly curves: Pick<RoundCurves<unknown>, 'lead' | 'lowerIsBetter' | 'close' | 'closeWhy' | 'secondsPerAction' | 'secondsWhy'> & { measured?: { moves: number; tables: number } }) {}

  add(index: number, trace: GameTrace | undefined, winnerSides: readonly number[], actions: number): void {
    if (!trace) return;
    const t = gameTension(trace, winnerSides, this.curves);
    if (t) this.games.set(index, { t, actions });
  }

  summary(): TensionSummary | undefined {
    if (this.games.size === 0) return undefined;
    const list = [...this.games.entries()].sort(([a], [b]) => a - b);
    // Every tension figure is a count or amount (never below 0) but the share of rounds (0 to 1):
    // intervals stay within what the figure can be (issue 26, honest numbers).
    const figure = (key: TensionFigure['key'], label: string, of: (g: { t: GameTension; actions: number }) => number | null, range: Range = COUNT_RANGE): TensionFigure => {
      const values = list.flatMap(([index, g]) => {
        const value = of(g);
        return value === null ? [] : [{ index, value }];
      });
      const refs = gameRefs(values);
      return { key, label, mean: meanWithInterval(values.map((v) => v.value), Z95, range), ...(refs ? { refs } : {}) };
    };
    const c = this.curves;
    const closeGames = list.filter(([, g]) => g.t.close);
    const clearGame = list.find(([, g]) => !g.t.close)?.[0];
    const x = closeGames.length;
    const n = list.length;
    return {
      games: n,
      figures: [
        figure('leadChanges', 'lead changes per game', (g) => g.t.leadChanges),
        figure('leadsFrom', 'round from which the winner leads for good', (g) => g.t.leadsFrom),
        figure('leadsFromShare', 'same, as a share of the game’s rounds', (g) => (g.t.leadsFrom === null ? null : g.t.leadsFrom / g.t.rounds), SHARE_RANGE),
        figure('margin', `margin of victory (${c.lead})`, (g) => g.t.margin),
        figure('minutes', 'minutes of play (estimate)', (g) => (g.actions * c.secondsPerAction) / 60),
      ],
      close: {
        x,
        n,
        rate: x / n,
        interval: wilsonInterval(x, n),
        limit: c.close,
        why: c.closeWhy,
        ...(closeGames[0] !== undefined ? { closeGame: closeGames[0][0] } : {}),
        ...(clearGame !== undefined ? { clearGame } : {}),
      },
      leaderWins: Array.from({ length: Math.max(0, ...list.map(([, g]) => g.t.leaderWon.length)) }, (_, r) => {
        const known = list.flatMap(([, g]) => (g.t.leaderWon[r] === null || g.t.leaderWon[r] === undefined ? [] : [g.t.leaderWon[r]]));
        const won = known.filter((w) => w).length;
        return { round: r + 1, x: won, n: known.length, rate: known.length > 0 ? won / known.length : Number.NaN, interval: wilsonInterval(won, known.length) };
      }),
      noSoleWinner: list.filter(([, g]) => g.t.leadsFrom === null).length,
      secondsPerAction: c.secondsPerAction,
      secondsWhy: c.secondsWhy,
      ...(c.measured ? { measured: c.measured } : {}),
      lead: c.lead,
      lowerIsBetter: c.lowerIsBetter ?? false,
    };
  }
}

/** The sides of an outcome's winners: winning seats, and racers at no seat ranked first (by name). */
export function winnerSides(trace: GameTrace, winners: readonly number[], racers: readonly { name: string; rank: number }[] = []): number[] {
  const sides: number[] = [];
  for (const p of trace.participants) {
    const won = p.seat !== null ? winners.includes(p.seat) : racers.some((r) => r.name === p.name && r.rank === 1);
    if (won && !sides.includes(p.side)) sides.push(p.side);
  }
  return sides;
}

/** Labels of the per-game tension figures `drey lab compare` pairs like any other figure. */
const TENSION_LABELS: Record<string, { label: string; unit: 'share' | 'number' }> = {
  leadChanges: { label: 'lead changes per game', unit: 'number' },
  leadsFrom: { label: 'round from which the winner leads for good', unit: 'number' },
  margin: { label: 'margin of victory', unit: 'number' },
  close: { label: 'close finish share', unit: 'share' },
  minutes: { label: 'minutes of play (estimate)', unit: 'number' },
};

/** One game's tension as figure keys (`tension|leadChanges` …), for the paired figure table. */
export function tensionFigures(t: GameTension | undefined, actions: number, secondsPerAction: number): Map<string, number> {
  const out = new Map<string, number>();
  if (!t) return out;
  out.set('tension|leadChanges', t.leadChanges);
  if (t.leadsFrom !== null) out.set('tension|leadsFrom', t.leadsFrom);
  out.set('tension|margin', t.margin);
  out.set('tension|close', t.close ? 1 : 0);
  out.set('tension|minutes', (actions * secondsPerAction) / 60);
  return out;
}

/** The label of a `tension|…` figure key, or undefined for any other key. */
export function tensionLabel(key: string): { key: string; label: string; unit: 'share' | 'number' } | undefined {
  const [kind, name] = key.split('|');
  const known = kind === 'tension' && name !== undefined ? TENSION_LABELS[name] : undefined;
  return known ? { key, ...known } : undefined;
}
