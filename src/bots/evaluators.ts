/**
 * Mid-game estimates for search. A playout that hits its step cap before the game ends asks the
 * game's evaluator what the position is worth to each seat (a reward in [0, 1] per seat, on the
 * same scale as `outcomeRewards`). Evaluators read a determinized state — one the bot dealt
 * itself through `resample` — never the real one.
 */
/** Each seat's estimated reward in [0, 1] for a running game. */
export type Evaluator = (state: unknown) => number[];

/** Each game's evaluator, by game id. A game without one scores capped playouts as a draw. */
const EVALUATORS: Record<string, Evaluator> = {};

export function evaluatorFor(gameId: string): Evaluator | undefined {
  return EVALUATORS[gameId];
}
