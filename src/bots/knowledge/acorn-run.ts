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
import type { AcornRunView } from '../../games/acorn-run/view.js';
import type { SearchKnowledge } from '../knowledge.js';
import { normalCdf, softRankRewards } from './soft-rank.js';

/** Estimated turns to the finish from every space, for a starter deck (4 green, 3 yellow, 3 red). */
let dist: Float64Array | undefined;
/** Spread of a seat's VP per round still to play (a guess, in VP). */
const ROUND_SIGMA = 2;
/** Spread, in turns, of how long a racer takes per turn it still needs (how far a hand goes). */
const TURN_SIGMA = 0.6;
/** What an acorn in hand is worth in VP (the heuristic's figure: it buys a board action). */
const ACORN_VP = 0.5;

/**
 * Each seat's expected race VP: placed racers keep their place (R12); a running racer finishes
 * ahead of another running one with a probability that grows with its lead in estimated turns
 * to the Great Oak, so a step forward always counts a little, not only when it passes someone.
 */
function expectedRaceVp(state: State, table: Float64Array): Map<number, number> {
  const results = CONTENT.race.results;
  const taken = state.results.filter((x) => x !== null).length;
  const running = state.racers.flatMap((r, i) => {
    if (r.place !== null || r.out) return [];
    const d = r.pos === null ? Infinity : table[r.pos]!;
    return [{ i, d: Number.isFinite(d) ? d : 12 }];
  });
  const out = new Map<number, number>();
  for (const a of running) {
    // Expected number of running racers ahead of a, then the VP at that (fractional) place.
    let ahead = 0;
    for (const b of running) {
      if (b === a) continue;
      const spread = TURN_SIGMA * Math.sqrt(a.d + b.d + 1);
      ahead += normalCdf((a.d - b.d) / spread);
    }
    const place = taken + ahead;
    const lo = Math.floor(place);
    const frac = place - lo;
    const vp = (results[lo] ?? 0) * (1 - frac) + (results[lo + 1] ?? 0) * frac;
    out.set(a.i, vp);
  }
  return out;
}

function value(raw: unknown): number[] {
  const state = raw as State;
  dist ??= distances([0.4, 0.3, 0.3]);
  const table = dist;
  const results = CONTENT.race.results;
  const race = expectedRaceVp(state, table);
  const scores = state.seatRacer.map((i) => {
    const r = state.racers[i]!;
    if (r.out) return 0;
    const combo = r.tokens.reduce((a, b) => a + b, 0);
    const placed = r.place !== null ? (results[r.place] ?? 0) : (race.get(i) ?? 0);
    return combo + placed + ACORN_VP * r.acorns;
  });
  let longest = 0;
  for (const r of state.racers) if (r.place === null && !r.out && r.pos !== null) longest = Math.max(longest, table[r.pos]!);
  const roundsLeft = Math.max(0, state.roundLimit - state.round);
  const left = Math.min(roundsLeft, Math.ceil(Number.isFinite(longest) ? longest : 12));
  return softRankRewards(scores, false, ROUND_SIGMA * Math.sqrt(left));
}

export const acornRunKnowledge: SearchKnowledge = {
  value,
  stage: (raw) => (raw as State).round,
  // `cancel` only undoes a half-made move or purchase: taking it could repeat for ever.
  skip: (action) => action.type === 'cancel',
  // Inside a sprint, climb, jump or payment the heuristic's planner finishes what it started;
  // search chooses what to start (which move, card, acorn action or purchase, or ending the turn).
  defer: (input) => (input.view as AcornRunView).turn.pending.length > 0,
};
