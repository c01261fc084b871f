/**
 * Why an action is not legal, in a player's words (A3–A5, A12). Worked out from the acting seat's
 * own view — its hand and the table — so the rules and the terminal table give the same reasons.
 * A property test checks that it accepts exactly what legalActions lists.
 */
import type { Seat } from '../../engine/game.js';
import type { AcornsAction } from './actions.js';
import { cardOf, type AcornsTables } from './tables.js';
import type { AcornsView, TreeView } from './view.js';

/**
 * How the explanation names cards and seats. The terminal and the designers' tools use ids and
 * seat numbers (the default); the web table passes the names the players see ("Ann", "the
 * 5-acorn tree").
 */
export interface ExplainWords {
  card: (id: string) => string;
  seat: (seat: Seat) => string;
}

export const ID_WORDS: ExplainWords = { card: (id) => id, seat: (seat) => `seat ${seat}` };

const seatWords = (seats: readonly Seat[], w: ExplainWords): string =>
  seats.length === 1 ? w.seat(seats[0]!) : `the team of ${list(seats.map(w.seat))}`;

const list = (words: string[]): string =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;

/** Our seats: the seat, or the seat and its partner. */
const ourSeats = (view: AcornsView, seat: Seat): Seat[] => view.teams?.find((t) => t.includes(seat)) ?? [seat];

/** Why `id` cannot be played from `hand`, or null. Identical copies go lowest number first. */
function cardProblem(tables: AcornsTables, hand: readonly string[], id: string, w: ExplainWords): string | null {
  if (!hand.includes(id)) return `you have no ${w.card(id)}`;
  const face = tables.face[tables.byId.get(id)!];
  const lowest = hand.find((c) => tables.face[tables.byId.get(c)!] === face)!;
  if (lowest !== id) {
    return `${w.card(id)} and ${w.card(lowest)} are the same card; identical cards are played lowest number first, so use ${w.card(lowest)}`;
  }
  return null;
}

function findTree(view: AcornsView, id: string, w: ExplainWords): TreeView | string {
  const tree = view.trees.find((t) => t.tree === id);
  if (tree) return tree;
  if (view.scorePiles.some((p) => p.trees.includes(id))) return `${w.card(id)} has already been claimed`;
  if (view.box.includes(id)) return `${w.card(id)} has left the game`;
  return `${w.card(id)} is not in play`;
}

/** Why `action` is not legal for `seat`, judged from `view` (that seat's own view); null if legal. */
export function whyIllegal(tables: AcornsTables, view: AcornsView, seat: Seat, action: AcornsAction, w: ExplainWords = ID_WORDS): string | null {
  if (view.over) return 'the game is over';
  if (view.turn !== seat) return `it is not your turn: ${view.turn === null ? 'nobody' : w.seat(view.turn)} is to act`;
  const hand = view.hand ?? [];
  const ours = ourSeats(view, seat);
  const team = view.partners;
  switch (action.type) {
    case 'draw':
      return view.drawPile > 0 ? null : 'the draw pile is empty: play a card, or discard one that is not a tree';
    case 'plant':
      return cardProblem(tables, hand, action.card, w);
    case 'squirrel': {
      const problem = cardProblem(tables, hand, action.card, w);
      if (problem) return problem;
      const tree = findTree(view, action.tree, w);
      if (typeof tree === 'string') return tree;
      const card = cardOf(tables, action.card)!;
      if (card.kind !== 'squirrel') return `${w.card(action.card)} is not a squirrel card`;
      const same = tree.groups.find((g) => g.color === card.color);
      const own = tree.groups.find((g) => g.owners.some((s) => ours.includes(s)));
      if (same && same !== own) {
        const taken = tree.groups.map((g) => g.color);
        return `the ${card.color} group on ${w.card(action.tree)} belongs to ${seatWords(same.owners, w)}; a new group on ${w.card(action.tree)} must be a color not yet there: ${list(taken)} ${taken.length === 1 ? 'is' : 'are'} taken`;
      }
      if (own && own.color !== card.color) {
        return team
          ? `your team already has the ${own.color} group on ${w.card(action.tree)}, and strengthens it only with ${own.color} squirrels`
          : `you already have the ${own.color} group on ${w.card(action.tree)}, and strengthen it only with ${own.color} squirrels`;
      }
      return null;
    }
    case 'fox': {
      const problem = cardProblem(tables, hand, action.card, w);
      if (problem) return problem;
      const tree = findTree(view, action.tree, w);
      if (typeof tree === 'string') return tree;
      const card = cardOf(tables, action.card)!;
      if (card.kind !== 'fox') return `${w.card(action.card)} is not a fox`;
      const own = tree.groups.find((g) => g.owners.some((s) => ours.includes(s)));
      if (!own || own.color !== card.color) {
        return team
          ? `a fox goes on your team's group of its color, and your team has no ${card.color} group on ${w.card(action.tree)}`
          : `a fox goes on your own group of its color, and you have no ${card.color} group on ${w.card(action.tree)}`;
      }
      return null;
    }
    case 'turtle': {
      const problem = cardProblem(tables, hand, 'turtle', w);
      if (problem) return problem;
      const tree = findTree(view, action.tree, w);
      if (typeof tree === 'string') return tree;
      if (!ours.includes(tree.owner)) {
        return `the turtle defends only ${team ? "your own or your partner's trees" : 'your own trees'}, and ${w.card(action.tree)} was planted by ${w.seat(tree.owner)}`;
      }
      return null;
    }
    case 'discard': {
      if (view.drawPile > 0) return 'you may discard only once the draw pile is empty';
      if (cardOf(tables, action.card)?.kind === 'tree') return `trees are never discarded: plant ${w.card(action.card)} instead`;
      return cardProblem(tables, hand, action.card, w);
    }
    case 'pass':
      if (view.drawPile > 0) return 'you may pass only when nothing else is legal, and you can draw a card';
      if (hand.length > 0) return 'you may pass only when nothing else is legal, and you can still play or discard a card';
      return null;
  }
}
