/**
 * Search knowledge for Acorn Run. R13 scores race VP plus combo VP, so a running race is judged
 * by each seat's combo VP so far plus the race VP of the place it is heading for: racers still
 * running are ordered by their estimated turns to the Great Oak (the heuristic bot's distance
 * table for a starter deck's colors) behind those already placed (R12). The rest of the race is
 * noise shrinking with the rounds left (soft-rank.ts). Playouts stop at the end of the round.
 * Reads a determinized state only.
 */
import { distances } from '../../games/acorn-run/bot-plan.js';
import { CONTENT } from '../../games/acorn-run/content/index.js';
import type { State } from '../../games/acorn-run/state.js';
import type { SearchKnowledge } from '../knowledge.js';
import { softRankRewards } from './soft-rank.js';

/** Estimated turns to the finish from every space, for a starter deck (4 green, 3 yellow, 3 red). */
let dist: Float64Array | undefined;
/** Spread of a seat's VP per round still to play (a guess, in VP). */
const ROUND_SIGMA = 2;

function value(raw: unknown): number[] {
  const state = raw as State;
  dist ??= distances([0.4, 0.3, 0.3]);
  const table = dist;
  const results = CONTENT.race.results;
  // Placed racers keep their place; the others follow, nearest to the finish first.
  const running = state.racers
    .map((r, i) => ({ i, d: r.pos === null ? Infinity : table[r.pos]! }))
    .filter(({ i }) => state.racers[i]!.place === null && !state.racers[i]!.out)
    .sort((a, b) => a.d - b.d);
  const taken = state.results.filter((x) => x !== null).length;
  const projected = new Map<number, number>();
  running.forEach(({ i }, k) => projected.set(i, results[taken + k] ?? 0));
  const scores = state.seatRacer.map((i) => {
    const r = state.racers[i]!;
    if (r.out) return 0;
    const combo = r.tokens.reduce((a, b) => a + b, 0);
    const race = r.place !== null ? (results[r.place] ?? 0) : (projected.get(i) ?? 0);
    return combo + race;
  });
  const roundsLeft = Math.max(0, state.roundLimit - state.round);
  const left = running.length === 0 ? 0 : Math.min(roundsLeft, Math.ceil(running[running.length - 1]!.d));
  return softRankRewards(scores, false, ROUND_SIGMA * Math.sqrt(left));
}

export const acornRunKnowledge: SearchKnowledge = {
  value,
  stage: (raw) => (raw as State).round,
  // `cancel` only undoes a half-made move or purchase: taking it could repeat for ever.
  skip: (action) => action.type === 'cancel',
};
