/** Autumn Leaves scoring: each hand (L9) and the game's outcome (L2). */
import type { Outcome, Seat } from '../../engine/game.js';
import { rankScores } from '../../engine/outcome.js';
import type { State } from './state.js';

/** L9: the player who emptied their hand scores minus their pile; others their highest card minus their pile, not below 0. */
export function scoreHand(state: State, emptied: Seat | null): number[] {
  const scores: number[] = [];
  for (let seat = 0; seat < state.seats; seat++) {
    const pile = state.piles[seat]!.length;
    if (seat === emptied) {
      scores.push(-pile);
    } else {
      const hand = state.handCards[seat]!;
      const highest = hand.length > 0 ? hand[hand.length - 1]! : 0;
      scores.push(Math.max(0, highest - pile));
    }
  }
  return scores;
}

export function outcome(state: State): Outcome | null {
  if (state.phase !== 'over') return null;
  // L2: lowest total wins; equal totals share the win.
  return { scores: [...state.scores], ...rankScores(state.scores, true), lowerIsBetter: true, rounds: state.rounds };
}
