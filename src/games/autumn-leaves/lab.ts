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
import type { GameFacts, LabProbe, LabWatcher, RoundCurves } from '../package.js';
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

/**
 * Per-round samples (the lab's curves, tension and minutes of play): a round is one reveal and its
 * placing (L5, L6), counted over the whole game. Per seat: points banked at the hands' ends (L9,
 * lower is better, L2), cards on its leaf pile and cards in its hand.
 */
export const autumnLeavesCurves: RoundCurves<State> = {
  measures: [
    { key: 'points', label: 'points (lower wins)' },
    { key: 'pile', label: 'cards on leaf pile' },
    { key: 'hand', label: 'cards in hand' },
  ],
  lead: 'points',
  lowerIsBetter: true,
  close: 2,
  closeWhy: 'a margin of at most 2 points: one or two cards more on the winner’s pile in one hand (L9) would turn it',
  secondsPerAction: 5,
  secondsWhy: 'a guess (choose a card, then place it); --db measures it from the move times of a server’s tables',
  // `rounds` counts reveals; the round revealed is done once its placing is (phase back to choose).
  roundsDone: (state) => (state.phase === 'place' ? state.rounds - 1 : state.rounds),
  participants: (state) => Array.from({ length: state.seats }, (_, seat) => ({ name: `seat ${seat + 1}`, seat, side: seat })),
  sample: (state) => ({
    points: [...state.scores],
    pile: state.piles.map((p) => p.length),
    hand: state.handCards.map((h) => h.length),
  }),
};

export const autumnLeavesLab: LabProbe<State, Action> = {
  watch: (start) => new Watcher(start),
  curves: autumnLeavesCurves,
};
