/** The dummy deck in play (R15) and what the last dummy turn did (R14), as plain JSON state. */
import type { MarketRow } from '../cards.js';
import type { Difficulty } from '../content/dummy-schema.js';

export interface DummyDeckState {
  difficulty: Difficulty;
  /** Undrawn cards, section by section (start, top, middle, bottom), top first; drawn from the first non-empty one. */
  sections: number[][];
  /** The bottom section as built: R15 reshuffles these into a new deck when the deck runs out. */
  bottom: number[];
  /** Whether the deck was rebuilt from the bottom section (its cards are then all known). */
  reshuffled: boolean;
  /** Drawn cards, face up, newest last. */
  drawn: number[];
  /** Cards this difficulty leaves out of the deck. */
  unused: number[];
}

/** One thing a dummy did on the dummies' turn, in the order it happened (public). */
export type DummyEvent =
  | { kind: 'move'; racer: number; from: number; to: number; acorns: number }
  | { kind: 'jump'; racer: number; from: number; to: number; foliage: boolean; vp: number; acorns: number; spent: number }
  | { kind: 'wait'; racer: number; at: number }
  | { kind: 'finish'; racer: number; place: number }
  | { kind: 'buy'; racer: number; row: MarketRow; card: number; spent: number }
  | { kind: 'out-of-time'; racer: number };

export interface DummyTurn {
  /** Index of the dummy card drawn (null when only an out-of-time token was placed). */
  card: number | null;
  round: number;
  events: DummyEvent[];
}
