/**
 * The fairness check for search bots: a bot given two states that differ only in what its seat
 * cannot see must decide the same with the same generator. The second state is the first with
 * every hidden card dealt anew (the game's `resample`), so the bot's view is identical by the
 * conformance suite; any difference in the decision would mean the bot read hidden information.
 */
import { expect } from 'vitest';
import type { Bot } from '../src/engine/bot.js';
import { actionKey, createMatch, play, type ActionBase, type AnyGame, type Seat } from '../src/engine/index.js';
import { createRng, nextInt, stableHash } from '../src/engine/index.js';
import { botInput } from '../src/bots/play.js';

/** How a bot is asked for a decision on a real state: in-process, in a worker, … */
export type Decide = (game: AnyGame, state: unknown, seat: Seat, seed: string) => ActionBase;

/** Asks `bot` in-process, exactly as a match does. */
export const decideWith =
  (bot: Bot): Decide =>
  (game, state, seat, seed) =>
    bot(botInput(game, state, seat, createRng(seed)));

export interface FairnessReport {
  decisions: number;
  /** Decisions where the two states really differed (hidden information was re-dealt). */
  differing: number;
}

/** Walks random games and compares the bot's decisions on each state and a re-dealt twin. */
export function checkFairness(
  game: AnyGame,
  decide: Decide,
  config: { seats: number; options?: unknown; games: number; decisionsPerGame: number; maxSteps: number },
): FairnessReport {
  let decisions = 0;
  let differing = 0;
  for (let g = 0; g < config.games; g++) {
    const created = createMatch(game, { seats: config.seats, seed: `fair:${g}`, options: config.options });
    if (!created.ok) throw new Error(created.error.message);
    const match = created.value;
    const walk = createRng(`walk:${g}`);
    // Decide at spread-out points of the game, not only at its start.
    const checkEvery = Math.max(1, Math.floor(config.maxSteps / (config.decisionsPerGame * 4)));
    let made = 0;
    for (let step = 0; step < config.maxSteps && made < config.decisionsPerGame; step++) {
      const toAct = game.toAct(match.state);
      if (toAct.length === 0) break;
      const seat: Seat = toAct[nextInt(walk, toAct.length)]!;
      const legal = game.legalActions(match.state, seat);
      if (legal.length > 1 && step % checkEvery === 0) {
        const twin = game.resample(match.state, seat, createRng(`twin:${g}:${step}`));
        expect(game.view(twin, seat)).toEqual(game.view(match.state, seat));
        const a = decide(game, match.state, seat, `bot:${g}:${step}`);
        const b = decide(game, twin, seat, `bot:${g}:${step}`);
        if (actionKey(a) !== actionKey(b)) {
          throw new Error(`${game.id}: seat ${seat} decided differently on a twin state at step ${step}: ${actionKey(a)} vs ${actionKey(b)}`);
        }
        decisions++;
        if (stableHash(twin) !== stableHash(match.state)) differing++;
        made++;
      }
      expect(play(match, seat, legal[nextInt(walk, legal.length)]).ok).toBe(true);
    }
  }
  return { decisions, differing };
}
