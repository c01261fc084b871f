/**
 * A lab run's spec checked once, on the calling thread, before a single game is played: the game
 * exists, the seats fit, games and seed make sense, every bot exists for the game, the game
 * accepts the options. Workers only bind the names again (bindRun): they trust the check.
 */
import type { Bot } from '../engine/bot.js';
import type { AnyGame } from '../engine/game.js';
import type { AnyGamePackage } from '../games/package.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { findBot } from '../bots/index.js';
import { BUILTINS, type Registry } from '../games/index.js';
import { packageFor } from '../games/variants.js';

/** What every lab run names, as plain JSON (it is sent to the worker threads). */
export interface RunSpec {
  /** Game id. */
  game: string;
  seats: number;
  /** How many games are wanted. */
  games: number;
  /** The run's seed; each game's seed is derived from it (schedule.ts). */
  seed: string;
  /** Untrusted game options, parsed by the game. */
  options?: unknown;
  /** Write every match record as JSON into this directory. */
  recordDir?: string;
  /** A game longer than this many actions is an error (a bot or rules bug). */
  maxSteps?: number;
  /** Watch every game with the game's lab probe and count streaks (GameResult.facts): `drey lab`. */
  probe?: boolean;
  /**
   * The game's complete content files when they are not the builtin (`--content DIR`, checked by
   * src/content/files.ts): each thread builds the game from them.
   */
  content?: Record<string, unknown>;
}

/**
 * A run ready to play a game: its game, its options parsed and a bot for every name in its
 * schedule — all found once per run (per worker), never per game.
 */
export interface BoundRun<S extends RunSpec = RunSpec> {
  spec: S;
  pkg: AnyGamePackage;
  game: AnyGame;
  bots: ReadonlyMap<string, Bot>;
  /** The options as the game parsed them (defaults filled in): every game of the run starts from them. */
  options: unknown;
}

/** A checked run. */
export interface ResolvedRun<S extends RunSpec = RunSpec> extends BoundRun<S> {
  /** The bot names the run was resolved with (a sim: one per seat). */
  names: string[];
}

/**
 * Checks a spec: the game, the seats, games and seed, then the bot names `names` picks (a sim and
 * a tournament check their own), every bot, and the options — in that order, stopping at the first
 * problem.
 */
export function resolveRun<S extends RunSpec>(
  spec: S,
  names: (game: AnyGame) => Result<string[], GameError>,
  registry: Registry = BUILTINS,
): Result<ResolvedRun<S>, GameError> {
  const found = registry.find(spec.game);
  if (!found.ok) return found;
  const pkg = found.value;
  const game = pkg.game;
  if (!Number.isInteger(spec.seats) || spec.seats < game.seats.min || spec.seats > game.seats.max) {
    return err({ code: 'bad-seats', message: `${game.title} takes ${game.seats.min}–${game.seats.max} seats, not ${spec.seats}` });
  }
  if (!Number.isInteger(spec.games) || spec.games < 1) {
    return err({ code: 'bad-games', message: `the number of games must be a whole number of at least 1, not ${spec.games}` });
  }
  if (spec.seed.length === 0) return err({ code: 'bad-seed', message: 'the seed must be a non-empty string' });
  const picked = names(game);
  if (!picked.ok) return picked;
  const bound = bindPackage(spec, pkg, picked.value);
  if (!bound.ok) return bound;
  return ok({ ...bound.value, names: picked.value });
}

/** Finds the game and a bot for each name, without checking the rest (resolveRun did). */
export function bindRun<S extends RunSpec>(spec: S, names: readonly string[], registry: Registry = BUILTINS): Result<BoundRun<S>, GameError> {
  const found = registry.find(spec.game);
  if (!found.ok) return found;
  return bindPackage(spec, found.value, names);
}

/** Builds the run's game from its content (when the spec has its own), its bots, then parses its options. */
function bindPackage<S extends RunSpec>(spec: S, found: AnyGamePackage, names: readonly string[]): Result<BoundRun<S>, GameError> {
  const pkg = spec.content === undefined ? found : packageFor(found, spec.content);
  const bots = new Map<string, Bot>();
  for (const name of names) {
    if (bots.has(name)) continue;
    const bot = findBot(pkg, name);
    if (!bot.ok) return bot;
    bots.set(name, bot.value);
  }
  const options = pkg.game.parseOptions(spec.options ?? {}, spec.seats);
  if (!options.ok) return options;
  return ok({ spec, pkg, game: pkg.game, bots, options: options.value });
}
