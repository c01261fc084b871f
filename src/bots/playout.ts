/**
 * Search playouts, shared by the tree search (ismcts.ts) and its paired mode (paired.ts): play a
 * determinized state on and score it for every seat. Also the result both searches return.
 */
import type { Bot } from '../engine/bot.js';
import type { ActionBase, AnyGame, Seat } from '../engine/game.js';
import { nextInt, type Rng } from '../engine/rng.js';
import { outcomeRewards, type SearchKnowledge } from '../engine/search.js';
import { advance, outcomeAfter } from '../engine/step.js';
import { botInput } from './play.js';

export interface RootStat {
  action: ActionBase;
  visits: number;
  /** Mean reward for the bot's seat after this action. */
  mean: number;
}

/** What a search decided, and how it saw the bot's choices at the root. */
export interface SearchResult {
  action: ActionBase;
  iterations: number;
  /** The bot's choices at the root, most visited first. */
  stats: RootStat[];
}

export interface PlayoutPlan {
  /** Most actions in one playout (a safety net so playouts always end). */
  steps: number;
  /**
   * How many steps the heuristic (`bot`, or the game's `knowledge.heuristic` when it has one: the
   * same choices without a view) plays before random moves or the game's policy take over.
   */
  heuristicSteps: number;
  bot: Bot | undefined;
  knowledge: SearchKnowledge;
  scoreWeight: number;
  /** Stop once the game's stage has risen by this much (Infinity: play on). */
  stages: number;
  /** Stop as soon as this seat is no longer to act (its turn is over), if the game has an evaluator. */
  untilTurnOf?: Seat;
}

/** The actions search considers: all of `legal` but the game's skipped ones (unless only those remain). */
export function searchable(legal: readonly ActionBase[], skip: ((a: ActionBase) => boolean) | undefined): readonly ActionBase[] {
  if (!skip) return legal;
  const kept = legal.filter((a) => !skip(a));
  return kept.length > 0 ? kept : legal;
}

/**
 * Plays `state` (mutated) on and returns each seat's reward: from the outcome if the game ended,
 * else from the game's evaluator, else nothing (the caller counts a draw).
 */
export function playout(game: AnyGame, state: unknown, rng: Rng, p: PlayoutPlan): number[] {
  const { stage, policy, value, skip } = p.knowledge;
  const stopAt = stage && p.stages !== Infinity ? stage(state) + p.stages : Infinity;
  const turnOf = value ? p.untilTurnOf : undefined;
  // Who acts is asked once; after that each step yields it (engine/step.ts).
  let toAct = game.toAct(state);
  for (let step = 0; step < p.steps; step++) {
    if (toAct.length === 0 || (turnOf !== undefined && !toAct.includes(turnOf))) break;
    const seat = toAct[0]!;
    const legal = game.legalActions(state, seat);
    let action: ActionBase;
    if (legal.length === 1) action = legal[0]!;
    else if (step < p.heuristicSteps && p.bot && p.knowledge.heuristic) action = p.knowledge.heuristic(state, seat, legal, rng);
    else if (step < p.heuristicSteps && p.bot) action = p.bot(botInput(game, state, seat, rng, legal));
    else {
      const choices = searchable(legal, skip);
      action = choices.length === 1 ? choices[0]! : policy ? policy(state, seat, choices, rng) : choices[nextInt(rng, choices.length)]!;
    }
    toAct = advance(game, state, seat, action);
    if (stopAt !== Infinity && stage!(state) >= stopAt) break;
  }
  const outcome = outcomeAfter(game, state, toAct);
  if (outcome) return outcomeRewards(outcome, p.scoreWeight);
  return value ? value(state) : [];
}
