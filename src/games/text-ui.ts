/**
 * How a game is drawn in the terminal. Pure string functions over a seat's view, so the same
 * code serves `drey play`, `drey replay` and tests. The CLI does the I/O.
 */
import type { ActionBase, Viewer } from '../engine/game.js';

/** A terminal's size in characters. */
export interface TermSize {
  cols: number;
  rows: number;
}

/** What a table is drawn for when the terminal's size is not known (a pipe, a test, a replay). */
export const DEFAULT_TERM: TermSize = { cols: 80, rows: 24 };

export interface TextUI<View = unknown, Action extends ActionBase = ActionBase> {
  /**
   * The table as `viewer` sees it: at 80×24 (the default `size`) lines of at most 80 columns and
   * at most ~18 lines; a game may use a bigger terminal's room (never more than `size.cols`
   * columns, and at most `size.rows` − 6 lines).
   */
  render(view: View, viewer: Viewer, names: readonly string[], size?: TermSize): string[];
  /** A short menu label for a legal action ("play 7", "place on Ann's pile (6)"). */
  label(action: Action, view: View, names: readonly string[]): string;
  /**
   * Turns typed text into one of `legal`, or a sentence saying why the text is not a legal
   * action now. Asked first; it returns null for text it does not understand, and the CLI then
   * reads a bare number as a menu choice (so a game may give bare numbers its own meaning, as
   * Autumn Leaves does for card ranks while choosing).
   */
  parse(
    text: string,
    view: View,
    legal: readonly Action[],
    names: readonly string[],
  ): { action: Action } | { error: string } | null;
  /** One-line hint shown under the prompt ("type a card rank, or a menu number"). */
  hint(view: View, legal: readonly Action[]): string;
}

/**
 * `words` joined by `sep` after `head`, wrapped into lines of at most `cols` (80) columns that start under
 * the first word: a long hand goes on over more lines instead of losing its last cards. A word
 * is never split (one longer than a line is cut at the edge).
 */
export function wrapWords(head: string, words: readonly string[], sep = ' ', cols = 80): string[] {
  const lines: string[] = [];
  let line = head;
  for (const word of words) {
    if (line.length > head.length && line.length + sep.length + word.length > cols) {
      lines.push(line);
      line = ' '.repeat(head.length) + word;
    } else line += (line.length > head.length ? sep : '') + word;
  }
  lines.push(line.slice(0, cols));
  return lines;
}
