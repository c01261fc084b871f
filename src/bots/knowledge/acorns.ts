/**
 * Search knowledge for Acorns. A11 scores claimed acorns minus trees left in hand, so a running
 * game is judged by that score plus the trees in play each side is likely to claim: a tree it
 * leads now (A6, A7) or its own unsurrounded tree (A8). The rest of the game is noise whose
 * spread shrinks as the cards run out (soft-rank.ts). Playouts stop when the table's turn ends,
 * where this estimate takes over. Reads a determinized state only.
 */
import { ACORNS } from '../../games/acorns/content/index.js';
import { rankActions } from '../../games/acorns/bots.js';
import type { AcornsAction, AcornsView } from '../../games/acorns/index.js';
import { leaderOf, NOBODY } from '../../games/acorns/lead.js';
import { sideScores } from '../../games/acorns/outcome.js';
import { sideOf, type AcornsState } from '../../games/acorns/state.js';
import type { SearchKnowledge } from '../knowledge.js';
import { softRankRewards } from './soft-rank.js';

/** Spread of a seat's final score around the table's mean in heuristic self-play (4 seats). */
const GAME_SIGMA = 7.9;
/**
 * Share of a tree's acorns a lead is worth, by how safe it is (the heuristic bot's figures): led
 * by the last fox or turtle, out of reach of one more card (3 squirrels at most), or ahead by
 * 3, 2, 1. An own tree nobody has surrounded yet (A8) is worth less.
 */
const GUARDED_SHARE = 0.95;
const OUT_OF_REACH_SHARE = 0.92;
const MARGIN_SHARE = [0, 0.62, 0.72, 0.8];
const UNSURROUNDED_SHARE = 0.45;

function leadShare(tree: AcornsState['trees'][number], leader: number): number {
  if (tree.guards.length > 0) return GUARDED_SHARE;
  let ours = 0;
  let best = 0;
  for (const g of tree.groups) {
    if (g.side === leader) ours = g.total;
    else if (g.total > best) best = g.total;
  }
  if (ours > best + 3) return OUT_OF_REACH_SHARE;
  return MARGIN_SHARE[Math.min(3, ours - best)]!;
}
/** Cards not yet drawn or played at the start of a game: 78 cards in all. */
const ALL_CARDS = 78;

function value(raw: unknown): number[] {
  const state = raw as AcornsState;
  const bySide = sideScores(state);
  for (const tree of state.trees) {
    const acorns = ACORNS[tree.card]!;
    const leader = leaderOf(state, tree);
    if (leader !== NOBODY) bySide[leader]! += leadShare(tree, leader) * acorns;
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
  // Paired search compares the heuristic's favourite moves, judged from the view.
  rank: (input, legal) => rankActions(input.view as AcornsView, input.seat, legal as readonly AcornsAction[]),
  // Playouts end with the table's turn (measured better than running on until the same seat's
  // next claim step, though within the noise of 40-game samples).
  stage: (raw) => {
    const state = raw as AcornsState;
    return Math.floor(state.turns / state.seats);
  },
};
