/**
 * What a finished (or estimated) game is worth to each seat, for search. Any number of seats:
 * the reward is per seat, never a single winner flag.
 *
 * Rank part: a seat in position p of n is worth (n - p) / (n - 1) — 1 for first, 0 for last.
 * Seats that share a rank share the positions they span: two seats tied for first at a four-seat
 * table each sit at position 1.5 and get 5/6, so a shared win is worth less than an outright one
 * and the rewards of a table always sum to n / 2.
 *
 * Score part: each seat's score placed between the table's worst (0) and best (1). Blending a
 * little of it in (weight 0.1 by default) lets search prefer a closer loss or a wider win when
 * the rank would not change, which matters in games whose ranks are settled late.
 */
import type { Outcome } from '../engine/game.js';
import { rankScores } from '../engine/outcome.js';

/** Position-based reward for each seat from its rank (1 = best; equal ranks share). */
export function rankRewards(ranks: readonly number[]): number[] {
  const n = ranks.length;
  if (n <= 1) return ranks.map(() => 1);
  return ranks.map((rank) => {
    let shared = 0;
    for (const r of ranks) if (r === rank) shared++;
    const position = rank + (shared - 1) / 2;
    return (n - position) / (n - 1);
  });
}

/** Each seat's score scaled to [0, 1] between the table's worst and best (0.5 for all when equal). */
export function scoreRewards(scores: readonly number[], lowerIsBetter: boolean): number[] {
  let min = Infinity;
  let max = -Infinity;
  for (const s of scores) {
    if (s < min) min = s;
    if (s > max) max = s;
  }
  if (!(max > min)) return scores.map(() => 0.5);
  return scores.map((s) => (lowerIsBetter ? (max - s) / (max - min) : (s - min) / (max - min)));
}

/** The default blend of rank and score: the reward of each seat for a finished game. */
export function outcomeRewards(outcome: Pick<Outcome, 'ranks' | 'scores' | 'lowerIsBetter' | 'racers'>, scoreWeight = 0.1): number[] {
  // Racers at no seat (Acorn Run's dummies) take part in the ranking and the score scale: a seat
  // beaten by them is worth less, even alone at the table. Only the seats' rewards are returned.
  const racers = outcome.racers ?? [];
  const seats = outcome.ranks.length;
  const byRank = rankRewards([...outcome.ranks, ...racers.map((r) => r.rank)]).slice(0, seats);
  if (scoreWeight <= 0) return byRank;
  const byScore = scoreRewards([...outcome.scores, ...racers.map((r) => r.score)], outcome.lowerIsBetter === true);
  return byRank.map((r, seat) => (1 - scoreWeight) * r + scoreWeight * byScore[seat]!);
}

/** Rewards from projected scores (a capped playout's estimate), ranked as a finished game would be. */
export function projectedRewards(scores: readonly number[], lowerIsBetter: boolean, scoreWeight = 0.1): number[] {
  const { ranks } = rankScores(scores, lowerIsBetter);
  return outcomeRewards({ ranks, scores: [...scores], lowerIsBetter }, scoreWeight);
}
