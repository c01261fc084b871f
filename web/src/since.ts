/**
 * Which lines of the log are "since your last move" (issue 25), read from the server's lines
 * (src/server/narrated.ts) by seat, never by their words: a line is news to you when another
 * seat's step told it (or the game's start did); your own step's lines you saw as you acted.
 * Pure, so it is tested without a browser in any language (test/web-since-lines.test.ts).
 */
import { newsTo, toldCount, type Narration } from '../../src/server/narrated.js';

/** One line as the log panel shows it. */
export interface ShownLine {
  text: string;
  /** The seat whose step told it (null: the start, or the panel's own "earlier lines" note). */
  seat: number | null;
  /** Another seat's step told it (counted by "since your last move" when it follows the mark). */
  news: boolean;
}

export interface SinceLines {
  /** The log panel's lines: a note of the lines let go, then the kept ones. */
  shown: ShownLine[];
  /** Where the lines since the mark start in `shown` (null: nothing since the mark). */
  at: number | null;
  /** The news among them: what the bar counts and lists. */
  news: string[];
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * `mark`: lines seen so far, counted from the start of the game (SinceLastMove.tsx keeps it);
 * `you`: the viewer's seat (null: a spectator, for whom every line is news).
 */
export function sinceLines(narration: Narration, you: number | null, mark: number | null): SinceLines {
  const head: ShownLine[] = narration.dropped > 0 ? [{ text: `… ${plural(narration.dropped, 'earlier line')} not shown`, seat: null, news: false }] : [];
  const shown = [...head, ...narration.lines.map((l) => ({ text: l.text, seat: l.seat, news: newsTo(l, you) }))];
  const told = toldCount(narration);
  const at = mark !== null && mark < told ? Math.max(0, mark - narration.dropped) + head.length : null;
  const news = at === null ? [] : shown.slice(at).flatMap((l) => (l.news ? [l.text] : []));
  return { shown, at, news };
}
