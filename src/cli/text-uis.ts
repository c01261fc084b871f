/**
 * Which TextUI draws which game in the terminal. A game's helper adds its own line here.
 */
import type { TextUI } from '../games/text-ui.js';

// TextUI<View, Action> is contravariant in View; the CLI only ever hands a game's UI that game's
// own views, so each entry is stored with its type parameters erased.
const TEXT_UIS: Record<string, TextUI> = {};

/** The terminal UI of a game, or undefined when it has none yet. */
export function textUIFor(gameId: string): TextUI | undefined {
  return TEXT_UIS[gameId];
}
