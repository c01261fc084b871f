/**
 * Turns and actions: the moving parts of Acorns. Setup lives in setup.ts, claims in claims.ts,
 * legality in legal.ts, scoring in outcome.ts.
 */
import type { Seat } from '../../engine/game.js';
import type { AcornsAction } from './actions.js';
import { claimStep } from './claims.js';
import { knownCard, type AcornsTables } from './tables.js';
import {
  addToHand,
  findTree,
  pushLog,
  removeFromHand,
  sideCount,
  sideOf,
  type AcornsState,
} from './state.js';

export const toAct = (state: AcornsState): Seat[] => (state.over ? [] : [state.turn]);

/**
 * A10: the game ends the moment the draw pile is empty and a player's hand is empty — in the
 * partner game, both hands of one team.
 */
export function isEndReached(state: AcornsState): boolean {
  if (state.draw.length > 0) return false;
  if (!state.partners) return state.hands.some((h) => h.length === 0);
  for (let side = 0; side < sideCount(state); side++) {
    if (state.hands[2 * side]!.length === 0 && state.hands[2 * side + 1]!.length === 0) return true;
  }
  return false;
}

/** A12: with the draw pile empty, a partner whose hand is empty sits out. */
export const isSittingOut = (state: AcornsState, seat: Seat): boolean =>
  state.partners && state.draw.length === 0 && state.hands[seat]!.length === 0;

/** Applies a legal action, then ends the game or hands the turn on (running the next claim step). */
export function apply(tables: AcornsTables, state: AcornsState, seat: Seat, action: AcornsAction): void {
  if (state.over || seat !== state.turn) throw new Error(`seat ${seat} may not act now`);
  const hand = state.hands[seat]!;
  switch (action.type) {
    case 'draw': {
      const card = state.draw.pop();
      if (card === undefined) throw new Error('draw from an empty draw pile');
      addToHand(hand, card);
      pushLog(state, { kind: 'draw', seat });
      break;
    }
    case 'plant': {
      const card = knownCard(tables, action.card);
      removeFromHand(hand, card);
      state.trees.push({ card, owner: seat, groups: [], guards: [] });
      pushLog(state, { kind: 'plant', seat, tree: action.card });
      break;
    }
    case 'squirrel': {
      const card = knownCard(tables, action.card);
      const tree = findTree(state, knownCard(tables, action.tree));
      if (!tree) throw new Error(`${action.tree} is not in play`);
      removeFromHand(hand, card);
      const color = tables.color[card]!;
      let group = tree.groups.find((g) => g.color === color);
      if (!group) {
        group = { color, side: sideOf(state, seat), cards: [], total: 0 };
        tree.groups.push(group);
      }
      group.cards.push(card);
      group.total += tables.strength[card]!;
      pushLog(state, { kind: 'squirrel', seat, card: action.card, tree: action.tree, owner: tree.owner, total: group.total });
      break;
    }
    case 'fox':
    case 'turtle': {
      const card = action.type === 'fox' ? knownCard(tables, action.card) : tables.turtle;
      const tree = findTree(state, knownCard(tables, action.tree));
      if (!tree) throw new Error(`${action.tree} is not in play`);
      removeFromHand(hand, card);
      tree.guards.push({ card, seat });
      pushLog(
        state,
        action.type === 'fox'
          ? { kind: 'fox', seat, card: action.card, tree: action.tree, owner: tree.owner }
          : { kind: 'turtle', seat, tree: action.tree, owner: tree.owner },
      );
      break;
    }
    case 'discard': {
      const card = knownCard(tables, action.card);
      removeFromHand(hand, card);
      state.box.push(card);
      pushLog(state, { kind: 'discard', seat, card: action.card });
      break;
    }
    case 'pass':
      pushLog(state, { kind: 'pass', seat });
      break;
  }
  if (isEndReached(state)) finish(state);
  else nextTurn(tables, state);
}

/**
 * Hands the turn to the next seat and runs its claim step (A3, A7, A8), so the seat to act always
 * faces a choice of action. Seats sitting out (A12) are passed over, after their claim step.
 */
function nextTurn(tables: AcornsTables, state: AcornsState): void {
  for (let guard = 0; guard <= state.seats; guard++) {
    state.turn = (state.turn + 1) % state.seats;
    state.turns++;
    claimStep(tables, state, state.turn);
    if (!isSittingOut(state, state.turn)) return;
  }
  throw new Error('every seat is sitting out, yet the game has not ended');
}

/** A10: unclaimed trees in play, with everything on them, leave the game. */
function finish(state: AcornsState): void {
  state.over = true;
  const boxedTrees = state.trees.length;
  for (const tree of state.trees) {
    state.box.push(tree.card);
    for (const g of tree.groups) for (const c of g.cards) state.box.push(c);
    for (const g of tree.guards) state.box.push(g.card);
  }
  state.trees = [];
  pushLog(state, { kind: 'end', boxedTrees });
}

/** The card ids of a list of card indices. */
export const ids = (tables: AcornsTables, cards: readonly number[]): string[] => cards.map((c) => tables.ids[c]!);
