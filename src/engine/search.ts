/**
 * What search bots share with the games they play, kept below src/bots so that a game folder can
 * give its search bots knowledge (and score its own positions) without importing src/bots:
 *
 * - the knowledge a game may hand its search bots (`SearchKnowledge`),
 * - rewards: what a finished or estimated game is worth to each seat,
 * - soft ranking: expected rank rewards from running totals when more is still to play,
 * - search settings and per-level tuning, as plain data a game package carries.
 */
import type { BotInput } from './bot.js';
import type { ActionBase, Outcome, Seat } from './game.js';
import { rankScores } from './outcome.js';
import type { Rng } from './rng.js';

// ---------------------------------------------------------------- knowledge

/** Each seat's estimated reward in [0, 1] for a running game. */
export type Evaluator = (state: unknown) => number[];

export type PlayoutPolicy = (state: unknown, seat: Seat, legal: readonly ActionBase[], rng: Rng) => ActionBase;

/**
 * What a game can tell its search bots beyond the contract, all optional and all reading only a
 * determinized state (one the bot dealt itself through `resample`, never the real one):
 *
 * - `value`: each seat's expected reward in [0, 1] for a running game, on the same scale as
 *   `outcomeRewards` (see the rewards below). Scores playouts that stop before the game ends.
 * - `stage`: a counter that rises as the game moves on (Autumn Leaves: the hand being played).
 *   Playouts stop as soon as it changes, where `value` is most reliable.
 * - `policy`: a cheap playout move (place on your own pile when you can) instead of a uniformly
 *   random one.
 * - `skip`: actions search never takes while anything else is legal — moves that only undo
 *   (Acorn Run's `cancel`), which would otherwise let a bot go round in circles for ever.
 * - `rank`: the legal actions best first by the game's heuristic (from the view): paired search
 *   compares the first few.
 * - `defer`: decisions the search leaves to the heuristic (steps inside a multi-step move).
 * - `heuristic`: the game's heuristic bot reading a dealt state directly, making the same choices
 *   as the bot given that state's view for `seat`: playouts use it in place of the bot, so that
 *   no view is built at every playout step.
 */
export interface SearchKnowledge {
  value?: Evaluator;
  stage?: (state: unknown) => number;
  horizon?: number | ((state: unknown) => number);
  policy?: PlayoutPolicy;
  skip?: (action: ActionBase) => boolean;
  /** `legal` in the game's order of preference, judged from the seat's view (paired search's candidates). */
  rank?: (input: BotInput, legal: readonly ActionBase[]) => readonly ActionBase[];
  /** Whether to leave this decision to the heuristic without searching. */
  defer?: (input: BotInput) => boolean;
  /**
   * Paired search: a root candidate whose playouts score the same on this many worlds in a row is
   * settled (what the worlds differ in did not reach its result) and not played out again.
   */
  settleAfter?: number;
  /**
   * Paired search: whether a playout from `world` (before the candidate) that reached `end`
   * scored what it would have scored in every world `seat` cannot tell from this one — it
   * revealed nothing hidden that its moves or its score depend on. Such a candidate is settled
   * after one world.
   */
  sameInEveryWorld?: (world: unknown, end: unknown, seat: Seat) => boolean;
  /**
   * Paired search: after the first world, candidates whose reward there is more than this below
   * the best one's are not played out again (a reward gap one world does not close).
   */
  pruneBelow?: number;
  /** The heuristic bot's choice for `seat` read off a dealt state (the same as from its view). */
  heuristic?: PlayoutPolicy;
}

// ---------------------------------------------------------------- rewards

/**
 * What a finished (or estimated) game is worth to each seat, for search. Any number of seats:
 * the reward is per seat, never a single winner flag.
 *
 * Rank part: a seat in position p of n is worth (n - p) / (n - 1) — 1 for first, 0 for last.
 * Seats that share a rank share the positions they span: two seats tied for first at a four-seat
 * table each sit at position 1.5 and get 5/6, so a shared win is worth less than an outright one
 * and the rewards of a table always sum to n / 2.
 *
 * Score part: each seat's score placed between the table's worst (0) and best (1). Blending a
 * little of it in (weight 0.1 by default) lets search prefer a closer loss or a wider win when
 * the rank would not change, which matters in games whose ranks are settled late.
 */

/** Position-based reward for each seat from its rank (1 = best; equal ranks share). */
export function rankRewards(ranks: readonly number[]): number[] {
  const n = ranks.length;
  if (n <= 1) return ranks.map(() => 1);
  return ranks.map((rank) => {
    let shared = 0;
    for (const r of ranks) if (r === rank) shared++;
    const position = rank + (shared - 1) / 2;
    return (n - position) / (n - 1);
  });
}

/** Each seat's score scaled to [0, 1] between the table's worst and best (0.5 for all when equal). */
export function scoreRewards(scores: readonly number[], lowerIsBetter: boolean): number[] {
  let min = Infinity;
  let max = -Infinity;
  for (const s of scores) {
    if (s < min) min = s;
    if (s > max) max = s;
  }
  if (!(max > min)) return scores.map(() => 0.5);
  return scores.map((s) => (lowerIsBetter ? (max - s) / (max - min) : (s - min) / (max - min)));
}

/** The default blend of rank and score: the reward of each seat for a finished game. */
export function outcomeRewards(outcome: Pick<Outcome, 'ranks' | 'scores' | 'lowerIsBetter' | 'racers'>, scoreWeight = 0.1): number[] {
  // Racers at no seat (Acorn Run's dummies) take part in the ranking and the score scale: a seat
  // beaten by them is worth less, even alone at the table. Only the seats' rewards are returned.
  const racers = outcome.racers ?? [];
  const seats = outcome.ranks.length;
  const byRank = rankRewards([...outcome.ranks, ...racers.map((r) => r.rank)]).slice(0, seats);
  if (scoreWeight <= 0) return byRank;
  const byScore = scoreRewards([...outcome.scores, ...racers.map((r) => r.score)], outcome.lowerIsBetter === true);
  return byRank.map((r, seat) => (1 - scoreWeight) * r + scoreWeight * byScore[seat]!);
}

/** Rewards from projected scores (a capped playout's estimate), ranked as a finished game would be. */
export function projectedRewards(scores: readonly number[], lowerIsBetter: boolean, scoreWeight = 0.1): number[] {
  const { ranks } = rankScores(scores, lowerIsBetter);
  return outcomeRewards({ ranks, scores: [...scores], lowerIsBetter }, scoreWeight);
}

// ---------------------------------------------------------------- soft ranking

/**
 * Expected rank rewards from running totals when more is still to play. If each seat still adds
 * a random amount with spread `sigma` to its total, seat i finishes ahead of seat j with
 * probability Φ((Tj − Ti) / (sigma·√2)) (lower-is-better; mirrored otherwise). A seat's rank
 * reward (above) is the share of the other seats it finishes ahead of, ties counting half,
 * so its expectation is the mean of those probabilities. With nothing left to play it is the
 * exact rank reward.
 */
/** The standard normal CDF (Abramowitz & Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const erf = erfAbs(x);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export function softRankRewards(totals: readonly number[], lowerIsBetter: boolean, sigma: number, scoreWeight = 0.1): number[] {
  const n = totals.length;
  if (n <= 1) return totals.map(() => 1);
  const spread = sigma * Math.SQRT2;
  const byScore = scoreRewards(totals, lowerIsBetter);
  // Each pair once: j's margin over i is minus i's over j, and normalCdf of x and of -x share
  // everything but the last step (the erf of |x|), so one exp serves both seats of a pair.
  // Search scores every capped playout here. Seat i still adds its terms in the order of j
  // (pairs (k, i) for k < i come first, from earlier rows), so every sum is the one the plain
  // double loop made, to the last bit.
  // (map: lists of the exact length, where pushing would allocate room for seventeen.)
  const ahead = totals.map(() => 0);
  for (let i = 0; i < n; i++) {
    const ti = totals[i]!;
    for (let j = i + 1; j < n; j++) {
      const margin = lowerIsBetter ? totals[j]! - ti : ti - totals[j]!;
      if (spread > 0) {
        const x = margin / spread;
        const erf = erfAbs(x);
        // normalCdf: x ≥ 0 (−0 too) takes (1 + erf) / 2, below 0 (1 − erf) / 2; −x the same rule.
        ahead[i]! += x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
        ahead[j]! += -x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
      } else {
        ahead[i]! += margin > 0 ? 1 : margin === 0 ? 0.5 : 0;
        ahead[j]! += -margin > 0 ? 1 : -margin === 0 ? 0.5 : 0;
      }
    }
  }
  return ahead.map((a, i) => (1 - scoreWeight) * (a / (n - 1)) + scoreWeight * byScore[i]!);
}

/** The erf of |x| / √2 (Abramowitz–Stegun 7.1.26): normalCdf(x) is (1 + it) / 2 for x ≥ 0, else (1 − it) / 2. */
function erfAbs(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return 1 - poly * Math.exp(-(x * x) / 2);
}

// ---------------------------------------------------------------- settings and levels

/**
 * How an ISMCTS search is set up (src/bots/ismcts.ts), as plain data: what a game package's
 * level tuning holds. The bot fills in the game's knowledge and heuristic itself.
 */
export interface SearchSettings {
  /** Iterations per decision. With no `timeMs`, the search is deterministic for a given bot seed. */
  iterations?: number;
  /** Wall-clock budget per decision in milliseconds (stops at whichever budget runs out first). */
  timeMs?: number;
  /** UCB exploration constant (rewards lie in [0, 1]). */
  exploration?: number;
  /** Most actions in one playout (a safety net so playouts always end). */
  playoutSteps?: number;
  /** How many playout steps use the game's heuristic before falling back to random actions. */
  heuristicSteps?: number;
  /** Weight of the score in a seat's reward (the rest is rank). */
  scoreWeight?: number;
  /**
   * How many choice points deep the tree may grow (default: unlimited). 1 searches the bot's own
   * choices only and leaves everything after them to playouts: with a strong playout policy
   * (the game's heuristic) that improves on the policy without modelling opponents by the tree.
   */
  treeDepth?: number;
  /**
   * Paired mode (src/bots/paired.ts): search the root only, playing every determinization out
   * once after each root candidate with the same generator, the heuristic in every seat.
   * `iterations` then counts determinizations.
   */
  paired?: boolean;
  /** Paired mode: how many root actions to compare, in the game's order of preference. */
  candidates?: number;
  /**
   * Paired mode: stages a playout runs before the evaluator judges it (default: to the end), or
   * 'turn' to stop when the bot's own turn is over.
   */
  horizon?: number | 'turn';
}

/**
 * A game's search settings for the levels players pick (src/bots/levels.ts): medium and hard,
 * and easy for a game without a heuristic bot. Budgets are in iterations, never in time, so
 * every level is deterministic for its seed.
 */
export interface LevelTuning {
  medium: SearchSettings;
  hard: SearchSettings;
  /** Used for easy when the game has no heuristic bot. */
  easyFallback: SearchSettings;
}
