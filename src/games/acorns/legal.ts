/**
 * Which actions a seat may take (A3–A5, A10, A12): the fast list, read from the state.
 * explain.ts answers for any one action, in words, from the seat's view; a property test checks
 * that the two agree.
 *
 * Identical cards: copies with the same face (squirrel-red-2-1 and squirrel-red-2-3) do exactly
 * the same, so only the lowest-numbered copy in a hand is offered; actions naming a higher copy
 * while a lower one is held are not legal. The list is ordered: draw; plant (hand order);
 * squirrels, foxes, the turtle (hand order, then trees in the order planted); discard (hand
 * order); pass.
 */
import type { Seat } from '../../engine/game.js';
import { DRAW, PASS, type AcornsAction } from './actions.js';
import type { AcornsTables } from './tables.js';
import { sideOf, type AcornsState } from './state.js';

let TAKEN = new Int32Array(32);
let MINE = new Int32Array(32);

export function legalActions(tables: AcornsTables, state: AcornsState, seat: Seat): AcornsAction[] {
  if (state.over || seat !== state.turn) return [];
  const { face, kind } = tables;
  const colorOf = tables.color;
  const hand = state.hands[seat]!;
  const side = sideOf(state, seat);
  const out: AcornsAction[] = [];
  const drawEmpty = state.draw.length === 0;
  if (!drawEmpty) out.push(DRAW);

  // Per tree: the colors taken and this side's own color there (scratch arrays: no allocation).
  const trees = state.trees;
  const taken = TAKEN.length >= trees.length ? TAKEN : (TAKEN = new Int32Array(trees.length * 2));
  const mine = MINE.length >= trees.length ? MINE : (MINE = new Int32Array(trees.length * 2));
  for (let t = 0; t < trees.length; t++) {
    let mask = 0;
    let own = -1;
    for (const g of trees[t]!.groups) {
      mask |= 1 << g.color;
      if (g.side === side) own = g.color;
    }
    taken[t] = mask;
    mine[t] = own;
  }

  for (let i = 0; i < hand.length; i++) {
    const card = hand[i]!;
    if (kind[card] === 'tree' && (i === 0 || face[hand[i - 1]!] !== face[card])) out.push(tables.plant[card]!);
  }
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i]!;
    if (i > 0 && face[hand[i - 1]!] === face[card]) continue;
    switch (kind[card]) {
      case 'squirrel': {
        const color = colorOf[card]!;
        for (let t = 0; t < trees.length; t++) {
          // A4: strengthen your own group of this color, or start one in a color not yet there.
          const own = mine[t]!;
          if (own === color || (own === -1 && (taken[t]! & (1 << color)) === 0)) out.push(tables.onTree(card, trees[t]!.card));
        }
        break;
      }
      case 'fox': {
        const color = colorOf[card]!;
        // A5: a fox goes on your own (A12: your team's) group of its color.
        for (let t = 0; t < trees.length; t++) if (mine[t] === color) out.push(tables.onTree(card, trees[t]!.card));
        break;
      }
      case 'turtle':
        // A5: the turtle goes on a tree you own (A12: or your partner's).
        for (const t of trees) if (sideOf(state, t.owner) === side) out.push(tables.turtleOn[t.card]!);
        break;
      case 'tree':
        break;
    }
  }
  // A3: discarding a non-tree card only once the draw pile is empty.
  if (drawEmpty) {
    for (let i = 0; i < hand.length; i++) {
      const card = hand[i]!;
      if (kind[card] !== 'tree' && (i === 0 || face[hand[i - 1]!] !== face[card])) out.push(tables.discard[card]!);
    }
  }
  // A3: pass only when nothing else is legal. (A10 and A12 end the game or seat a player out
  // before an empty hand meets an empty draw pile, so this is a safeguard, not a real option.)
  if (out.length === 0) out.push(PASS);
  return out;
}
