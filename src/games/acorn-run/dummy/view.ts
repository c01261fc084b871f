/**
 * What everyone sees of the dummies (R14, R15): the deck's size and difficulty, the cards drawn
 * (face up once drawn), and the last dummy card with what it made each dummy do. Never the order
 * or contents of the undrawn deck.
 */
import type { Difficulty, DummyCardSpec } from '../content/dummy-schema.js';
import type { State } from '../state.js';
import { dummyCard, dummyDeckCount } from './deck.js';
import type { DummyEvent } from './types.js';

export interface DummyView {
  difficulty: Difficulty;
  deckCount: number;
  /** Drawn cards by id, oldest first (those since the last reshuffle). */
  drawn: string[];
  /** The card of the last dummy turn, in full. */
  lastCard: DummyCardSpec | null;
  lastRound: number | null;
  /** What the last dummy turn did, in order. */
  events: DummyEvent[];
}

export function dummyView(state: State): DummyView | null {
  const d = state.dummies;
  if (!d) return null;
  const t = state.dummyTurn;
  return {
    difficulty: d.difficulty,
    deckCount: dummyDeckCount(d),
    drawn: d.drawn.map((c) => dummyCard(c).id),
    lastCard: t?.card === null || t?.card === undefined ? null : structuredClone(dummyCard(t.card)),
    lastRound: t?.round ?? null,
    events: t ? t.events.map((e) => ({ ...e })) : [],
  };
}
