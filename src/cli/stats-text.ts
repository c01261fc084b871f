/**
 * A game's end-of-game statistics (engine/stats.ts StatsTable, the figures the web results show)
 * as terminal lines of at most `cols` columns. Three shapes, the first that fits: one row per
 * player (the web's table), one row per figure with the players as columns (a narrow terminal
 * with few players), and a block per player whose figures wrap under the name (always fits).
 * Headings wrap at word breaks, into as few lines as the width allows (a column is at least as
 * wide as its widest cell and its heading's longest word).
 */
import type { StatsTable } from '../engine/stats.js';
import { wrapWords } from '../games/text-ui.js';
import { clip } from './screen.js';

const GAP = 2;

/** `text` wrapped at spaces into lines no wider than `width` (its longest word fits: grid sizes columns so). */
const wrapHeading = (text: string, width: number): string[] => wrapWords('', text.split(' '), ' ', width);

const longestWord = (text: string): number => Math.max(...text.split(' ').map((w) => w.length));

/**
 * A grid of `head` (column headings) over `body` rows: first column left-aligned, the others
 * right-aligned as figures are. Undefined when it is wider than `cols`.
 */
function grid(head: readonly string[], body: readonly (readonly string[])[], cols: number): string[] | undefined {
  const narrowest = head.map((h, i) => Math.max(longestWord(h), ...body.map((row) => row[i]!.length)));
  const fits = (w: readonly number[]): boolean => w.reduce((a, b) => a + b, 0) + GAP * (w.length - 1) <= cols;
  if (!fits(narrowest)) return undefined;
  // The fewest heading lines the width allows: every column widened until its heading takes at
  // most `depth` lines, for depth 1, 2, … until the columns fit.
  let widths = narrowest;
  for (let depth = 1; ; depth++) {
    const wider = narrowest.map((w, i) => {
      let width = w;
      while (wrapHeading(head[i]!, width).length > depth) width++;
      return width;
    });
    if (fits(wider)) {
      widths = wider;
      break;
    }
  }
  const heads = head.map((h, i) => wrapHeading(h, widths[i]!));
  const depth = Math.max(...heads.map((h) => h.length));
  const cell = (text: string, i: number): string => (i === 0 ? text.padEnd(widths[i]!) : text.padStart(widths[i]!));
  const line = (cells: readonly string[]): string => cells.map(cell).join(' '.repeat(GAP)).trimEnd();
  const lines: string[] = [];
  // Headings sit on the line above the figures, as a printed table's do.
  for (let d = 0; d < depth; d++) lines.push(line(heads.map((h) => h[d - (depth - h.length)] ?? '')));
  lines.push(line(widths.map((w) => '─'.repeat(w))));
  for (const row of body) lines.push(line(row));
  return lines;
}

/**
 * The statistics in lines of at most `cols` columns, under a "Statistics:" title; `you` (a seat)
 * is marked so a player finds their own row.
 */
export function statsLines(table: StatsTable, cols: number, you: number | null = null): string[] {
  const name = (row: StatsTable['rows'][number]): string => (row.seat !== null && row.seat === you && row.name !== 'You' ? `${row.name} (you)` : row.name);
  const rows = table.rows.map((row) => [name(row), ...row.cells]);
  const byPlayer = grid(['Player', ...table.columns], rows, cols);
  const notes = table.notes.length > 0 ? wrapWords('', table.notes.join(' ').split(' '), ' ', cols) : [];
  if (byPlayer) return ['Statistics:', ...byPlayer, ...notes];
  const byFigure = grid(
    ['', ...rows.map((r) => r[0]!)],
    table.columns.map((column, i) => [column, ...rows.map((r) => r[i + 1]!)]),
    cols,
  );
  if (byFigure) return ['Statistics:', ...byFigure, ...notes];
  // Too narrow for either grid: each player's figures wrap under their name.
  const blocks = rows.flatMap((row) => [
    row[0]!,
    ...wrapWords('  ', table.columns.map((column, i) => `${column}: ${row[i + 1]}`), ' · ', cols).map((l) => clip(l, cols)),
  ]);
  return ['Statistics:', ...blocks, ...notes];
}
