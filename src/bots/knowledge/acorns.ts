/**
 * Search knowledge for Acorns. A11 scores claimed acorns minus trees left in hand, so a running
 * game is judged by that score plus the trees in play each side is likely to claim: a tree it
 * leads now (A6, A7) or its own unsurrounded tree (A8). The rest of the game is noise whose
 * spread shrinks as the cards run out (soft-rank.ts). Playouts stop at the end of each turn of
 * the table, where this estimate takes over. Reads a determinized state only.
 */
import { ACORNS } from '../../games/acorns/content.js';
import { leaderOf, NOBODY } from '../../games/acorns/lead.js';
import { sideScores } from '../../games/acorns/scoring.js';
import { sideOf, type AcornsState } from '../../games/acorns/state.js';
import type { SearchKnowledge } from '../knowledge.js';
import { softRankRewards } from './soft-rank.js';

/** Spread of a seat's final score around the table's mean in heuristic self-play (4 seats). */
const GAME_SIGMA = 7.9;
/** Share of a tree's acorns a current lead, or an own tree nobody has surrounded yet, is worth. */
const LEAD_SHARE = 0.6;
const UNSURROUNDED_SHARE = 0.45;
/** Cards not yet drawn or played at the start of a game: 78 cards in all. */
const ALL_CARDS = 78;

function value(raw: unknown): number[] {
  const state = raw as AcornsState;
  const bySide = sideScores(state);
  for (const tree of state.trees) {
    const acorns = ACORNS[tree.card]!;
    const leader = leaderOf(state, tree);
    if (leader !== NOBODY) bySide[leader]! += LEAD_SHARE * acorns;
    else if (tree.groups.length === 0) bySide[sideOf(state, tree.owner)]! += UNSURROUNDED_SHARE * acorns;
  }
  let uncommitted = state.draw.length;
  for (const hand of state.hands) uncommitted += hand.length;
  const sigma = GAME_SIGMA * Math.sqrt(Math.min(1, uncommitted / ALL_CARDS));
  const scores = Array.from({ length: state.seats }, (_, seat) => bySide[sideOf(state, seat)]!);
  return softRankRewards(scores, false, sigma);
}

export const acornsKnowledge: SearchKnowledge = {
  value,
  stage: (raw) => {
    const state = raw as AcornsState;
    return Math.floor(state.turns / state.seats);
  },
};
