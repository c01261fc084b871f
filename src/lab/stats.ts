/**
 * The lab's statistics: Wilson score intervals for rates and normal-approximation intervals for
 * means. Pure functions over numbers; no I/O.
 */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** A closed interval [low, high]: the one interval type of the lab (rates, means, ratings). */
export type Interval = readonly [low: number, high: number];

/**
 * The Wilson score interval for a proportion: `successes` out of `trials`, at confidence `z`.
 * Unlike the textbook p ± z·√(p(1−p)/n) it stays inside [0, 1] and behaves at 0 or n
 * successes and for small n. `successes` may be fractional (the lab counts a shared win as a
 * share of a win); the formula only needs the observed rate.
 */
export function wilsonInterval(successes: number, trials: number, z: number = Z95): Interval {
  if (!(trials > 0)) return [0, 1];
  if (successes < 0 || successes > trials) {
    throw new RangeError(`wilsonInterval: ${successes} successes out of ${trials} trials`);
  }
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * A running mean and variance (Welford's method): numerically stable, one pass, and the same
 * result for the same values in the same order — which is what makes sims reproducible.
 */
export interface MeanAccumulator {
  n: number;
  mean: number;
  /** Sum of squared deviations from the mean. */
  m2: number;
}

export const emptyMean = (): MeanAccumulator => ({ n: 0, mean: 0, m2: 0 });

export function addToMean(acc: MeanAccumulator, value: number): void {
  acc.n += 1;
  const delta = value - acc.mean;
  acc.mean += delta / acc.n;
  acc.m2 += delta * (value - acc.mean);
}

export interface MeanSummary {
  n: number;
  mean: number;
  /** Sample standard deviation (0 with fewer than two values). */
  sd: number;
  /** 95% interval for the mean, mean ± z·sd/√n (normal approximation; fine for n ≳ 30). */
  interval: Interval;
}

export function summarizeMean(acc: MeanAccumulator, z: number = Z95): MeanSummary {
  if (acc.n === 0) return { n: 0, mean: Number.NaN, sd: Number.NaN, interval: [Number.NaN, Number.NaN] };
  const sd = acc.n > 1 ? Math.sqrt(acc.m2 / (acc.n - 1)) : 0;
  const half = (z * sd) / Math.sqrt(acc.n);
  return { n: acc.n, mean: acc.mean, sd, interval: [acc.mean - half, acc.mean + half] };
}

/** Mean of a list of numbers with its 95% interval. */
export function meanWithInterval(values: readonly number[], z: number = Z95): MeanSummary {
  const acc = emptyMean();
  for (const v of values) addToMean(acc, v);
  return summarizeMean(acc, z);
}
