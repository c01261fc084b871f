import type { Outcome, Seat } from './game.js';

/**
 * Ranks seats by score (1 = best). Equal scores share a rank, and the next rank skips
 * (1, 1, 3). `tieBreak` may order seats with equal scores (a smaller value ranks higher).
 */
export function rankScores(
  scores: readonly number[],
  lowerIsBetter: boolean,
  tieBreak?: readonly number[],
): Pick<Outcome, 'ranks' | 'winners'> {
  const better = (a: Seat, b: Seat): number => {
    const d = lowerIsBetter ? scores[a]! - scores[b]! : scores[b]! - scores[a]!;
    if (d !== 0) return d;
    return tieBreak ? tieBreak[a]! - tieBreak[b]! : 0;
  };
  const ranks = scores.map((_, seat) => 1 + scores.filter((__, other) => better(other, seat) < 0).length);
  const winners = ranks.flatMap((r, seat) => (r === 1 ? [seat] : []));
  return { ranks, winners };
}
