/**
 * The narrated log as the server sends it (issue 24, item 1): one owner tells each viewer's lines
 * (narration-history.ts) and every client only shows them. A line is structured enough that a
 * client never reads English: it says which step told it and which seat acted in that step, so
 * "since your last move" (web/src/components/SinceLastMove.tsx) counts the lines other seats'
 * steps told, whatever the language of the words.
 *
 * Shared by the server and the web (no Node, no DOM).
 */
import type { Seat } from '../engine/game.js';

export interface NarratedLine {
  /** The step that told it: 0 for the lines of the game's start. */
  seq: number;
  /** The seat whose step it was (an undo step: the seat that took back); null at the start. */
  seat: Seat | null;
  text: string;
}

/**
 * A viewer's lines from the start of the game, bounded: the newest NARRATED_LINES at most, and
 * how many older ones were let go (so a client counts lines from the start across reloads).
 */
export interface Narration {
  lines: NarratedLine[];
  dropped: number;
}

/** Lines a history keeps (and a snapshot carries) at most. */
export const NARRATED_LINES = 500;

export const emptyNarration = (): Narration => ({ lines: [], dropped: 0 });

/** Lines told from the start of the game, the ones let go included. */
export const toldCount = (n: Narration): number => n.dropped + n.lines.length;

/** A new narration with `lines` added, bounded as the server bounds it (the old one is left as it was). */
export function extendNarration(n: Narration, lines: readonly NarratedLine[], max = NARRATED_LINES): Narration {
  if (lines.length === 0) return n;
  const all = [...n.lines, ...lines];
  const over = Math.max(0, all.length - max);
  return { lines: over > 0 ? all.slice(over) : all, dropped: n.dropped + over };
}

/**
 * Whether a line is news to `you`: another seat's step told it, or the game's start. A seat's
 * own step's lines (its move and what the move brought about at once) it saw as it acted.
 */
export const newsTo = (line: Pick<NarratedLine, 'seat'>, you: Seat | null): boolean => line.seat === null || line.seat !== you;
