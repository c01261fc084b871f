/** Sentences about actions and events, for logs, replays and the tables. */
import type { Seat } from '../../engine/game.js';
import type { AcornsAction } from './actions.js';
import { ACORNS, COLOR, COLORS, cardIndex } from './content/index.js';
import { whyIllegal } from './explain.js';
import { findTree, type AcornsState, type LogEvent } from './state.js';
import { makeView } from './view.js';

export type SeatName = (seat: Seat) => string;
export const defaultName: SeatName = (seat) => `seat ${seat}`;

const acornsOf = (treeId: string): number => ACORNS[cardIndex(treeId) ?? -1] ?? 0;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line for what `seat` does, read from the state before the action is applied. */
export function describeAction(state: AcornsState, seat: Seat, action: AcornsAction, name: SeatName = defaultName): string {
  const who = name(seat);
  switch (action.type) {
    case 'draw':
      return `${who} draws a card`;
    case 'plant':
      return `${who} plants ${action.card} (${plural(acornsOf(action.card), 'acorn')})`;
    case 'squirrel': {
      const tree = findTree(state, cardIndex(action.tree) ?? -1);
      const color = COLOR[cardIndex(action.card) ?? -1] ?? -1;
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

/** One line for a public event from the log; `card` may shorten card ids for small screens. */
export function describeEvent(event: LogEvent, name: SeatName = defaultName, card: (id: string) => string = (id) => id): string {
  switch (event.kind) {
    case 'draw':
      return `${name(event.seat)} drew a card`;
    case 'plant':
      return `${name(event.seat)} planted ${card(event.tree)}`;
    case 'squirrel':
      return `${name(event.seat)} played ${card(event.card)} on ${card(event.tree)} (${COLORS[COLOR[cardIndex(event.card) ?? -1] ?? 0]} ${event.total})`;
    case 'fox':
      return `${name(event.seat)} played ${card(event.card)} on ${card(event.tree)}`;
    case 'turtle':
      return `${name(event.seat)} played the turtle on ${card(event.tree)}`;
    case 'discard':
      return `${name(event.seat)} discarded ${card(event.card)}`;
    case 'pass':
      return `${name(event.seat)} passed`;
    case 'claim':
      return `${name(event.seat)} claimed ${card(event.tree)} (${plural(event.acorns, 'acorn')})`;
    case 'end':
      return event.boxedTrees > 0 ? `game over; ${plural(event.boxedTrees, 'unclaimed tree')} left the game` : 'game over';
  }
}

/** Why a well-formed action is not legal for `seat` now. */
export function explainIllegal(state: AcornsState, seat: Seat, action: AcornsAction): string {
  return whyIllegal(makeView(state, seat), seat, action) ?? `${describeAction(state, seat, action)} is legal now`;
}

