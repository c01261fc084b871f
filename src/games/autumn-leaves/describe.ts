/** Sentences for logs and refusals. */
import type { Seat } from '../../engine/game.js';
import { aRank } from './narrate.js';
import { fits } from './rules.js';
import type { Action, State } from './state.js';

const who = (seat: Seat): string => `seat ${seat}`;

/** What `seat` does, for replays and designers (it may name a card still hidden at the table). */
export function describeAction(state: State, seat: Seat, action: Action): string {
  switch (action.type) {
    case 'choose':
      return `${who(seat)} chooses ${aRank(action.card)}`;
    case 'place': {
      const card = state.chosen[seat];
      const pile = state.piles[action.pile];
      const onto = action.pile === seat ? 'their own pile' : `${who(action.pile)}'s pile`;
      return `${who(seat)} places ${String(card)} on ${onto} (on ${pile && pile.length > 0 ? aRank(pile[pile.length - 1]!) : 'an empty pile'})`;
    }
    case 'keep':
      return `${who(seat)} cannot place ${String(state.chosen[seat])} and takes it back`;
    case 'discard': {
      const drew = state.deck[state.deck.length - 1];
      const last = state.deck.length === 1 ? ' (the last card: the hand ends)' : '';
      return `${who(seat)} cannot place ${String(state.chosen[seat])}, discards it and draws ${drew === undefined ? 'nothing' : aRank(drew)}${last}`;
    }
  }
}

export function explainIllegal(state: State, seat: Seat, action: Action): string {
  if (state.phase === 'over') return 'the game is over';
  switch (action.type) {
    case 'choose': {
      if (state.phase !== 'choose') return 'cards are being placed now; choosing comes next round';
      if (state.chosen[seat] !== null) return 'you have already chosen a card this round';
      const hand = state.handCards[seat] ?? [];
      return `you have no ${action.card} in hand (your hand: ${hand.join(' ') || 'empty'})`;
    }
    case 'place': {
      if (state.phase !== 'place') return 'everyone must choose a card before anything is placed';
      if (state.current !== seat) return `it is seat ${String(state.current)}'s turn to place`;
      const card = state.chosen[seat]!;
      const pile = state.piles[action.pile];
      if (!pile) return `there is no leaf pile ${action.pile}`;
      const top = pile[pile.length - 1];
      return `${aRank(card)} only fits on ${aRank(card - 1)} or ${aRank(card + 1)}; that pile shows ${String(top)}`;
    }
    case 'keep':
    case 'discard': {
      if (state.phase !== 'place') return 'you can only take back or discard a revealed card that fits nowhere';
      if (state.current !== seat) return `it is seat ${String(state.current)}'s turn to place`;
      const card = state.chosen[seat]!;
      const where = state.piles.flatMap((p, i) => (fits(card, p) ? [i] : []));
      return `your ${card} fits on pile${where.length > 1 ? 's' : ''} ${where.join(', ')}: you must place it`;
    }
  }
}
