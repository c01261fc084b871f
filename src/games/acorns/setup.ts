/** Acorns setup (A2): the dealer, the deal and the draw pile. */
import { emptyLog } from '../../engine/narration.js';
import type { SetupConfig } from '../../engine/game.js';
import { createRng, nextInt, shuffle } from '../../engine/rng.js';
import { knownCard, type AcornsTables } from './tables.js';
import { addToHand, type AcornsArrangement, type AcornsOptions, type AcornsState } from './state.js';

/**
 * A2: the dealer is drawn by the seed, the deck shuffled; each seat gets its hand (six cards in the
 * shipped content), dealt in
 * blocks from the top of the deck starting with the seat after the dealer; the rest is the draw
 * pile. An arrangement fixes the deck order (top first) and/or the dealer.
 */
export function setup(tables: AcornsTables, config: SetupConfig<AcornsOptions, AcornsArrangement>): AcornsState {
  const { seats, options, arrangement } = config;
  const rng = createRng(config.seed);
  const dealer = arrangement?.dealer ?? nextInt(rng, seats);
  const topFirst = arrangement?.deck
    ? arrangement.deck.map((id) => knownCard(tables, id))
    : shuffle(rng, Array.from({ length: tables.cardCount }, (_, i) => i));
  const hands: number[][] = Array.from({ length: seats }, () => []);
  let next = 0;
  for (let k = 1; k <= seats; k++) {
    const seat = (dealer + k) % seats;
    for (let j = 0; j < tables.handSize; j++) addToHand(hands[seat]!, topFirst[next++]!);
  }
  const state: AcornsState = {
    seats,
    partners: options.partners,
    dealer,
    hands,
    draw: topFirst.slice(next).reverse(),
    trees: [],
    piles: Array.from({ length: options.partners ? seats >> 1 : seats }, () => []),
    box: [],
    turn: (dealer + 1) % seats,
    turns: 1,
    over: false,
    log: emptyLog(),
  };
  return state;
}
