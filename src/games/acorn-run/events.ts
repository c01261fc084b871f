/**
 * What happens in a race, as public events (engine/narration.ts): every step of a turn, the
 * dummies' turns in full, the finale and the results. Spaces and cards are numbers here; the
 * narrator (narrate.ts) puts them into words. Racers are indices into `State.racers`.
 *
 * One field is private: the cards of a `draw` are seen only by the racer who drew them (the view
 * strips them for everyone else, and resample deals them anew).
 */
import { ringPush, type EventRing } from '../../engine/narration.js';
import type { MarketRow } from './cards.js';
import type { Color } from './content/schema.js';

export type RunEvent =
  /** A new round of turns begins. */
  | { kind: 'round'; round: number }
  /** A main move finished (R2–R4): from where to where, with which cards, acorns picked up on arrival. */
  | { kind: 'sprint'; racer: number; color: Color; from: number; to: number; cards: number[]; acorns: number }
  | { kind: 'climb' | 'descend'; racer: number; from: number; to: number; cards: number[]; acorns: number }
  /**
   * A jump (R5, R6) or a dummy's jump (R14): `cards` is the combo (empty for a dummy), `vp` the combo
   * VP tokens and `acorns` the acorns it won (rewards and the acorn on the landing space), `spent`
   * the acorn a dummy traded.
   */
  | { kind: 'jump'; racer: number; from: number; to: number; cards: number[]; foliage: boolean; vp: number; acorns: number; spent: number }
  /** A card played for its own effect; acorn cards name the board space they use. */
  | { kind: 'play'; racer: number; card: number; cell?: number }
  /** A one-space move from an effect; `dropped` when "oops" left an acorn on the space it left. */
  | { kind: 'step'; racer: number; from: number; to: number; acorns: number; dropped: boolean }
  /** R9: an acorn spent on a player-board space; `bonus` when it completed the column. */
  | { kind: 'spend'; racer: number; cell: number; bonus: boolean }
  /** Combo VP tokens won by an effect (how many, never their values). */
  | { kind: 'tokens'; racer: number; count: number }
  | { kind: 'acorns'; racer: number; count: number }
  /** Cards drawn (R11); `cards` is private to the racer who drew them (null in everyone else's view). */
  | { kind: 'draw'; racer: number; count: number; cards: number[] | null; reshuffled: boolean }
  | { kind: 'discard' | 'trash'; racer: number; card: number }
  /** R10: a card bought (`power` buying power and the `paid` cards) or a dummy's purchase (`spent` acorns). */
  | { kind: 'buy'; racer: number; row: MarketRow; card: number; paid: number[]; power: number; spent: number }
  | { kind: 'gain'; racer: number; row: MarketRow; card: number }
  | { kind: 'refresh'; racer: number; row: MarketRow; boxed: number[] }
  /**
   * R8 (amended): a racer with nothing else left to do ended the turn on space `at`, which the
   * racers `with` hold too: the pawns share it.
   */
  | { kind: 'share'; racer: number; at: number; with: number[] }
  /** R12: a racer crossed the finish line and took results space `place`. */
  | { kind: 'finish'; racer: number; place: number }
  /** R12: the first finisher's turn blocks results space `place` (with no token left it blocks nothing: no event). */
  | { kind: 'out-of-time'; racer: number; place: number }
  /** The sunset round ended: the course closes. */
  | { kind: 'sunset'; round: number }
  /** R12, R13: the race is over; per racer its race VP, combo VP (public now) and whether it ran out of time. */
  | { kind: 'race-over'; results: { racer: number; raceVp: number; comboVp: number; out: boolean }[] }
  /** R14: the dummies' turn; `card` is the dummy card drawn (null when none was). */
  | { kind: 'dummy-turn'; card: number | null; round: number }
  /** R14: a dummy's movement, and a dummy waiting on a jump space whose landing spaces are taken. */
  | { kind: 'move'; racer: number; from: number; to: number; acorns: number }
  | { kind: 'wait'; racer: number; at: number };

export type RunEventKind = RunEvent['kind'];

/**
 * Events a state keeps. Tables read the events of every step as it happens, so the tail only has
 * to cover one action (a dummy turn of four dummies is about twenty events); a client that
 * reconnects reads the last ones and is told how many it missed. Kept short because search
 * clones and views states thousands of times a second.
 */
export const LOG_LIMIT = 32;

export function logEvent(log: EventRing<RunEvent>, event: RunEvent): void {
  // A ring: a full tail takes the new event in place of the oldest (narration.ts EventRing).
  ringPush(log, event, LOG_LIMIT);
}
