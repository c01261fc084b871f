/** Arranged deals by hand (pure: content only, so tests and the web's guided first turn share it). */
import { BUILTIN_TABLES, type LeavesTables } from './content/index.js';

/**
 * A deck order (top first) that deals `hands[s]` to seat s (a hand each, dealt one card at a time,
 * seat 0 first), then `drawTop` on top of the draw pile, then every other card of the deck of
 * `tables` (the builtin deck unless given).
 */
export function arrangeDeal(hands: number[][], drawTop: number[] = [], tables: LeavesTables = BUILTIN_TABLES): number[] {
  const order: number[] = [];
  for (let k = 0; k < tables.handSize; k++) for (const hand of hands) order.push(hand[k]!);
  order.push(...drawTop);
  const rest = [...tables.fullDeck];
  for (const card of order) {
    const i = rest.indexOf(card);
    if (i < 0) throw new Error(`the deck has no more ${card}s`);
    rest.splice(i, 1);
  }
  return [...order, ...rest];
}
