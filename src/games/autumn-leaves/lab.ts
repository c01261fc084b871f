/**
 * Autumn Leaves' lab probe (package facet `lab`, used by `drey lab`): what each seat did with the
 * cards it revealed, read from the actions as the lab replays a record. Pure: it only reads what
 * it is handed.
 *
 * Per seat and game: how many revealed cards it discarded and drew anew (L6), how many it took
 * back, how many it placed on its own leaf pile and on others' (a cold snap, L7, is no choice and
 * not counted), and the mean rank of the cards it started its pile with (L4). A designer changing
 * the deck reads here how the players answer it: what is worth discarding, which card opens a pile.
 */
import type { GameFacts, LabProbe, LabWatcher } from '../package.js';
import type { Action, State } from './state.js';

interface Tally {
  discards: number;
  keeps: number;
  ownPile: number;
  otherPiles: number;
  starters: number[];
}

class Watcher implements LabWatcher<State, Action> {
  private readonly seats: Tally[];
  /** The seat about to act chooses the card that starts its pile (L4). */
  private starting = false;

  constructor(start: State) {
    this.seats = Array.from({ length: start.seats }, () => ({ discards: 0, keeps: 0, ownPile: 0, otherPiles: 0, starters: [] }));
  }

  before(state: State): void {
    this.starting = state.phase === 'choose' && state.round === 0;
  }

  after(_state: State, seat: number, action: Action): void {
    const t = this.seats[seat];
    if (!t) return;
    switch (action.type) {
      case 'choose':
        if (this.starting) t.starters.push(action.card);
        return;
      case 'place':
        if (action.pile === seat) t.ownPile++;
        else t.otherPiles++;
        return;
      case 'keep':
        t.keeps++;
        return;
      case 'discard':
        t.discards++;
        return;
    }
  }

  finish(): GameFacts {
    return {
      seats: this.seats.map((t) => ({
        values: {
          discards: t.discards,
          keeps: t.keeps,
          'own pile': t.ownPile,
          'other piles': t.otherPiles,
          ...(t.starters.length > 0 ? { 'pile starter': t.starters.reduce((a, b) => a + b, 0) / t.starters.length } : {}),
        },
      })),
    };
  }
}

export const autumnLeavesLab: LabProbe<State, Action> = {
  watch: (start) => new Watcher(start),
};
