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

/** One line of a results table: a seat, or a participant that sits at no seat (seat null). */
export interface Standing {
  seat: Seat | null;
  name: string;
  score: number;
  rank: number;
  detail?: string;
}

/**
 * Everyone who took part, best first: the seats (named by `names`) and the outcome's `racers`
 * (Acorn Run's dummies) ranked together. A tie keeps seats before racers, then seat order.
 */
export function standings(outcome: Outcome, names: readonly (string | undefined)[]): Standing[] {
  const seats: Standing[] = outcome.scores.map((score, seat) => ({
    seat,
    name: names[seat] ?? `Seat ${seat}`,
    score,
    rank: outcome.ranks[seat]!,
    ...(outcome.details?.[seat] === undefined ? {} : { detail: outcome.details[seat] }),
  }));
  const others: Standing[] = (outcome.racers ?? []).map((r) => ({ seat: null, ...r }));
  return [...seats, ...others].sort((a, b) => a.rank - b.rank);
}

/** The names of everyone ranked 1st: seats and racers alike (a racer may win alone). */
export const winnerNames = (table: readonly Standing[]): string[] => table.filter((s) => s.rank === 1).map((s) => s.name);
