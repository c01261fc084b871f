/** Small text-formatting helpers shared by the commands. */

export const thousands = (n: number): string => Math.round(n).toLocaleString('en-US');

export const percent = (x: number, digits = 1): string => `${(x * 100).toFixed(digits)}%`;

/** Pads or cuts `text` to exactly `width` columns. */
export function fit(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  if (text.length > width) return width > 1 ? `${text.slice(0, width - 1)}…` : text.slice(0, width);
  return align === 'left' ? text.padEnd(width) : text.padStart(width);
}

/** Lines as a table: each row's cells padded to the widest cell of their column. */
export function columns(rows: readonly (readonly string[])[], align: readonly ('left' | 'right')[] = []): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (align[i] === 'right' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
}

export const ordinal = (n: number): string => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

