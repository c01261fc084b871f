/**
 * Search knowledge for Autumn Leaves. Hands are scored one at a time (L9) and totals decide
 * (L2), so a playout runs to the end of the current hand and the position is then judged by the
 * totals, with the hands still to come as noise (soft-rank.ts). The playout policy is a noisy,
 * state-reading cousin of the heuristic bot: it reads a determinized state, never the real one.
 */
import type { ActionBase, Seat } from '../../engine/game.js';
import { nextFloat, nextInt, type Rng } from '../../engine/rng.js';
import type { Action, State } from '../../games/autumn-leaves/state.js';
import type { SearchKnowledge } from '../knowledge.js';
import { softRankRewards } from './soft-rank.js';

/** Spread of one seat's score over one hand, measured in heuristic self-play (3–6 seats: 3.3–3.9). */
const HAND_SIGMA = 3.6;

const fits = (card: number, pile: readonly number[]): boolean => {
  const top = pile[pile.length - 1];
  return top !== undefined && (top - card === 1 || card - top === 1);
};

/** L9 as if the hand ended now with nobody out: highest card in hand minus the leaf pile, not below 0. */
function handEstimate(state: State, seat: Seat): number {
  const hand = state.handCards[seat]!;
  const chosen = state.chosen[seat];
  let highest = hand.length > 0 ? hand[hand.length - 1]! : 0;
  if (chosen !== null && chosen !== undefined && chosen > highest) highest = chosen;
  return Math.max(0, highest - state.piles[seat]!.length);
}

function value(raw: unknown): number[] {
  const state = raw as State;
  // A freshly dealt hand (no pile started) adds nothing yet; a hand in progress adds its estimate.
  const inProgress = state.phase !== 'over' && state.piles.some((p) => p.length > 0);
  const totals = state.scores.map((t, seat) => (inProgress ? t + handEstimate(state, seat) : t));
  const handsLeft = Math.max(0, state.hands - state.hand - (inProgress ? 1 : 0));
  return softRankRewards(totals, true, HAND_SIGMA * Math.sqrt(handsLeft));
}

function chooseCard(state: State, seat: Seat, legal: readonly Action[], rng: Rng): ActionBase {
  const hand = state.handCards[seat]!;
  const highest = hand[hand.length - 1]!;
  if (state.round === 0) return legal[nextInt(rng, legal.length)]!;
  let best = legal[0]!;
  let bestScore = -Infinity;
  for (const action of legal) {
    if (action.type !== 'choose') continue;
    const card = action.card;
    let score = nextFloat(rng) * 4;
    if (fits(card, state.piles[seat]!)) score += 6;
    else if (state.piles.some((p) => fits(card, p))) score += 3;
    else if (card >= 8) score += 2;
    if (card === highest) score += 2;
    if (hand.length === 1) score += 10;
    if (score > bestScore) {
      bestScore = score;
      best = action;
    }
  }
  return best;
}

function policy(raw: unknown, seat: Seat, legalRaw: readonly ActionBase[], rng: Rng): ActionBase {
  const state = raw as State;
  const legal = legalRaw as readonly Action[];
  const first = legal[0]!;
  switch (first.type) {
    case 'choose':
      return chooseCard(state, seat, legal, rng);
    case 'place': {
      // Own pile first: a card there is a point off your own hand score.
      const own = legal.find((a) => a.type === 'place' && a.pile === seat);
      return own ?? legal[nextInt(rng, legal.length)]!;
    }
    case 'keep':
    case 'discard': {
      const card = state.chosen[seat] ?? 0;
      return legal.find((a) => a.type === (card >= 7 ? 'discard' : 'keep')) ?? first;
    }
  }
}

export const autumnLeavesKnowledge: SearchKnowledge = {
  value,
  stage: (raw) => (raw as State).hand,
  policy,
};
