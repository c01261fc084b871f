/** Plays a whole game with random legal moves and keeps a spectator's view of every step, as the replay does. */
import type { AnyGame } from './game.js';
import { randomPlayout } from './playout.js';
import { createRng } from './rng.js';

export function playedViews(game: AnyGame, seats: number, seed: string, options: unknown): { state: unknown; first: unknown; views: unknown[] } {
  const opts = game.parseOptions(options, seats);
  if (!opts.ok) throw new Error(opts.error.message);
  const state = game.setup({ seats, seed, options: opts.value });
  const first = game.clone(state);
  const views: unknown[] = [game.view(state, 'spectator')];
  randomPlayout(game, state, createRng(`${seed}:moves`), 100_000, () => views.push(game.view(state, 'spectator')));
  if (game.outcome(state) === null) throw new Error(`${game.id} did not end`);
  return { state, first, views };
}
