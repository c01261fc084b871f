/** Sentences about actions and events, for logs, replays and the tables. */
import type { Seat } from '../../engine/game.js';
import type { AcornsAction } from './actions.js';
import { COLORS } from './content/index.js';
import { whyIllegal } from './explain.js';
import { acornsOf, cardIndex, type AcornsTables } from './tables.js';
import { findTree, type AcornsState } from './state.js';
import { makeView } from './view.js';

export type SeatName = (seat: Seat) => string;
export const defaultName: SeatName = (seat) => `seat ${seat}`;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line for what `seat` does, read from the state before the action is applied. */
export function describeAction(tables: AcornsTables, state: AcornsState, seat: Seat, action: AcornsAction, name: SeatName = defaultName): string {
  const who = name(seat);
  switch (action.type) {
    case 'draw':
      return `${who} draws a card`;
    case 'plant':
      return `${who} plants ${action.card} (${plural(acornsOf(tables, action.card), 'acorn')})`;
    case 'squirrel': {
      const tree = findTree(state, cardIndex(tables, action.tree) ?? -1);
      const color = tables.color[cardIndex(tables, action.card) ?? -1] ?? -1;
      const group = tree?.groups.find((g) => g.color === color);
      return group
        ? `${who} strengthens the ${COLORS[color]} group on ${action.tree} with ${action.card}`
        : `${who} starts a ${COLORS[color] ?? ''} group on ${action.tree} with ${action.card}`;
    }
    case 'fox':
      return `${who} plays ${action.card} on ${action.tree}`;
    case 'turtle':
      return `${who} plays the turtle on ${action.tree}`;
    case 'discard':
      return `${who} discards ${action.card}`;
    case 'pass':
      return `${who} passes`;
  }
}

/** Why a well-formed action is not legal for `seat` now. */
export function explainIllegal(tables: AcornsTables, state: AcornsState, seat: Seat, action: AcornsAction): string {
  return whyIllegal(tables, makeView(tables, state, seat), seat, action) ?? `${describeAction(tables, state, seat, action)} is legal now`;
}

