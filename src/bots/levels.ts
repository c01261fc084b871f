/**
 * The levels a player picks at the table — `easy`, `medium`, `hard` — named the same in the CLI
 * (`--bots hard,easy,easy`) and the web lobby. Easy is the game's hand-written heuristic; medium
 * and hard are ISMCTS with a small and a large budget, tuned per game below so that a hard
 * decision stays well under a second on one core.
 *
 * Budgets are in iterations, never in time, so every level is deterministic for its seed and
 * plays the same on a fast and a slow machine.
 */
import type { Bot } from '../engine/bot.js';
import { knowledgeFor } from './knowledge.js';
import { makeIsmctsBot, type IsmctsConfig } from './ismcts.js';

export const LEVELS = ['easy', 'medium', 'hard'] as const;
export type Level = (typeof LEVELS)[number];

/** A game's search settings per level; anything left out takes the ISMCTS default. */
export interface LevelTuning {
  medium: IsmctsConfig;
  hard: IsmctsConfig;
  /** Used for easy when the game has no heuristic bot. */
  easyFallback: IsmctsConfig;
}

const DEFAULT_TUNING: LevelTuning = {
  medium: { iterations: 300 },
  hard: { iterations: 3000 },
  easyFallback: { iterations: 50 },
};

/** Per-game tuning, by game id (see docs/bots.md for how these were measured). */
const TUNING: Record<string, Partial<LevelTuning>> = {
  // Four seats, one core: a 1,000-iteration decision takes ~40 ms, so hard thinks ~0.2 s.
  'autumn-leaves': { medium: { iterations: 300 }, hard: { iterations: 5000 } },
  // Paired search (paired.ts): the heuristic's best few moves, each played out to the end of the
  // game by heuristics in every seat on the same determinizations. The tree search only matched
  // the strong Acorns heuristic; this beats it (docs/bots.md).
  acorns: {
    medium: { paired: true, iterations: 20, candidates: 4 },
    hard: { paired: true, iterations: 160, candidates: 5 },
  },
  // Paired search over what to start (which move, card, acorn action or purchase, or ending the
  // turn); the heuristic finishes each move it starts, and playouts run to the end of the turn,
  // judged by the expected race and combo VP (knowledge/acorn-run.ts).
  'acorn-run': {
    medium: { paired: true, iterations: 4, candidates: 3, horizon: 'turn' },
    hard: { paired: true, iterations: 20, candidates: 8, horizon: 'turn' },
  },
};

export function levelTuning(gameId: string): LevelTuning {
  return { ...DEFAULT_TUNING, ...TUNING[gameId] };
}

/** The search settings of a level for a game, with the game's heuristic and evaluator wired in. */
export function levelConfig(gameId: string, level: Exclude<Level, 'easy'>, heuristic: Bot | undefined): IsmctsConfig {
  return withGame(gameId, levelTuning(gameId)[level], heuristic);
}

/** Fills in what a search needs from the game: its knowledge and (if asked for) its heuristic. */
export function withGame(gameId: string, config: IsmctsConfig, heuristic: Bot | undefined): IsmctsConfig {
  const knowledge = config.knowledge ?? knowledgeFor(gameId);
  const playoutBot = config.playoutBot ?? ((config.heuristicSteps ?? 0) > 0 || config.paired ? heuristic : undefined);
  return { ...config, knowledge, ...(playoutBot ? { playoutBot } : {}) };
}

/** The bot for a level; `heuristic` is the game's hand-written bot, if it has one. */
export function levelBot(gameId: string, level: Level, heuristic: Bot | undefined): Bot {
  switch (level) {
    case 'easy':
      return heuristic ?? makeIsmctsBot(withGame(gameId, levelTuning(gameId).easyFallback, undefined));
    case 'medium':
    case 'hard':
      return makeIsmctsBot(levelConfig(gameId, level, heuristic));
  }
}
