/**
 * Search knowledge for Acorn Run. R13 scores race VP plus combo VP, so a running race is judged
 * by each seat's combo VP so far, its acorns, and the race VP it can expect: placed racers keep
 * their place (R12), running ones are placed by their estimated turns to the Great Oak (the
 * heuristic bot's distance table for a starter deck's colors). The rest of the race is noise
 * shrinking with the rounds left (soft-rank.ts). Reads a determinized state only.
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
 * Each racer's race VP, by racer index: a placed racer's from its place (R12), an out racer's 0,
 * and a running racer's expected VP. A running racer finishes ahead of another running one with
 * a probability that grows with its lead in estimated turns to the Great Oak, so a step forward
 * always counts a little, not only when it passes someone. Also returns the most turns any
 * running racer still needs.
 */
function raceVp(state: State, table: Float64Array): { vp: number[]; longest: number } {
  const results = CONTENT.race.results;
  const taken = state.results.filter((x) => x !== null).length;
  const running: { i: number; d: number }[] = [];
  const vp = state.racers.map((r, i) => {
    if (r.place !== null) return results[r.place] ?? 0;
    if (!r.out) {
      const d = r.pos === null ? Infinity : table[r.pos]!;
      running.push({ i, d: Number.isFinite(d) ? d : 12 });
    }
    return 0;
  });
  let longest = 0;
  for (const a of running) {
    longest = Math.max(longest, a.d);
    // Expected number of running racers ahead of a, then the VP at that (fractional) place.
    let ahead = 0;
    for (const b of running) {
      if (b !== a) ahead += normalCdf((a.d - b.d) / (TURN_SIGMA * Math.sqrt(a.d + b.d + 1)));
    }
    const place = taken + ahead;
    const lo = Math.floor(place);
    const frac = place - lo;
    vp[a.i] = (results[lo] ?? 0) * (1 - frac) + (results[lo + 1] ?? 0) * frac;
  }
  return { vp, longest };
}

function value(raw: unknown): number[] {
  const state = raw as State;
  const { vp, longest } = raceVp(state, (dist ??= distances([0.4, 0.3, 0.3])));
  const scores = state.seatRacer.map((i) => {
    const r = state.racers[i]!;
    return r.out ? 0 : r.tokens.reduce((a, b) => a + b, 0) + vp[i]! + ACORN_VP * r.acorns;
  });
  const left = Math.min(Math.max(0, state.roundLimit - state.round), Math.ceil(longest));
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
