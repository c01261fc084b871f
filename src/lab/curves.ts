/**
 * Per-round curves (`drey lab`): how a game unfolds round by round, per participant (seat or racer
 * at no seat) and per measure the game samples (its package's `lab.curves`: Acorn Run's progress,
 * VP, acorns and cards; Acorns' score, claims and hand; Autumn Leaves' points, pile and hand).
 *
 * Each game's probe keeps one sample per round (the state at the end of the round, probe.ts). A
 * game that ended before round r counts at r with its final value (carried forward), so every
 * round's figure is over all games and a long game does not bias the late rounds; `running` says
 * how many games were still being played. Per round: the mean with its 95% interval
 * (`meanWithInterval`, stats.ts) and the interquartile range of the games' values.
 *
 * The fold keeps every game's trace by its place in the schedule and summarises them in that
 * order, so the curves are the same for any number of workers and any arrival order.
 */
import type { CurveMeasure, CurveParticipant } from '../games/package.js';
import { meanWithInterval, type Interval } from './stats.js';

/** One game's samples: per completed round (the last may be the final state of a round cut short). */
export interface GameTrace {
  participants: CurveParticipant[];
  /** samples[k] is the state at the end of round k + 1: per measure, a value per participant. */
  samples: Record<string, (number | null)[]>[];
}

export interface CurvePoint {
  round: number;
  /** Games with a value at this round (a racer out of the race has none). */
  n: number;
  mean: number;
  /** 95% interval of the mean. */
  interval: Interval;
  /** Interquartile range of the games' values. */
  q1: number;
  q3: number;
}

export interface Curve {
  participant: string;
  measure: string;
  points: CurvePoint[];
}

export interface CurvesSummary {
  measures: CurveMeasure[];
  /** Participants in order (seats first, then racers at no seat). */
  participants: string[];
  curves: Curve[];
  /** Per round (index 0 = round 1): games still being played at its start. */
  running: number[];
  games: number;
}

/** The q-quantile of sorted values (linear between order statistics). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** The value of `participant`'s `measure` at round `round` (1-based) of a trace, carried forward past its end. */
export function valueAt(trace: GameTrace, measure: string, participant: number, round: number): number | null {
  if (trace.samples.length === 0) return null;
  const sample = trace.samples[Math.min(round, trace.samples.length) - 1]!;
  return sample[measure]?.[participant] ?? null;
}

/** Collects each game's trace by schedule index; `summary` is independent of the order of `add`. */
export class CurveFold {
  private readonly traces = new Map<number, GameTrace>();

  constructor(private readonly measures: readonly CurveMeasure[]) {}

  add(index: number, trace: GameTrace | undefined): void {
    if (trace) this.traces.set(index, trace);
  }

  get size(): number {
    return this.traces.size;
  }

  summary(): CurvesSummary | undefined {
    if (this.traces.size === 0) return undefined;
    const traces = [...this.traces.entries()].sort(([a], [b]) => a - b).map(([, t]) => t);
    return summarizeCurves(traces, this.measures);
  }
}

/** Curves of `traces` (in schedule order): per participant name and measure, per round up to the longest game. */
export function summarizeCurves(traces: readonly GameTrace[], measures: readonly CurveMeasure[]): CurvesSummary {
  const horizon = Math.max(0, ...traces.map((t) => t.samples.length));
  const participants: string[] = [];
  for (const t of traces) for (const p of t.participants) if (!participants.includes(p.name)) participants.push(p.name);
  const running = Array.from({ length: horizon }, (_, r) => traces.filter((t) => t.samples.length > r).length);
  const curves: Curve[] = [];
  for (const name of participants) {
    for (const m of measures) {
      const points: CurvePoint[] = [];
      for (let round = 1; round <= horizon; round++) {
        const values: number[] = [];
        for (const t of traces) {
          const p = t.participants.findIndex((x) => x.name === name);
          if (p < 0) continue;
          const v = valueAt(t, m.key, p, round);
          if (v !== null && Number.isFinite(v)) values.push(v);
        }
        if (values.length === 0) continue;
        const s = meanWithInterval(values);
        const sorted = [...values].sort((a, b) => a - b);
        points.push({ round, n: s.n, mean: s.mean, interval: s.interval, q1: quantile(sorted, 0.25), q3: quantile(sorted, 0.75) });
      }
      if (points.length > 0) curves.push({ participant: name, measure: m.key, points });
    }
  }
  return { measures: [...measures], participants, curves, running, games: traces.length };
}
