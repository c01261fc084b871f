/**
 * Expected rank rewards from running totals when more is still to play. If each seat still adds
 * a random amount with spread `sigma` to its total, seat i finishes ahead of seat j with
 * probability Φ((Tj − Ti) / (sigma·√2)) (lower-is-better; mirrored otherwise). A seat's rank
 * reward (reward.ts) is the share of the other seats it finishes ahead of, ties counting half,
 * so its expectation is the mean of those probabilities. With nothing left to play it is the
 * exact rank reward.
 */
import { scoreRewards } from '../../engine/search.js';

/** The standard normal CDF (Abramowitz & Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export function softRankRewards(totals: readonly number[], lowerIsBetter: boolean, sigma: number, scoreWeight = 0.1): number[] {
  const n = totals.length;
  if (n <= 1) return totals.map(() => 1);
  const spread = sigma * Math.SQRT2;
  const byScore = scoreRewards(totals, lowerIsBetter);
  return totals.map((ti, i) => {
    let ahead = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const margin = lowerIsBetter ? totals[j]! - ti : ti - totals[j]!;
      ahead += spread > 0 ? normalCdf(margin / spread) : margin > 0 ? 1 : margin === 0 ? 0.5 : 0;
    }
    return (1 - scoreWeight) * (ahead / (n - 1)) + scoreWeight * byScore[i]!;
  });
}
