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
 * from the view), cut to the best `candidates`; the best mean reward wins, the game's earlier
 * choice on a tie. (Steps the game marks with `knowledge.defer`, the middle of a multi-step move in
 * Acorn Run, never get here: ismcts.ts leaves them to the heuristic.)
 *
 * A game may settle candidates early: one whose playout revealed nothing hidden
 * (`knowledge.sameInEveryWorld`) or that scored the same on `knowledge.settleAfter` worlds in a
 * row is not played out again, and its score stands for every world; and it may drop
 * after the first world the candidates that scored more than `knowledge.pruneBelow` below the
 * best there.
 *
 * Fairness is the same as the tree search: only `determinize` (the game's `resample`), the view
 * and the legal actions are read. Deterministic for a given generator and iteration budget.
 */
import type { Bot, BotInput } from '../engine/bot.js';
import type { ActionBase } from '../engine/game.js';
import { cloneRng, nextUint32 } from '../engine/rng.js';
import type { SearchKnowledge } from '../engine/search.js';
import { playout, type SearchResult } from './playout.js';

export interface PairedSettings {
  /** Determinizations (each is played out once per candidate). */
  iterations: number;
  /** performance.now() past which no new determinization starts (Infinity: none). */
  deadline: number;
  candidates: number;
  /**
   * Stages a playout runs before the evaluator judges it (Infinity: to the end of the game), or
   * 'turn': until the searching seat's turn is over (and at most one stage).
   */
  horizon: number | 'turn';
  playoutSteps: number;
  scoreWeight: number;
  playoutBot: Bot;
  knowledge: SearchKnowledge;
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

/** Paired search from the bot's information set; `stats` lists the candidates in the game's order. */
export function pairedSearch(input: BotInput, legal: readonly ActionBase[], s: PairedSettings): SearchResult {
  const { game, seat, rng } = input;
  const cands = rootCandidates(input, legal, s);
  if (cands.length === 1) return { action: cands[0]!, iterations: 0, stats: [{ action: cands[0]!, visits: 0, mean: 0 }] };
  const plan = {
    steps: s.playoutSteps,
    heuristicSteps: Infinity,
    bot: s.playoutBot,
    knowledge: s.knowledge,
    scoreWeight: s.scoreWeight,
    // A turn horizon also stops at the next stage (a solo racer among dummies is always to act).
    stages: s.horizon === 'turn' ? 1 : s.horizon,
    ...(s.horizon === 'turn' ? { untilTurnOf: seat } : {}),
  };
  // A candidate whose playouts scored the same on the first `settleAfter` worlds is settled: the
  // worlds differ only in what the seat cannot see, and that did not reach its result (in Acorn
  // Run, most turns end without a card drawn), so more worlds would only repeat it.
  const settleAfter = s.knowledge.settleAfter ?? Infinity;
  const prune = s.knowledge.pruneBelow ?? Infinity;
  const sums = cands.map(() => 0);
  const first = cands.map(() => 0);
  const visits = cands.map(() => 0);
  const settled = cands.map(() => false);
  let open = cands.length;
  let iterations = 0;
  while (iterations < s.iterations && open > 0) {
    if (iterations > 0 && s.deadline !== Infinity && performance.now() >= s.deadline) break;
    const world = input.determinize(rng);
    // One playout generator per world, shared by every candidate (common random numbers).
    const seed = cloneRng(rng);
    nextUint32(rng);
    for (let i = 0; i < cands.length; i++) {
      if (settled[i]) continue;
      const state = game.clone(world);
      game.apply(state, seat, cands[i]!);
      const reward = playout(game, state, cloneRng(seed), plan)[seat] ?? 0.5;
      if (visits[i] === 0) first[i] = reward;
      else if (reward !== first[i]) first[i] = NaN;
      sums[i]! += reward;
      visits[i]!++;
      const exact = visits[i] === 1 && s.knowledge.sameInEveryWorld?.(world, state, seat) === true;
      if (exact || (visits[i]! >= settleAfter && first[i] === reward)) {
        settled[i] = true;
        open--;
      }
    }
    iterations++;
    if (iterations === 1 && prune !== Infinity) {
      // After the first world, drop the candidates far behind the best: they keep that score.
      let top = -Infinity;
      for (let i = 0; i < cands.length; i++) if (sums[i]! > top) top = sums[i]!;
      for (let i = 0; i < cands.length; i++) {
        if (!settled[i] && sums[i]! < top - prune) {
          settled[i] = true;
          open--;
        }
      }
    }
  }
  const stats = cands.map((action, i) => ({ action, visits: visits[i]!, mean: sums[i]! / Math.max(1, visits[i]!) }));
  let best = 0;
  for (let i = 1; i < stats.length; i++) if (stats[i]!.mean > stats[best]!.mean) best = i;
  return { action: stats[best]!.action, iterations, stats };
}
