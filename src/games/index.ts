/**
 * The game registry: every game Drey ships, as game packages (package.ts). Adding a game is one
 * import and one line in BUILTIN_PACKAGES.
 *
 * A registry is a value: the CLI (`main`), the server (`createDreyServer`) and the lab (`runSim`)
 * take one and default to the built-in games, so a test can add a game without shipping it.
 */
import type { AnyGame } from '../engine/game.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { acornRunPackage } from './acorn-run/index.js';
import { acornsPackage } from './acorns/index.js';
import { autumnLeavesPackage } from './autumn-leaves/index.js';
import type { AnyGamePackage } from './package.js';

export const BUILTIN_PACKAGES: readonly AnyGamePackage[] = [autumnLeavesPackage, acornsPackage, acornRunPackage];

export interface Registry {
  /** The packages, in a stable order (the lobby's and the help's). */
  readonly packages: readonly AnyGamePackage[];
  /** Their games, in the same order. */
  readonly games: readonly AnyGame[];
  /** The package of the game with this id, or undefined. */
  get(id: string): AnyGamePackage | undefined;
  /** The package of the game with this id, or an error naming the games there are. */
  find(id: string): Result<AnyGamePackage, GameError>;
}

/** A registry of these packages. Game ids must be distinct. */
export function createRegistry(packages: readonly AnyGamePackage[]): Registry {
  const byId = new Map<string, AnyGamePackage>();
  for (const p of packages) {
    if (byId.has(p.game.id)) throw new Error(`two game packages have the id '${p.game.id}'`);
    byId.set(p.game.id, p);
  }
  return {
    packages,
    games: packages.map((p) => p.game),
    get: (id) => byId.get(id),
    find(id) {
      const p = byId.get(id);
      if (p) return ok(p);
      return err({ code: 'unknown-game', message: `unknown game '${id}' (known games: ${[...byId.keys()].join(', ')})` });
    },
  };
}

/** The games Drey ships. */
export const BUILTINS: Registry = createRegistry(BUILTIN_PACKAGES);

/** All built-in games, in a stable order. */
export function listGames(): readonly AnyGame[] {
  return BUILTINS.games;
}

/** The built-in game with this id, or undefined. */
export function getGame(id: string): AnyGame | undefined {
  return BUILTINS.get(id)?.game;
}

/** The built-in game with this id, or an error naming the games there are. */
export function findGame(id: string): Result<AnyGame, GameError> {
  const found = BUILTINS.find(id);
  return found.ok ? ok(found.value.game) : found;
}
