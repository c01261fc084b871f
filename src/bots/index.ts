/**
 * The bot registry. `random` plays every game; `heuristic` is each game's hand-written bot.
 * Names are what the CLI's --bots flag and the web lobby use.
 */
import type { Bot } from '../engine/bot.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { acornsHeuristic } from '../games/acorns/bots.js';
import { heuristicBot as autumnLeavesHeuristic } from '../games/autumn-leaves/bots.js';
import { heuristicBot as acornRunHeuristic } from '../games/acorn-run/bots.js';
import { randomBot } from './random.js';

export interface BotEntry {
  name: string;
  description: string;
  /** Makes the bot for one game; undefined when it does not play that game. */
  forGame(gameId: string): Bot | undefined;
}

/** Each game's hand-written heuristic bot, by game id. */
const HEURISTICS: Record<string, Bot> = {
  'autumn-leaves': autumnLeavesHeuristic as Bot,
  'acorn-run': acornRunHeuristic as Bot,
  acorns: acornsHeuristic,
};

const BOTS: BotEntry[] = [
  { name: 'random', description: 'plays a uniformly random legal action', forGame: () => randomBot },
  {
    name: 'heuristic',
    description: "the game's hand-written strategy (the 'easy' level)",
    forGame: (gameId) => HEURISTICS[gameId],
  },
];

export function listBots(gameId?: string): BotEntry[] {
  return gameId === undefined ? BOTS : BOTS.filter((b) => b.forGame(gameId) !== undefined);
}

/** The bot called `name` for `gameId`, or an error that names the bots there are. */
export function findBot(gameId: string, name: string): Result<Bot, GameError> {
  const entry = BOTS.find((b) => b.name === name);
  const bot = entry?.forGame(gameId);
  if (bot) return ok(bot);
  return err({
    code: 'unknown-bot',
    message: `no bot '${name}' for ${gameId} (bots: ${listBots(gameId).map((b) => b.name).join(', ')})`,
  });
}

export { randomBot };
export { botInput, playBotMatch, type BotMatchResult } from './play.js';
