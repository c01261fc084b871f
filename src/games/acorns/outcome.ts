/** A11, A12: scores, ranks and the outcome of a finished game. */
import type { Outcome } from '../../engine/game.js';
import { rankScores } from '../../engine/outcome.js';
import type { AcornsTables } from './tables.js';
import { seatsOfSide, sideCount, sideOf, type AcornsState } from './state.js';

const sum = (acorns: readonly number[], cards: readonly number[]): number => {
  let total = 0;
  for (const c of cards) total += acorns[c]!;
  return total;
};

/**
 * A11: acorns on claimed trees minus acorns on trees still in hand (non-trees count 0).
 * A12: a team scores its pile minus the trees left in both partners' hands.
 */
export function sideScores(tables: AcornsTables, state: AcornsState): number[] {
  const { acorns } = tables;
  return Array.from({ length: sideCount(state) }, (_, side) => {
    let score = sum(acorns, state.piles[side]!);
    for (const seat of seatsOfSide(state, side)) score -= sum(acorns, state.hands[seat]!);
    return score;
  });
}

/** Full table turns: every seat's turn once (skipped turns of seats sitting out included). */
export const roundsPlayed = (state: AcornsState): number => Math.floor(state.turns / state.seats);

export function outcome(tables: AcornsTables, state: AcornsState): Outcome | null {
  if (!state.over) return null;
  const { acorns } = tables;
  const bySide = sideScores(tables, state);
  const scores = Array.from({ length: state.seats }, (_, seat) => bySide[sideOf(state, seat)]!);
  // A11: equal scores share the win (and any other rank); partners share their team's.
  const { ranks, winners } = rankScores(scores, false);
  const result: Outcome = {
    scores,
    ranks,
    winners,
    rounds: roundsPlayed(state),
    stats: {
      treesClaimed: state.piles.reduce((n, p) => n + p.length, 0),
      acornsClaimed: state.piles.reduce((n, p) => n + sum(acorns, p), 0),
      acornsLeftInHands: state.hands.reduce((n, h) => n + sum(acorns, h), 0),
    },
  };
  if (state.partners) result.teams = Array.from({ length: sideCount(state) }, (_, side) => seatsOfSide(state, side));
  return result;
}
