/**
 * Laying out one screen of `drey play` so it fits the terminal (80×24 when its size is unknown): the game's table, what
 * happened since your last turn, a menu of your legal actions when it is short, a hint and the
 * answer to your last input. Pure: lines in, lines out.
 */
import { wrapWords } from '../games/text-ui.js';

export const SCREEN = { cols: 80, rows: 24 } as const;

export interface ScreenParts {
  header: string;
  table: readonly string[];
  events: readonly string[];
  /** The title over the events (default "Since your last move:"). */
  eventsTitle?: string;
  /** Labels of the legal actions, numbered from 1 in this order. */
  labels: readonly string[];
  hint: string;
  /** Why the last input was refused, if it was. */
  notice?: string;
}

/** Cuts a line to the screen width (lines with escape codes are left alone). */
export function clip(line: string, cols: number = SCREEN.cols): string {
  if (line.includes('\x1b') || line.length <= cols) return line;
  return `${line.slice(0, cols - 1)}…`;
}

/**
 * The menu packed into columns, numbered down each column like `ls`. Returns undefined when it
 * would take more than `maxRows` lines: then the player types the move (or `?` for the list).
 */
export function packMenu(labels: readonly string[], maxRows: number, cols: number = SCREEN.cols): string[] | undefined {
  if (labels.length === 0) return [];
  const numW = String(labels.length).length;
  const items = labels.map((label, i) => `${String(i + 1).padStart(numW)}) ${label}`);
  const cellW = Math.max(...items.map((s) => s.length)) + 3;
  const perRow = Math.max(1, Math.floor((cols + 3) / cellW));
  const rows = Math.ceil(items.length / perRow);
  if (rows > maxRows) return undefined;
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c * rows + r < items.length; c++) cells.push(items[c * rows + r]!.padEnd(cellW));
    lines.push(clip(cells.join('').trimEnd(), cols));
  }
  return lines;
}

/** The screen above the prompt line: at most rows − 1 lines. */
export function composeScreen(parts: ScreenParts, size: { cols: number; rows: number } = SCREEN, menuCols = size.cols): string[] {
  const budget = size.rows - 1;
  const tail: string[] = [];
  // Six menu rows on an 80×24 terminal; a taller one lists more moves before asking to type them.
  const menuRoom = Math.max(1, Math.min(Math.max(6, Math.floor(size.rows / 4)), budget - 1 - parts.table.length - 3));
  const menu = packMenu(parts.labels, menuRoom, Math.min(menuCols, size.cols));
  if (menu) tail.push(...menu);
  else tail.push(clip(`${parts.labels.length} possible moves: type yours, or ? to list them all`, size.cols));
  tail.push(clip(parts.hint, size.cols));
  if (parts.notice) tail.push(clip(`! ${parts.notice}`, size.cols));
  return layout(parts, tail, budget, size.cols);
}

/**
 * The last screen: the table, the events, the result and the game's statistics (cli/stats-text.ts),
 * in `rows` lines less `reserve` (lines printed after it, such as where the record was saved).
 * The events give way first; when the rest is still too tall the table is kept whole and its top
 * scrolls up, since no prompt follows (the result and the statistics stay in view at the bottom).
 */
export function composeFinalScreen(
  parts: Pick<ScreenParts, 'header' | 'table' | 'events' | 'eventsTitle'>,
  result: readonly string[],
  reserve: number,
  size: { cols: number; rows: number } = SCREEN,
  stats: readonly string[] = [],
): string[] {
  const tail = [...result, ...(stats.length > 0 ? ['', ...stats] : [])].map((l) => clip(l, size.cols));
  return layout(parts, tail, size.rows - 1 - reserve, size.cols, false);
}

/** Header, table, events and `tail` in `budget` lines: the events get what room is left, newest kept. */
function layout(
  parts: Pick<ScreenParts, 'header' | 'table' | 'events' | 'eventsTitle'>,
  tail: readonly string[],
  budget: number,
  cols: number,
  cutTable = true,
): string[] {
  const table = parts.table.map((l) => clip(l, cols));
  const fixed = 1 + table.length + tail.length + 1;
  let room = budget - fixed - (parts.events.length > 0 ? 2 : 0);
  // A long sentence wraps under itself rather than losing its end; when they do not all fit, the
  // newest whole sentences are kept.
  const told = parts.events.map((l) => wrapWords('  ', l.split(' '), ' ', cols).map((w) => clip(w, cols)));
  let events = told.flat();
  if (events.length > room) {
    room = Math.max(0, room - 1);
    const kept: string[][] = [];
    let used = 0;
    for (let i = told.length - 1; i >= 0 && used + told[i]!.length <= room; i--) {
      kept.unshift(told[i]!);
      used += told[i]!.length;
    }
    const dropped = told.length - kept.length;
    events = room > 0 ? [`  … ${dropped} earlier`, ...kept.flat()] : [];
  }
  const lines = [clip(parts.header, cols), ...table, ''];
  if (events.length > 0) lines.push(parts.eventsTitle ?? 'Since your last move:', ...events, '');
  lines.push(...tail);
  // A table taller than the contract allows is cut rather than scrolling the tail away.
  return cutTable && lines.length > budget ? [...lines.slice(0, Math.max(0, budget - tail.length)), ...tail] : lines;
}
