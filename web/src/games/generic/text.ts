/**
 * Any game's view and actions as plain text, for the generic table (GenericTable.tsx): what a game
 * without web components of its own is played with. Pure, so tests can read what a player reads.
 */
import type { ActionBase } from '../../../../src/engine/game.js';

const words = (key: string): string => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

const scalar = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

const isScalar = (v: unknown): boolean => v === null || typeof v !== 'object';

/**
 * A view as indented "key: value" lines: lists of plain values on one line, nested objects and
 * lists of objects indented under their key. Seat-indexed lists read "seat 1: …".
 */
export function viewLines(view: unknown, indent = ''): string[] {
  if (isScalar(view)) return [`${indent}${scalar(view)}`];
  if (Array.isArray(view)) {
    if (view.every(isScalar)) return [`${indent}${view.length === 0 ? '(none)' : view.map(scalar).join(', ')}`];
    return view.flatMap((item, i) => (isScalar(item) ? [`${indent}${i + 1}. ${scalar(item)}`] : [`${indent}${i + 1}.`, ...viewLines(item, `${indent}  `)]));
  }
  const lines: string[] = [];
  for (const [key, value] of Object.entries(view as Record<string, unknown>)) {
    if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) {
      lines.push(`${indent}${words(key)}: ${viewLines(value)[0]!.trimStart()}`);
    } else {
      lines.push(`${indent}${words(key)}:`, ...viewLines(value, `${indent}  `));
    }
  }
  return lines;
}

/** An action as a button label: its type, then its other fields ("step, by 2"). */
export function actionLabel(action: ActionBase): string {
  const rest = Object.entries(action).filter(([key]) => key !== 'type');
  return [words(action.type), ...rest.map(([key, value]) => `${words(key)} ${scalar(value)}`)].join(', ');
}
