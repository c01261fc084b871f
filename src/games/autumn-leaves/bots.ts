/**
 * The Autumn Leaves heuristic bot. It reads only its view. Points are bad: a hand scores your
 * highest card minus your leaf pile, so it wants cards on its own pile, high cards out of its
 * hand, and other players' piles kept short.
 */
import type { Bot } from '../../engine/bot.js';
import type { Seat } from '../../engine/game.js';
import { nextFloat } from '../../engine/rng.js';
import type { Action } from './state.js';
import type { View } from './view.js';

const top = (pile: readonly number[]): number | undefined => pile[pile.length - 1];
const fitsTop = (card: number, t: number | undefined): boolean => t !== undefined && Math.abs(card - t) === 1;

/** Mean rank of a card drawn from a Pairs deck: sum(n²)/sum(n) = 7. */
const MEAN_DRAW = 7;

function chooseScore(view: View, me: Seat, card: number, hand: readonly number[]): number {
  const piles = view.piles;
  const own = top(piles[me]!);
  const highest = hand[hand.length - 1]!;
  const secondHighest = hand.length > 1 ? hand[hand.length - 2]! : 0;
  let score = 0;
  if (view.round === 0) {
    // L4: the first card starts your pile. Start it in the middle so more cards fit on it, and
    // shed a high card while you are at it.
    return -Math.abs(card - 5.5) + card * 0.3;
  }
  if (fitsTop(card, own)) score += 6; // lengthens my pile: one point less for me
  else if (piles.some((p, seat) => seat !== me && fitsTop(card, top(p)))) score += 3;
  else if (card >= 8) score += 2; // fits nowhere: discard it for an average card
  else score -= 2;
  // Shedding the highest card lowers what the hand would score.
  if (card === highest) score += (highest - secondHighest) * 0.8 + 1;
  score += card * 0.15;
  // The last card empties the hand: that wins the hand outright when it can be placed.
  if (hand.length === 1) score += 10;
  return score;
}

function placeScore(view: View, me: Seat, pile: Seat): number {
  if (pile === me) return 100;
  // Help the opponent who is doing worst overall; a card on a pile is a point off its owner.
  return view.scores[pile]! - view.piles[pile]!.length * 0.1;
}

export const heuristicBot: Bot<View, Action> = ({ view, legal, rng, seat }) => {
  const hand = view.myHand ?? [];
  let best = legal[0]!;
  let bestScore = -Infinity;
  for (const action of legal) {
    let score: number;
    switch (action.type) {
      case 'choose':
        score = chooseScore(view, seat, action.card, hand);
        break;
      case 'place':
        score = placeScore(view, seat, action.pile);
        break;
      case 'keep':
      case 'discard': {
        const card = view.myChoice ?? 0;
        const highestInHand = hand.length > 0 ? hand[hand.length - 1]! : 0;
        // Discarding swaps the card for an average one; worth it for a high card that would be
        // the hand's highest.
        const discardGain = card >= MEAN_DRAW && card >= highestInHand ? card - MEAN_DRAW + 1 : card - MEAN_DRAW - 0.5;
        score = action.type === 'discard' ? discardGain : 0;
        break;
      }
    }
    score += nextFloat(rng) * 0.01; // break exact ties without favouring the first listed
    if (score > bestScore) {
      bestScore = score;
      best = action;
    }
  }
  return best;
};
