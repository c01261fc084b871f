/**
 * The lab's statistics: Wilson score intervals for rates, Newcombe's intervals for differences of
 * rates (independent and paired), and normal-approximation intervals for means, cut to the range
 * the quantity can take. Pure functions over numbers; no I/O.
 */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** A closed interval [low, high]: the one interval type of the lab (rates, means, ratings). */
export type Interval = readonly [low: number, high: number];

/**
 * Below this many samples (games, seat-games, or paired deals) an interval means little: the
 * normal approximations behind the mean intervals need about 30, and even the score intervals
 * are then so wide that a reader should not lean on them. Reports mark such figures "too few"
 * (docs/lab.md, "Too few samples").
 */
export const FEW = 30;

/** The rule in words, for the reports' legends ("too few: " and the rule: each said once). */
export const FEW_RULE = `fewer than ${FEW} samples, so the interval means little`;

/** The legend line of the text reports. */
export const FEW_LEGEND = `too few: ${FEW_RULE}`;

/** The range a figure can take; a mean's interval is cut to it. */
export type Range = readonly [low: number, high: number];
export const SHARE_RANGE: Range = [0, 1];
/** Counts and other amounts that cannot be negative (rounds, copies bought, VP of a seat). */
export const COUNT_RANGE: Range = [0, Number.POSITIVE_INFINITY];

/**
 * `interval` cut to `range`. The true value always lies in its range, so cutting away the part
 * outside it never loses coverage: P(θ ∈ I ∩ R) = P(θ ∈ I) when θ ∈ R. The point estimate (a mean
 * of values in the range) stays inside.
 */
export const clampInterval = ([lo, hi]: Interval, [low, high]: Range): Interval => [Math.min(Math.max(lo, low), high), Math.max(Math.min(hi, high), low)];

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

/** `range`: what the values can be (default unbounded); the interval is cut to it (clampInterval). */
export function summarizeMean(acc: MeanAccumulator, z: number = Z95, range?: Range): MeanSummary {
  if (acc.n === 0) return { n: 0, mean: Number.NaN, sd: Number.NaN, interval: [Number.NaN, Number.NaN] };
  const sd = acc.n > 1 ? Math.sqrt(acc.m2 / (acc.n - 1)) : 0;
  const half = (z * sd) / Math.sqrt(acc.n);
  const interval: Interval = [acc.mean - half, acc.mean + half];
  return { n: acc.n, mean: acc.mean, sd, interval: range ? clampInterval(interval, range) : interval };
}

/** Mean of a list of numbers with its 95% interval, cut to `range` when given. */
export function meanWithInterval(values: readonly number[], z: number = Z95, range?: Range): MeanSummary {
  const acc = emptyMean();
  for (const v of values) addToMean(acc, v);
  return summarizeMean(acc, z, range);
}

/** A difference between two figures (variant − base) with its 95% interval, from `n` pairs or samples. */
export interface Difference {
  n: number;
  mean: number;
  interval: Interval;
}

/**
 * The paired difference: `pairs` are (base, variant) figures measured on the same deal (common
 * random numbers). The interval is mean(d) ± z·sd(d)/√n over the per-pair differences d, so
 * whatever the deal adds to both sides cancels: with correlated sides it is much narrower than
 * the unpaired interval for the same games.
 */
export function pairedDifference(pairs: readonly (readonly [base: number, variant: number])[], z: number = Z95): Difference {
  const d = summarizeMean(pairs.reduce((acc, [a, b]) => (addToMean(acc, b - a), acc), emptyMean()), z);
  return { n: d.n, mean: d.mean, interval: d.interval };
}

/**
 * The paired difference of two shares, mean(variant) − mean(base), over `pairs` measured on the
 * same deal: Newcombe's square-and-add interval for paired proportions (Newcombe 1998,
 * "Improved confidence intervals for the difference between binomial proportions based on paired
 * data", Statistics in Medicine 17:2635–2650, method 10). It combines the two marginal Wilson
 * intervals with the pairs' correlation, so it stays inside [−1, 1] (the lower end is at least
 * l₁ − u₂) and keeps its coverage at small n, where mean ± z·sd/√n printed −124% at n = 4.
 *
 * The lab's pairs are per-deal MEANS of win shares (a deal is played in every rotation, and a
 * shared win counts a fraction), so they lie in [0, 1] but need not be 0 or 1. The method carries
 * over: Wilson's interval at n pairs assumes the variance p(1−p), which bounds the variance of any
 * [0, 1] quantity with mean p (Bhatia–Davis), so it is conservative for fractions; the correlation
 * term is cov/√(p₁q₁p₂q₂) with Newcombe's correction (a positive covariance is reduced by
 * 1/(2n), ad − bc − n/2 in his 2×2 notation). For 0/1 pairs this is exactly his method 10.
 */
export function pairedShareDifference(pairs: readonly (readonly [base: number, variant: number])[], z: number = Z95): Difference {
  const n = pairs.length;
  if (n === 0) return { n, mean: Number.NaN, interval: [Number.NaN, Number.NaN] };
  for (const [a, b] of pairs) {
    if (!(a >= 0 && a <= 1 && b >= 0 && b <= 1)) throw new RangeError(`pairedShareDifference: (${a}, ${b}) is not a pair of shares`);
  }
  const p1 = pairs.reduce((s, [, b]) => s + b, 0) / n;
  const p2 = pairs.reduce((s, [a]) => s + a, 0) / n;
  // Population covariance (1/n), as ad − bc = n²·cov for 0/1 pairs.
  const cov = pairs.reduce((s, [a, b]) => s + (b - p1) * (a - p2), 0) / n;
  const [l1, u1] = wilsonInterval(p1 * n, n, z);
  const [l2, u2] = wilsonInterval(p2 * n, n, z);
  const scale = Math.sqrt(p1 * (1 - p1) * p2 * (1 - p2));
  // Newcombe: φ = 0 when a margin is empty; a positive association is corrected by n/2 in ad − bc.
  const corrected = cov > 1 / (2 * n) ? cov - 1 / (2 * n) : cov >= 0 ? 0 : cov;
  const phi = scale > 0 ? Math.max(-1, Math.min(1, corrected / scale)) : 0;
  const d1 = p1 - l1;
  const e1 = u1 - p1;
  const d2 = p2 - l2;
  const e2 = u2 - p2;
  const mean = p1 - p2;
  const low = mean - Math.sqrt(Math.max(0, d1 * d1 - 2 * phi * d1 * e2 + e2 * e2));
  const high = mean + Math.sqrt(Math.max(0, e1 * e1 - 2 * phi * e1 * d2 + d2 * d2));
  return { n, mean, interval: clampInterval([low, high], [-1, 1]) };
}

/**
 * The unpaired difference of two means (Welch's normal approximation): mean(b) − mean(a) ±
 * z·√(var(a)/n_a + var(b)/n_b). What the same games would give if the deals were not shared.
 */
export function unpairedDifference(a: readonly number[], b: readonly number[], z: number = Z95): Difference {
  const sa = meanWithInterval(a);
  const sb = meanWithInterval(b);
  const n = Math.min(sa.n, sb.n);
  if (sa.n === 0 || sb.n === 0) return { n, mean: Number.NaN, interval: [Number.NaN, Number.NaN] };
  const mean = sb.mean - sa.mean;
  const half = z * Math.sqrt((sa.sd * sa.sd) / sa.n + (sb.sd * sb.sd) / sb.n);
  return { n, mean, interval: [mean - half, mean + half] };
}

/**
 * The difference of two proportions x1/n1 − x2/n2 with Newcombe's hybrid score interval (his
 * method 10, built from the two Wilson intervals): honest for small samples and rates near 0 or 1.
 */
export function proportionDifference(x1: number, n1: number, x2: number, n2: number, z: number = Z95): Difference {
  const n = Math.min(n1, n2);
  if (!(n1 > 0) || !(n2 > 0)) return { n, mean: Number.NaN, interval: [Number.NaN, Number.NaN] };
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const [l1, u1] = wilsonInterval(x1, n1, z);
  const [l2, u2] = wilsonInterval(x2, n2, z);
  const mean = p1 - p2;
  // Inside [−1, 1] by construction (√(d₁² + e₂²) ≤ d₁ + e₂); the cut only removes rounding.
  return { n, mean, interval: clampInterval([mean - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), mean + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)], [-1, 1]) };
}

/**
 * The median with a distribution-free 95% interval: the order statistics at ranks
 * n/2 ∓ z·√n/2 (the binomial normal approximation), so it holds for any distribution of values.
 */
export function medianWithInterval(values: readonly number[], z: number = Z95): { n: number; median: number; interval: Interval } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { n, median: Number.NaN, interval: [Number.NaN, Number.NaN] };
  const median = n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  const spread = (z * Math.sqrt(n)) / 2;
  const lo = Math.max(0, Math.floor(n / 2 - spread));
  const hi = Math.min(n - 1, Math.ceil(n / 2 + spread) - 1);
  return { n, median, interval: [sorted[lo]!, sorted[Math.max(lo, hi)]!] };
}
