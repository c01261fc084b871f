/**
 * The Autumn Leaves heuristic bot, and below it the search knowledge. The bot reads only its view.
 * Points are bad: a hand scores your highest card minus your leaf pile, so it wants cards on its
 * own pile, high cards out of its hand, and other players' piles kept short.
 *
 * Both are built from the content's tables (createBots): what a card is worth against a blind
 * draw (the deck's mean rank), where the middle of the deck lies (for the first card of a pile)
 * and how much a hand's score spreads (from the span of the ranks) come from the deck, never from
 * numbers copied from the builtin deck. The weights between the bot's aims are its own.
 */
import { madeOnce } from '../../engine/memo.js';
import type { Bot } from '../../engine/bot.js';
import type { ActionBase, Seat } from '../../engine/game.js';
import { nextFloat, nextInt, type Rng } from '../../engine/rng.js';
import { softRankRewards, type SearchKnowledge } from '../../engine/search.js';
import type { Action, State } from './state.js';
import type { View } from './view.js';
import { fitMask, fitsIn } from './rules.js';
import type { LeavesTables } from './content/index.js';

const top = (pile: readonly number[]): number | undefined => pile[pile.length - 1];
const fitsTop = (card: number, t: number | undefined): boolean => t !== undefined && Math.abs(card - t) === 1;

function chooseScore(t: LeavesTables, view: View, me: Seat, card: number, hand: readonly number[]): number {
  const piles = view.piles;
  const own = top(piles[me]!);
  const highest = hand[hand.length - 1]!;
  const secondHighest = hand.length > 1 ? hand[hand.length - 2]! : 0;
  let score = 0;
  if (view.round === 0) {
    // L4: the first card starts your pile. Start it in the middle so more cards fit on it, and
    // shed a high card while you are at it.
    return -Math.abs(card - t.midRank) + card * 0.3;
  }
  if (fitsTop(card, own)) score += 6; // lengthens my pile: one point less for me
  else if (piles.some((p, seat) => seat !== me && fitsTop(card, top(p)))) score += 3;
  else if (card > t.meanDraw) score += 2; // fits nowhere: discard it for an average card
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

/** The heuristic bot for the deck of `t` (L1): a blind draw is worth the deck's mean rank. */
const heuristicFor = (t: LeavesTables): Bot<View, Action> => ({ view, legal, rng, seat }) => {
  const meanDraw = t.meanDraw;
  const hand = view.myHand ?? [];
  let best = legal[0]!;
  let bestScore = -Infinity;
  for (const action of legal) {
    let score: number;
    switch (action.type) {
      case 'choose':
        score = chooseScore(t, view, seat, action.card, hand);
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
        const discardGain = card >= meanDraw && card >= highestInHand ? card - meanDraw + 1 : card - meanDraw - 0.5;
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

// ---------------------------------------------------------------- search knowledge

/**
 * Search knowledge for Autumn Leaves. Hands are scored one at a time (L9) and totals decide
 * (L2), so a playout runs to the end of the current hand and the position is then judged by the
 * totals, with the hands still to come as noise (engine/search.ts). The playout policy is a noisy,
 * state-reading cousin of the heuristic bot: it reads a determinized state, never the real one.
 */

/**
 * Spread of one seat's score over one hand: measured in heuristic self-play with the builtin deck
 * (3–6 seats: 3.3–3.9) as 3.6 for ranks spanning 10. A hand scores a rank minus a pile (L9), so
 * the spread grows with the span of the deck's ranks.
 */
const handSigma = (t: LeavesTables): number => (3.6 * (t.highestRank - t.lowestRank + 1)) / 10;

/** L9 as if the hand ended now with nobody out: highest card in hand minus the leaf pile, not below 0. */
function handEstimate(state: State, seat: Seat): number {
  const hand = state.handCards[seat]!;
  const chosen = state.chosen[seat];
  let highest = hand.length > 0 ? hand[hand.length - 1]! : 0;
  if (chosen !== null && chosen !== undefined && chosen > highest) highest = chosen;
  return Math.max(0, highest - state.piles[seat]!.length);
}

function value(sigma: number, raw: unknown): number[] {
  const state = raw as State;
  // A freshly dealt hand (no pile started) adds nothing yet; a hand in progress adds its estimate.
  let inProgress = false;
  if (state.phase !== 'over') for (let seat = 0; seat < state.seats && !inProgress; seat++) inProgress = state.piles[seat]!.length > 0;
  const totals = state.scores.slice();
  if (inProgress) for (let seat = 0; seat < totals.length; seat++) totals[seat]! += handEstimate(state, seat);
  const handsLeft = Math.max(0, state.hands - state.hand - (inProgress ? 1 : 0));
  return softRankRewards(totals, true, sigma * Math.sqrt(handsLeft));
}

function chooseCard(t: LeavesTables, state: State, seat: Seat, legal: readonly Action[], rng: Rng): ActionBase {
  const hand = state.handCards[seat]!;
  const highest = hand[hand.length - 1]!;
  if (state.round === 0) return legal[nextInt(rng, legal.length)]!;
  const own = state.piles[seat]!;
  // fits(card, own) against the top read once (an empty pile fits nothing: NaN differences).
  const ownTop = own.length > 0 ? own[own.length - 1]! : NaN;
  // Which ranks fit on some pile (L6), worked out once for all the cards in hand.
  const fitting = fitMask(state);
  const lastCard = hand.length === 1;
  const meanDraw = t.meanDraw;
  let best = legal[0]!;
  let bestScore = -Infinity;
  // nextFloat(rng) per card, written out (engine/rng.ts nextUint32, sfc32) with the generator's
  // words in locals, stored back once: the same draws, without an array read and write per card.
  // This runs at nearly every choice of every search playout.
  let a = rng[0] | 0;
  let b = rng[1] | 0;
  let c = rng[2] | 0;
  let d = rng[3] | 0;
  for (let i = 0; i < legal.length; i++) {
    const action = legal[i]!;
    if (action.type !== 'choose') continue;
    const card = action.card;
    const u = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + u) | 0;
    let score = ((u >>> 0) / 4294967296) * 4;
    if (card - ownTop === 1 || ownTop - card === 1) score += 6;
    else if (fitsIn(fitting, card)) score += 3;
    else if (card > meanDraw) score += 2; // fits nowhere: worth swapping for a blind draw
    if (card === highest) score += 2;
    if (lastCard) score += 10;
    if (score > bestScore) {
      bestScore = score;
      best = action;
    }
  }
  rng[0] = a >>> 0;
  rng[1] = b >>> 0;
  rng[2] = c >>> 0;
  rng[3] = d >>> 0;
  return best;
}

function policy(t: LeavesTables, raw: unknown, seat: Seat, legalRaw: readonly ActionBase[], rng: Rng): ActionBase {
  const state = raw as State;
  const legal = legalRaw as readonly Action[];
  const first = legal[0]!;
  switch (first.type) {
    case 'choose':
      return chooseCard(t, state, seat, legal, rng);
    case 'place': {
      // Own pile first: a card there is a point off your own hand score.
      for (let i = 0; i < legal.length; i++) {
        const a = legal[i]!;
        if (a.type === 'place' && a.pile === seat) return a;
      }
      return legal[nextInt(rng, legal.length)]!;
    }
    case 'keep':
    case 'discard': {
      const card = state.chosen[seat] ?? 0;
      // Discard what is no better than a blind draw from the deck.
      const wanted = card >= t.meanDraw ? 'discard' : 'keep';
      for (let i = 0; i < legal.length; i++) if (legal[i]!.type === wanted) return legal[i]!;
      return first;
    }
  }
}

/** The heuristic bot and the search knowledge of one content. */
export interface LeavesBots {
  heuristic: Bot<View, Action>;
  knowledge: SearchKnowledge;
}

/** The bots for the deck of `t`, made once per content. */
export const createBots: (t: LeavesTables) => LeavesBots = madeOnce((t) => {
  const sigma = handSigma(t);
  return {
    heuristic: heuristicFor(t),
    knowledge: {
      value: (raw) => value(sigma, raw),
      stage: (raw) => (raw as State).hand,
      policy: (raw, seat, legal, rng) => policy(t, raw, seat, legal, rng),
    },
  };
});
