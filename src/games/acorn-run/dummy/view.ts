/**
 * What everyone sees of the dummies (R14, R15): the deck's size and difficulty, the cards drawn
 * (face up once drawn), and the last dummy card with what it made each dummy do. Never the order
 * or contents of the undrawn deck. What the dummies did is in the race log (events.ts).
 */
import type { RunTables } from '../tables.js';
import type { Difficulty, DummyCardSpec } from '../content/dummy-schema.js';
import type { State } from '../state.js';
import { dummyCard, dummyDeckCount } from './deck.js';

export interface DummyView {
  difficulty: Difficulty;
  deckCount: number;
  /** Drawn cards by id, oldest first (those since the last reshuffle). */
  drawn: string[];
  /** The card of the last dummy turn, in full. */
  lastCard: DummyCardSpec | null;
  lastRound: number | null;
}

/**
 * A deep copy of plain content data (objects, arrays, strings, numbers), keys in the same order:
 * what structuredClone gave, at a fraction of its cost on a path that runs at every view.
 */
function copyPlain<V>(value: V): V {
  if (Array.isArray(value)) return value.map(copyPlain) as V;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyPlain((value as Record<string, unknown>)[key]);
  return out as V;
}

export function dummyView(T: RunTables, state: State): DummyView | null {
  const d = state.dummies;
  if (!d) return null;
  const t = state.dummyTurn;
  return {
    difficulty: d.difficulty,
    deckCount: dummyDeckCount(d),
    drawn: d.drawn.map((c) => dummyCard(T, c).id),
    lastCard: t?.card === null || t?.card === undefined ? null : copyPlain(dummyCard(T, t.card)),
    lastRound: t?.round ?? null,
  };
}
