/**
 * The levels a player picks at the table — `easy`, `medium`, `hard` — named the same in the CLI
 * (`--bots hard,easy,easy`) and the web lobby. Easy is the game's hand-written heuristic; medium
 * and hard are ISMCTS with a small and a large budget, tuned per game (the `tuning` of its
 * package, src/games/<id>/index.ts) so that a hard decision stays well under a second on one core.
 *
 * Budgets are in iterations, never in time, so every level is deterministic for its seed and
 * plays the same on a fast and a slow machine.
 */
import type { Bot } from '../engine/bot.js';
import type { LevelTuning } from '../engine/search.js';
import type { GameBots } from '../games/package.js';
import { makeIsmctsBot, type IsmctsConfig } from './ismcts.js';

export const LEVELS = ['easy', 'medium', 'hard'] as const;
export type Level = (typeof LEVELS)[number];

/** What a level searches with when the game's package does not say (see docs/bots.md). */
const DEFAULT_TUNING: LevelTuning = {
  medium: { iterations: 300 },
  hard: { iterations: 3000 },
  easyFallback: { iterations: 50 },
};

/** A game's search settings per level: its package's tuning over the defaults. */
export function levelTuning(bots: GameBots): LevelTuning {
  return { ...DEFAULT_TUNING, ...bots.tuning };
}

/** The search settings of a level for a game, with the game's heuristic and knowledge wired in. */
export function levelConfig(bots: GameBots, level: Exclude<Level, 'easy'>): IsmctsConfig {
  return withGame(levelTuning(bots)[level], bots);
}

/** Fills in what a search needs from the game: its knowledge and (if asked for) its heuristic. */
export function withGame(config: IsmctsConfig, bots: GameBots): IsmctsConfig {
  const knowledge = config.knowledge ?? bots.knowledge ?? {};
  const playoutBot = config.playoutBot ?? ((config.heuristicSteps ?? 0) > 0 || config.paired ? bots.heuristic : undefined);
  return { ...config, knowledge, ...(playoutBot ? { playoutBot } : {}) };
}

/** The bot for a level: easy is the game's heuristic (a short search without one), medium and hard search. */
export function levelBot(bots: GameBots, level: Level): Bot {
  switch (level) {
    case 'easy':
      return bots.heuristic ?? makeIsmctsBot(withGame(levelTuning(bots).easyFallback, bots));
    case 'medium':
    case 'hard':
      return makeIsmctsBot(levelConfig(bots, level));
  }
}
