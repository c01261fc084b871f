/**
 * Root search with paired playouts: the `paired` mode of ISMCTS (ismcts.ts).
 *
 * Root-only ISMCTS (tree depth 1) picks one root action per determinization with UCB, so two
 * actions are compared on different worlds and the luck of the deal swamps small differences. In
 * paired mode each iteration deals one determinization and plays it out once after *every* root
 * candidate, all with the same playout generator (common random numbers): a candidate's edge over
 * another is measured on identical worlds, and the noise that both share cancels. Playouts use
 * the game's heuristic for every seat — the strongest cheap model of a player the search has —
 * and run to the end of the game, for `horizon` stages, or to the end of the searching seat's turn
 * (`horizon: 'turn'`); the game's evaluator judges a playout that stops short of the end.
 *
 * Candidates come from the game's own order of preference (`knowledge.rank`, its heuristic seen
 * from the view), cut to the best `candidates`; the game's first choice is kept unless another
 * candidate beats it by `keepMargin` in mean reward, so the search departs from the heuristic
 * only where the playouts say clearly that it should. Steps the game marks with `knowledge.defer`
 * (the middle of a multi-step move in Acorn Run) are left to the heuristic.
 *
 * Fairness is the same as the tree search: only `determinize` (the game's `resample`), the view
 * and the legal actions are read. Deterministic for a given generator and iteration budget.
 */
import type { Bot, BotInput } from '../engine/bot.js';
import type { ActionBase, AnyGame, Seat } from '../engine/game.js';
import { cloneRng, nextUint32, type Rng } from '../engine/rng.js';
import type { SearchKnowledge } from './knowledge.js';
import { botInput } from './play.js';
import { outcomeRewards } from './reward.js';

export interface PairedSettings {
  /** Determinizations (each is played out once per candidate). */
  iterations: number;
  timeMs: number | undefined;
  candidates: number;
  keepMargin: number;
  /**
   * Stages a playout runs before the evaluator judges it (Infinity: to the end of the game), or
   * 'turn': only until the searching seat's turn is over.
   */
  horizon: number | 'turn';
  playoutSteps: number;
  scoreWeight: number;
  playoutBot: Bot;
  knowledge: SearchKnowledge;
}

export interface PairedStat {
  action: ActionBase;
  /** Mean reward of the bot's seat over the determinizations. */
  mean: number;
}

export interface PairedResult {
  action: ActionBase;
  iterations: number;
  /** The candidates in the game's order of preference, with their mean rewards. */
  stats: PairedStat[];
}

/** Plays `state` (mutated) on with the heuristic in every seat and returns each seat's reward. */
function playout(game: AnyGame, state: unknown, me: Seat, rng: Rng, s: PairedSettings): number[] {
  const { stage, value } = s.knowledge;
  const turnOnly = s.horizon === 'turn' && value !== undefined;
  // A turn horizon also stops at the next stage (a solo seat racing dummies is always to act).
  const span = s.horizon === 'turn' ? 1 : s.horizon;
  const stopAt = stage && span !== Infinity ? stage(state) + span : Infinity;
  for (let step = 0; step < s.playoutSteps; step++) {
    const toAct = game.toAct(state);
    if (toAct.length === 0 || (turnOnly && !toAct.includes(me))) break;
    const seat: Seat = toAct[0]!;
    const legal = game.legalActions(state, seat);
    const action = legal.length === 1 ? legal[0]! : s.playoutBot(botInput(game, state, seat, rng));
    game.apply(state, seat, action);
    if (stopAt !== Infinity && stage!(state) >= stopAt) break;
  }
  const outcome = game.outcome(state);
  if (outcome) return outcomeRewards(outcome, s.scoreWeight);
  return value ? value(state) : [];
}

/** The root candidates: the game's order of preference (or the heuristic's pick first), cut. */
export function rootCandidates(input: BotInput, legal: readonly ActionBase[], s: PairedSettings): readonly ActionBase[] {
  let ranked: readonly ActionBase[];
  if (s.knowledge.rank) ranked = s.knowledge.rank(input, legal);
  else {
    const first = s.playoutBot({ ...input, legal, rng: cloneRng(input.rng) });
    ranked = [first, ...legal.filter((a) => a !== first)];
  }
  return ranked.slice(0, Math.max(1, s.candidates));
}

export function pairedSearch(input: BotInput, legal: readonly ActionBase[], s: PairedSettings): PairedResult {
  const { game, seat, rng } = input;
  const cands = rootCandidates(input, legal, s);
  if (cands.length === 1) return { action: cands[0]!, iterations: 0, stats: [{ action: cands[0]!, mean: 0 }] };
  const sums = cands.map(() => 0);
  const deadline = s.timeMs === undefined ? Infinity : performance.now() + s.timeMs;
  let iterations = 0;
  while (iterations < s.iterations) {
    if (deadline !== Infinity && iterations > 0 && performance.now() >= deadline) break;
    const world = input.determinize(rng);
    // One playout generator per world, shared by every candidate (common random numbers).
    const seed = cloneRng(rng);
    nextUint32(rng);
    for (let i = 0; i < cands.length; i++) {
      const state = game.clone(world);
      game.apply(state, seat, cands[i]!);
      sums[i]! += playout(game, state, seat, cloneRng(seed), s)[seat] ?? 0.5;
    }
    iterations++;
  }
  const n = Math.max(1, iterations);
  const stats = cands.map((action, i) => ({ action, mean: sums[i]! / n }));
  // The game's first choice stands unless another is better by the margin.
  let best = 0;
  for (let i = 1; i < stats.length; i++) {
    if (stats[i]!.mean > stats[best]!.mean + (best === 0 ? s.keepMargin : 0)) best = i;
  }
  return { action: stats[best]!.action, iterations, stats };
}
