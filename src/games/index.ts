/**
 * The game registry: every game Drey knows, by id. Adding a game is one import and one line.
 */
import type { AnyGame } from '../engine/game.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { acornRun } from './acorn-run/index.js';
import { acorns } from './acorns/index.js';
import { autumnLeaves } from './autumn-leaves/index.js';

const GAMES: readonly AnyGame[] = [autumnLeaves, acorns, acornRun];

/** All registered games, in a stable order. */
export function listGames(): readonly AnyGame[] {
  return GAMES;
}

/** The game with this id, or undefined. */
export function getGame(id: string): AnyGame | undefined {
  return GAMES.find((g) => g.id === id);
}

/** The game with this id, or an error naming the games there are. */
export function findGame(id: string): Result<AnyGame, GameError> {
  const game = getGame(id);
  if (game) return ok(game);
  return err({
    code: 'unknown-game',
    message: `unknown game '${id}' (known games: ${GAMES.map((g) => g.id).join(', ')})`,
  });
}
