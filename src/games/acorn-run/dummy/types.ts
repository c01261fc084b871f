/** The dummy deck in play (R15) and what the last dummy turn did (R14), as plain JSON state. */
import type { RunEvent } from '../events.js';
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

/** One thing a dummy did on the dummies' turn, in the order it happened: public events of the race log. */
export type DummyEvent = Extract<RunEvent, { kind: 'move' | 'jump' | 'wait' | 'finish' | 'buy' | 'out-of-time' }>;

/** The last dummy turn (what it did is in the race log, after its `dummy-turn` event). */
export interface DummyTurn {
  /** Index of the dummy card drawn (null when only an out-of-time token was placed). */
  card: number | null;
  round: number;
}
