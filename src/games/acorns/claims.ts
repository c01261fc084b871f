/** The claim step at the start of a turn (A7, A8) and what a claim does (A9). */
import type { Seat } from '../../engine/game.js';
import { leaderOf } from './lead.js';
import type { AcornsTables } from './tables.js';
import { pushLog, sideOf, type AcornsState, type TreeInPlay } from './state.js';

/**
 * Whether `seat` runs the claim step at the start of its turn: every seat in the ordinary game;
 * A12: in the partner game only the team's first seat (the even one), for the team. It runs there
 * even while that seat sits out, so the team's claims keep their place in the rotation.
 */
export const runsClaimStep = (state: AcornsState, seat: Seat): boolean => !state.partners || seat % 2 === 0;

/**
 * A8 as a condition on the table: an own (team) tree with no group and no turtle. Groups and guards
 * only leave a tree when it is claimed, so such a tree was planted after this side's previous claim
 * step — "on your previous turn" (or, A12, by either partner since the team's last claim step).
 */
function isUnsurrounded(state: AcornsState, tree: TreeInPlay, side: number): boolean {
  return tree.groups.length === 0 && tree.guards.length === 0 && sideOf(state, tree.owner) === side;
}

/** Runs `seat`'s claim step: claims every tree its side leads (A7) and its unsurrounded trees (A8). */
export function claimStep(tables: AcornsTables, state: AcornsState, seat: Seat): void {
  if (!runsClaimStep(state, seat)) return;
  const side = sideOf(state, seat);
  let kept = 0;
  for (let i = 0; i < state.trees.length; i++) {
    const tree = state.trees[i]!;
    if (leaderOf(tables, state, tree) === side || isUnsurrounded(state, tree, side)) {
      claim(tables, state, tree, seat, side);
    } else {
      state.trees[kept++] = tree;
    }
  }
  state.trees.length = kept;
}

/** A9: the tree goes to the side's score pile; its squirrels, foxes and turtle leave the game. */
function claim(tables: AcornsTables, state: AcornsState, tree: TreeInPlay, seat: Seat, side: number): void {
  state.piles[side]!.push(tree.card);
  for (const g of tree.groups) for (const c of g.cards) state.box.push(c);
  for (const g of tree.guards) state.box.push(g.card);
  pushLog(state, { kind: 'claim', seat, tree: tables.ids[tree.card]!, owner: tree.owner, acorns: tables.acorns[tree.card]! });
}
