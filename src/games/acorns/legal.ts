/**
 * Which actions a seat may take (A3–A5, A10, A12). `legalActions` is the fast list; `whyIllegal`
 * answers for any one action, in words, and agrees with the list (a property test checks it).
 *
 * Identical cards: copies with the same face (squirrel-red-2-1 and squirrel-red-2-3) do exactly
 * the same, so only the lowest-numbered copy in a hand is offered; actions naming a higher copy
 * while a lower one is held are not legal. The list is ordered: draw; plant (hand order);
 * squirrels, foxes, the turtle (hand order, then trees in the order planted); discard (hand
 * order); pass.
 */
import type { Seat } from '../../engine/game.js';
import { DRAW, PASS, discardAction, onTreeAction, plantAction, turtleAction, type AcornsAction } from './actions.js';
import { CARD_IDS, COLOR, COLORS, FACE, KIND, TURTLE, cardIndex, isTree } from './content.js';
import { findTree, sideOf, type AcornsState, type TreeInPlay } from './state.js';

/** Whether `card` is in `hand` and is the lowest copy of its face there. */
export function isOfferedCopy(hand: readonly number[], card: number): boolean {
  const i = hand.indexOf(card);
  return i >= 0 && (i === 0 || FACE[hand[i - 1]!] !== FACE[card]);
}

/** The color index of `side`'s group on `tree`, or -1 (A4: at most one group per side per tree). */
export function groupColorOf(tree: TreeInPlay, side: number): number {
  for (const g of tree.groups) if (g.side === side) return g.color;
  return -1;
}

export function legalActions(state: AcornsState, seat: Seat): AcornsAction[] {
  if (state.over || seat !== state.turn) return [];
  const hand = state.hands[seat]!;
  const side = sideOf(state, seat);
  const out: AcornsAction[] = [];
  const drawEmpty = state.draw.length === 0;
  if (!drawEmpty) out.push(DRAW);

  // Per tree: the colors taken and this side's own color there.
  const trees = state.trees;
  const taken: number[] = [];
  const mine: number[] = [];
  for (const t of trees) {
    let mask = 0;
    let own = -1;
    for (const g of t.groups) {
      mask |= 1 << g.color;
      if (g.side === side) own = g.color;
    }
    taken.push(mask);
    mine.push(own);
  }

  for (let i = 0; i < hand.length; i++) {
    const card = hand[i]!;
    if (isTree(card) && (i === 0 || FACE[hand[i - 1]!] !== FACE[card])) out.push(plantAction(card));
  }
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i]!;
    if (i > 0 && FACE[hand[i - 1]!] === FACE[card]) continue;
    switch (KIND[card]) {
      case 'squirrel': {
        const color = COLOR[card]!;
        for (let t = 0; t < trees.length; t++) {
          // A4: strengthen your own group of this color, or start one in a color not yet there.
          const own = mine[t]!;
          if (own === color || (own === -1 && (taken[t]! & (1 << color)) === 0)) out.push(onTreeAction(card, trees[t]!.card));
        }
        break;
      }
      case 'fox': {
        const color = COLOR[card]!;
        // A5: a fox goes on your own (A12: your team's) group of its color.
        for (let t = 0; t < trees.length; t++) if (mine[t] === color) out.push(onTreeAction(card, trees[t]!.card));
        break;
      }
      case 'turtle':
        // A5: the turtle goes on a tree you own (A12: or your partner's).
        for (const t of trees) if (sideOf(state, t.owner) === side) out.push(turtleAction(t.card));
        break;
      case 'tree':
        break;
    }
  }
  // A3: discarding a non-tree card only once the draw pile is empty.
  if (drawEmpty) {
    for (let i = 0; i < hand.length; i++) {
      const card = hand[i]!;
      if (!isTree(card) && (i === 0 || FACE[hand[i - 1]!] !== FACE[card])) out.push(discardAction(card));
    }
  }
  // A3: pass only when nothing else is legal. (A10 and A12 end the game or seat a player out
  // before an empty hand meets an empty draw pile, so this is a safeguard, not a real option.)
  if (out.length === 0) out.push(PASS);
  return out;
}

const seatLabel = (seat: Seat): string => `seat ${seat}`;

function ownerWords(state: AcornsState, side: number, seat: Seat): string {
  if (side === sideOf(state, seat)) return state.partners ? 'your team' : 'you';
  return state.partners ? `the team of seats ${2 * side} and ${2 * side + 1}` : seatLabel(side);
}

/** Why `card` cannot be used from `seat`'s hand, or null when it can. */
function cardProblem(hand: readonly number[], card: number): string | null {
  const id = CARD_IDS[card]!;
  if (!hand.includes(card)) return `you have no ${id}`;
  if (!isOfferedCopy(hand, card)) {
    const lowest = hand.find((c) => FACE[c] === FACE[card])!;
    return `${id} and ${CARD_IDS[lowest]!} are the same card; identical cards are played lowest number first, so use ${CARD_IDS[lowest]!}`;
  }
  return null;
}

function treeProblem(state: AcornsState, treeId: string): string | null {
  const card = cardIndex(treeId);
  if (card === undefined) return `there is no tree ${treeId}`;
  if (findTree(state, card)) return null;
  if (state.piles.some((p) => p.includes(card))) return `${treeId} has already been claimed`;
  if (state.box.includes(card)) return `${treeId} has left the game`;
  return `${treeId} is not in play`;
}

const colorList = (colors: string[]): string =>
  colors.length <= 1 ? colors.join('') : `${colors.slice(0, -1).join(', ')} and ${colors[colors.length - 1]!}`;

/** Why `action` is not legal for `seat` now, or null when it is. */
export function whyIllegal(state: AcornsState, seat: Seat, action: AcornsAction): string | null {
  if (state.over) return 'the game is over';
  if (seat !== state.turn) return `it is not your turn: seat ${state.turn} is to act`;
  const hand = state.hands[seat]!;
  const side = sideOf(state, seat);
  switch (action.type) {
    case 'draw':
      return state.draw.length > 0 ? null : 'the draw pile is empty: play a card, or discard one that is not a tree';
    case 'plant':
      return cardProblem(hand, cardIndex(action.card)!);
    case 'squirrel': {
      const card = cardIndex(action.card)!;
      const problem = cardProblem(hand, card) ?? treeProblem(state, action.tree);
      if (problem) return problem;
      const tree = findTree(state, cardIndex(action.tree)!)!;
      const color = COLOR[card]!;
      const same = tree.groups.find((g) => g.color === color);
      if (same && same.side !== side) {
        const taken = colorList(tree.groups.map((g) => COLORS[g.color]!));
        return `the ${COLORS[color]!} group on ${action.tree} belongs to ${ownerWords(state, same.side, seat)}; a new group on ${action.tree} must be a color not yet there: ${taken} ${tree.groups.length === 1 ? 'is' : 'are'} taken`;
      }
      const own = groupColorOf(tree, side);
      if (!same && own !== -1) {
        return `${ownerWords(state, side, seat)} already ${state.partners ? 'has' : 'have'} the ${COLORS[own]!} group on ${action.tree}, and strengthen${state.partners ? 's' : ''} it only with ${COLORS[own]!} squirrels`;
      }
      return null;
    }
    case 'fox': {
      const card = cardIndex(action.card)!;
      const problem = cardProblem(hand, card) ?? treeProblem(state, action.tree);
      if (problem) return problem;
      const tree = findTree(state, cardIndex(action.tree)!)!;
      const color = COLORS[COLOR[card]!]!;
      if (groupColorOf(tree, side) !== COLOR[card]) {
        return `a fox goes on ${state.partners ? "your team's" : 'your own'} group of its color, and ${state.partners ? 'your team has' : 'you have'} no ${color} group on ${action.tree}`;
      }
      return null;
    }
    case 'turtle': {
      const problem = cardProblem(hand, TURTLE) ?? treeProblem(state, action.tree);
      if (problem) return problem;
      const tree = findTree(state, cardIndex(action.tree)!)!;
      if (sideOf(state, tree.owner) !== side) {
        return `the turtle defends only ${state.partners ? "your own or your partner's trees" : 'your own trees'}, and ${action.tree} was planted by seat ${tree.owner}`;
      }
      return null;
    }
    case 'discard': {
      if (state.draw.length > 0) return 'you may discard only once the draw pile is empty';
      const card = cardIndex(action.card)!;
      if (isTree(card)) return `trees are never discarded: plant ${action.card} instead`;
      return cardProblem(hand, card);
    }
    case 'pass': {
      const other = legalActions(state, seat).find((a) => a.type !== 'pass');
      if (!other) return null;
      return `you may pass only when nothing else is legal, and you can ${other.type === 'draw' ? 'draw a card' : 'still play or discard a card'}`;
    }
  }
}

