/**
 * The bot registry. `random` plays every game; `heuristic` is each game's hand-written bot (from
 * its package, src/games/<id>/index.ts); the levels `easy`, `medium`, `hard` are what players
 * pick (see levels.ts); `ismcts:<budget>` is the search with a budget of your choosing
 * (`ismcts:5000` iterations, `ismcts:200ms` of thinking). Names are what the CLI's --bots flag
 * and the web lobby use. Every bot is made from a game's package.
 */
import type { Bot } from '../engine/bot.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { BUILTINS } from '../games/index.js';
import type { AnyGamePackage } from '../games/package.js';
import { makeIsmctsBot } from './ismcts.js';
import { levelBot, withGame } from './levels.js';
import { randomBot } from './random.js';

export interface BotEntry {
  name: string;
  description: string;
  /**
   * Makes the bot for one game, from what its package gives bots; undefined when it does not
   * play that game (or `param`, the part of the name after a colon, is not one it understands).
   */
  forGame(pkg: AnyGamePackage, param?: string): Bot | undefined;
  /** What may follow the name after a colon (`ismcts:5000`); absent when nothing may. */
  param?: string;
}

/** `ismcts` budgets: `5000` iterations or `250ms` of wall-clock time. */
function ismctsFor(pkg: AnyGamePackage, param: string | undefined): Bot | undefined {
  const budget = param ?? '1000';
  const m = /^(\d+)(ms)?$/.exec(budget);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (!(n > 0) || n > 10_000_000) return undefined;
  const config = m[2] === 'ms' ? { timeMs: n } : { iterations: n };
  return makeIsmctsBot(withGame(config, pkg.bots));
}

const BOTS: BotEntry[] = [
  { name: 'random', description: 'plays a uniformly random legal action', forGame: () => randomBot },
  {
    name: 'heuristic',
    description: "the game's hand-written strategy (the 'easy' level)",
    forGame: (pkg) => pkg.bots.heuristic,
  },
  {
    name: 'easy',
    description: "level easy: the game's hand-written strategy, quick and readable",
    forGame: (pkg) => levelBot(pkg.bots, 'easy'),
  },
  {
    name: 'medium',
    description: 'level medium: a short information-set search (ISMCTS), a little stronger than easy',
    forGame: (pkg) => levelBot(pkg.bots, 'medium'),
  },
  {
    name: 'hard',
    description: 'level hard: a long information-set search (ISMCTS), clearly stronger than easy',
    forGame: (pkg) => levelBot(pkg.bots, 'hard'),
  },
  {
    name: 'ismcts',
    description: 'ISMCTS with a budget: ismcts:5000 (iterations, deterministic) or ismcts:250ms (time)',
    param: 'a budget: iterations (5000) or milliseconds (250ms)',
    forGame: ismctsFor,
  },
];

/** A game's package, or the id of a built-in game (a convenience for tests, benches and scripts). */
export type GameRef = AnyGamePackage | string;

const packageOf = (game: GameRef): Result<AnyGamePackage, GameError> => (typeof game === 'string' ? BUILTINS.find(game) : ok(game));

/** Every bot, or the bots that play this game (none for an id that is not a built-in game). */
export function listBots(game?: GameRef): BotEntry[] {
  if (game === undefined) return BOTS;
  const pkg = packageOf(game);
  return pkg.ok ? BOTS.filter((b) => b.forGame(pkg.value) !== undefined) : [];
}

/** The bot called `name` (optionally `name:param`) for this game, or an error that names the bots there are. */
export function findBot(game: GameRef, name: string): Result<Bot, GameError> {
  const found = packageOf(game);
  if (!found.ok) return found;
  const pkg = found.value;
  const colon = name.indexOf(':');
  const base = colon < 0 ? name : name.slice(0, colon);
  const param = colon < 0 ? undefined : name.slice(colon + 1);
  const entry = BOTS.find((b) => b.name === base);
  if (entry && param !== undefined) {
    const bot = entry.param === undefined ? undefined : entry.forGame(pkg, param);
    if (bot) return ok(bot);
    const takes = entry.param === undefined ? 'takes nothing after a colon' : `takes ${entry.param}`;
    return err({ code: 'unknown-bot', message: `bot '${base}' does not understand '${param}': it ${takes}` });
  }
  const bot = entry?.forGame(pkg);
  if (bot) return ok(bot);
  return err({
    code: 'unknown-bot',
    message: `no bot '${name}' for ${pkg.game.id} (bots: ${listBots(pkg).map((b) => b.name).join(', ')})`,
  });
}

export { randomBot };
export { makeIsmctsBot, ismctsSearch, type IsmctsConfig, type SearchResult } from './ismcts.js';
export { LEVELS, levelBot, type Level } from './levels.js';
export { botInput, playBotMatch, playBots, type BotMatchOptions, type BotMatchResult } from './play.js';
