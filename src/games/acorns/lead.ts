/** A6: who leads a tree, the one question both the claim step and every view ask. */
import type { AcornsTables } from './tables.js';
import { sideOf, type AcornsState, type TreeInPlay } from './state.js';

/** No side leads: no fox or turtle, and no group with a strictly highest total. */
export const NOBODY = -1;

/**
 * The side leading `tree`, or NOBODY.
 * A6: the last fox or turtle played leads — a fox for its player's side, the turtle for the
 * side of the tree's owner. Without one, the group with the strictly highest total leads; a tie
 * for the highest total leaves the tree to nobody (it stays in play).
 */
export function leaderOf(tables: AcornsTables, state: AcornsState, tree: TreeInPlay): number {
  const last = tree.guards[tree.guards.length - 1];
  if (last !== undefined) return sideOf(state, last.card === tables.turtle ? tree.owner : last.seat);
  let best = 0;
  let leader = NOBODY;
  for (const g of tree.groups) {
    if (g.total > best) {
      best = g.total;
      leader = g.side;
    } else if (g.total === best) {
      leader = NOBODY;
    }
  }
  return leader;
}
