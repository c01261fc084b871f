/**
 * Which TextUI draws which game in the terminal. A game's helper adds its own line here; what
 * happened between your moves comes from the game's narrator (src/games/narrators.ts).
 */
import { textUI as acornRunUI } from '../games/acorn-run/text.js';
import { textUI as acornsUI } from '../games/acorns/text.js';
import { textUI as autumnLeavesUI } from '../games/autumn-leaves/text.js';
import type { TextUI } from '../games/text-ui.js';

// Each entry is a game's TextUI with its type parameters erased (method syntax keeps that
// sound enough: the CLI only ever hands a game's UI that game's own views and actions).
const TEXT_UIS: Record<string, TextUI> = {
  acorns: acornsUI as TextUI,
  'autumn-leaves': autumnLeavesUI as TextUI,
  'acorn-run': acornRunUI as TextUI,
};

/** The terminal UI of a game, or undefined when it has none yet. */
export function textUIFor(gameId: string): TextUI | undefined {
  return TEXT_UIS[gameId];
}
