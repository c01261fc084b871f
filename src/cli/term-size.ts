/** The size `drey play` draws its table for (issue 25: "Recent" lines were cut at 80 in a pipe). */
import { DEFAULT_TERM, type TermSize } from '../games/text-ui.js';

/**
 * Through a pipe there is no terminal to fit, so nothing should be cut at 80 columns: a lines'
 * reader (a log, a script, a person scrolling back) wants whole sentences. A width given in
 * COLUMNS / LINES (the shell's or the caller's) is used as asked; without one a pipe gets this
 * width, wider than any line the tables draw, so lines come whole.
 */
export const PIPE_COLS = 200;
/**
 * A pipe's height, likewise: a pipe scrolls, so a screen need not drop earlier events ("… 6
 * earlier") or hide the move menu to fit 24 rows; no screen the tables draw is this tall.
 */
export const PIPE_ROWS = 200;

const positive = (v: string | undefined): number | null => {
  const n = Number(v);
  return v !== undefined && /^\d+$/.test(v.trim()) && n > 0 ? n : null;
};

/**
 * A terminal's own size (read at every screen, so a resized window is used); through a pipe
 * COLUMNS × LINES when set, else PIPE_COLS columns and PIPE_ROWS rows.
 */
export function playSize(out: { isTTY?: boolean; columns?: number; rows?: number }, env: Readonly<Record<string, string | undefined>>): TermSize {
  if (out.isTTY) return { cols: out.columns || positive(env['COLUMNS']) || DEFAULT_TERM.cols, rows: out.rows || positive(env['LINES']) || DEFAULT_TERM.rows };
  return { cols: positive(env['COLUMNS']) ?? PIPE_COLS, rows: positive(env['LINES']) ?? PIPE_ROWS };
}

/**
 * How wide `drey play` packs its move menus: the screen's width, except through a pipe of no given
 * width (PIPE_COLS), where whole sentences are wanted but a menu packed four abreast into 200
 * columns would wrap in any reader's window: there menus keep to the usual 80.
 */
export function menuCols(size: TermSize, tty: boolean): number {
  return tty || size.cols !== PIPE_COLS ? size.cols : Math.min(size.cols, DEFAULT_TERM.cols);
}
