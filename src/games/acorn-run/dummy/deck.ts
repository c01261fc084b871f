/**
 * The dummy deck (R15): the 40 cards loaded and checked, a deck built per difficulty as
 * start + top + middle + bottom (each section shuffled on its own), drawing with the reshuffle of
 * the bottom section when the deck runs out, and dealing the unseen sections anew for resample.
 */
import type { Rng } from '../../../engine/rng.js';
import type { RunTables } from '../tables.js';
import type { DeckRecipe, Difficulty, DummyCardSpec, DummyLevel } from '../content/dummy-schema.js';
import { shuffleInPlace } from '../state.js';
import type { DummyDeckState } from './types.js';

export const dummyCard = (T: RunTables, card: number): DummyCardSpec => T.dummyCards[card]!;

const SECTIONS = ['start', 'top', 'middle', 'bottom'] as const;

/** The level of every slot of every section, in order. */
function slotLevels(recipe: DeckRecipe): DummyLevel[][] {
  return SECTIONS.map((name) => recipe[name].flatMap((s) => Array.from({ length: s.count }, () => s.level)));
}

/**
 * Builds the deck for `difficulty`. `top` names cards (by id) for the first slots, in draw order,
 * for scenarios: a named card takes a slot of its level (in any section) from the top down.
 */
export function buildDummyDeck(T: RunTables, rng: Rng, difficulty: Difficulty, top: readonly number[] = []): DummyDeckState {
  const levels = slotLevels(T.content.dummyDeck.recipes[difficulty]);
  const pools = new Map<DummyLevel, number[]>();
  T.dummyCards.forEach((c, i) => {
    if (!top.includes(i)) pools.set(c.level, [...(pools.get(c.level) ?? []), i]);
  });
  for (const pool of pools.values()) shuffleInPlace(rng, pool);
  const sections = levels.map((slots) => {
    const cards = slots.map((level) => pools.get(level)!.pop()!);
    shuffleInPlace(rng, cards);
    return cards;
  });
  // Named cards replace the first cards of the deck, in order.
  const flat = sections.flat();
  top.forEach((card, i) => {
    if (i >= flat.length) return;
    const displaced = flat[i]!;
    flat[i] = card;
    pools.get(dummyCard(T, displaced).level)!.push(displaced);
  });
  let k = 0;
  const arranged = sections.map((s) => s.map(() => flat[k++]!));
  return {
    difficulty,
    sections: arranged,
    bottom: arranged[3]!.slice(),
    reshuffled: false,
    drawn: [],
    unused: [...pools.values()].flat().sort((a, b) => a - b),
  };
}

export const dummyDeckCount = (d: DummyDeckState): number => d.sections.reduce((n, s) => n + s.length, 0);

/** Draws the top card; R15: an empty deck is rebuilt from the bottom section's cards, shuffled. */
export function drawDummyCard(rng: Rng, d: DummyDeckState): number {
  if (dummyDeckCount(d) === 0) {
    const deck = d.bottom.slice();
    shuffleInPlace(rng, deck);
    d.drawn = d.drawn.filter((c) => !d.bottom.includes(c));
    d.sections = [deck];
    d.reshuffled = true;
  }
  const section = d.sections.find((s) => s.length > 0)!;
  const card = section.shift()!;
  d.drawn.push(card);
  return card;
}

/**
 * Deals what nobody has seen anew: before the reshuffle, every undrawn card is dealt again from
 * the cards of its level nobody has seen (undrawn or left out), keeping each section's levels;
 * after it, the deck holds known cards in an unknown order and is only reshuffled.
 */
export function resampleDummyDeck(T: RunTables, rng: Rng, d: DummyDeckState): void {
  if (d.reshuffled) {
    for (const s of d.sections) shuffleInPlace(rng, s);
    return;
  }
  const pools = new Map<DummyLevel, number[]>();
  for (const c of [...d.unused, ...d.sections.flat()]) pools.set(dummyCard(T, c).level, [...(pools.get(dummyCard(T, c).level) ?? []), c]);
  for (const pool of pools.values()) shuffleInPlace(rng, pool);
  const bottomDrawn = d.bottom.filter((c) => d.drawn.includes(c));
  d.sections = d.sections.map((s) => s.map((c) => pools.get(dummyCard(T, c).level)!.pop()!));
  d.bottom = [...bottomDrawn, ...d.sections[3]!];
  d.unused = [...pools.values()].flat().sort((a, b) => a - b);
}
