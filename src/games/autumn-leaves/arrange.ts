/** Arranged deals by hand (pure: content only, so tests and the web's guided first turn share it). */
import { FULL_DECK } from './content/index.js';

/**
 * A deck order (top first) that deals `hands[s]` to seat s (seven cards, dealt one at a time,
 * seat 0 first), then `drawTop` on top of the draw pile, then every other card.
 */
export function arrangeDeal(hands: number[][], drawTop: number[] = []): number[] {
  const order: number[] = [];
  for (let k = 0; k < 7; k++) for (const hand of hands) order.push(hand[k]!);
  order.push(...drawTop);
  const rest = [...FULL_DECK];
  for (const card of order) {
    const i = rest.indexOf(card);
    if (i < 0) throw new Error(`the deck has no more ${card}s`);
    rest.splice(i, 1);
  }
  return [...order, ...rest];
}

