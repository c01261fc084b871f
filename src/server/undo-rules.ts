/**
 * Which games have undo, by game object: the service registers each package's `undo` facet when
 * it starts, and frames read it to say whether a seat may take a step back now.
 */
import type { AnyGame } from '../engine/game.js';
import type { UndoRules } from '../engine/match.js';
import type { Registry } from '../games/index.js';

const rulesByGame = new WeakMap<AnyGame, UndoRules>();

export function registerUndoRules(registry: Registry): void {
  for (const pkg of registry.packages) if (pkg.undo) rulesByGame.set(pkg.game, pkg.undo);
}

export const undoRulesOf = (game: AnyGame): UndoRules | undefined => rulesByGame.get(game);
