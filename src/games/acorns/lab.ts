/**
 * Acorns' lab probe (package facet `lab`, used by `drey lab`): which trees each seat fought for
 * and won in one game, read from the states the lab replays step by step. Pure.
 *
 * Trees are reported by their row in the content file 'deck' (`trees[0]` is the designer's first
 * row), not by value: a variant that changes a row's acorns keeps its key, so a paired comparison
 * sets the same trees side by side. Per seat (values):
 *   treeCards<r>  cards (squirrels, foxes, the turtle) the seat played on trees of row r (A4, A5)
 *   treeClaims<r> trees of row r its side claimed (A7–A9; in the partner game, A12, both partners
 *                 count the team's claims)
 *   acornsClaimed acorns on the trees its side claimed
 * and as places, by value ("trees worth 8"): how many cards the seat played on such trees.
 */
import type { Seat } from '../../engine/game.js';
import type { GameFacts, LabProbe, LabWatcher, RoundCurves, SeatFacts } from '../package.js';
import type { AcornsAction } from './actions.js';
import { roundsPlayed, sideScores } from './outcome.js';
import { seatsOfSide, sideOf, type AcornsState } from './state.js';
import type { AcornsTables } from './tables.js';

class Watcher implements LabWatcher<AcornsState, AcornsAction> {
  private readonly seats: SeatFacts[];
  /** Trees in each side's score pile so far (piles only grow). */
  private readonly piled: number[];

  constructor(
    private readonly tables: AcornsTables,
    start: AcornsState,
  ) {
    const rows = tables.content.trees.length;
    this.seats = Array.from({ length: start.seats }, (): SeatFacts => {
      const values: Record<string, number> = { acornsClaimed: 0 };
      for (let r = 0; r < rows; r++) {
        values[`treeCards${r}`] = 0;
        values[`treeClaims${r}`] = 0;
      }
      return { values, places: {} };
    });
    this.piled = start.piles.map((p) => p.length);
  }

  before(): void {}

  after(state: AcornsState, seat: Seat, action: AcornsAction): void {
    if (action.type === 'squirrel' || action.type === 'fox' || action.type === 'turtle') {
      const tree = this.tables.byId.get(action.tree)!;
      const facts = this.seats[seat]!;
      const values = facts.values!;
      const row = this.tables.treeRow[tree]!;
      values[`treeCards${row}`]! += 1;
      const place = `trees worth ${this.tables.acorns[tree]!}`;
      facts.places![place] = (facts.places![place] ?? 0) + 1;
    }
    // Claims happen in the claim step that begins the next turn (A7, A8): new trees on a pile.
    state.piles.forEach((pile, side) => {
      for (let i = this.piled[side]!; i < pile.length; i++) {
        const tree = pile[i]!;
        for (const s of seatsOfSide(state, side)) {
          const values = this.seats[s]!.values!;
          values[`treeClaims${this.tables.treeRow[tree]!}`]! += 1;
          values['acornsClaimed']! += this.tables.acorns[tree]!;
        }
      }
      this.piled[side] = pile.length;
    });
  }

  finish(): GameFacts {
    return { seats: this.seats };
  }
}

/**
 * Per-round samples (the lab's curves, tension and minutes of play); a round is every seat's turn
 * once (outcome.ts). Per seat: its side's score if the game ended now (A11; A12 the team's), the
 * acorns on its side's claimed trees, and the cards in its hand.
 */
export const acornsCurves = (tables: AcornsTables): RoundCurves<AcornsState> => ({
  measures: [
    { key: 'score', label: 'score if it ended now' },
    { key: 'claimed', label: 'acorns on claimed trees' },
    { key: 'hand', label: 'cards in hand' },
  ],
  lead: 'score',
  close: 2,
  closeWhy: 'a margin of at most 2 acorns: the smallest tree (2 acorns) claimed or left in hand would turn it',
  secondsPerAction: 10,
  secondsWhy: 'a guess (one card played per turn, with thought about the trees); --db measures it from the move times of a server’s tables',
  // `turns` counts turns begun (from 1): the turns done are one fewer until the game is over.
  roundsDone: (state) => (state.over ? roundsPlayed(state) : Math.floor((state.turns - 1) / state.seats)),
  participants: (state) => Array.from({ length: state.seats }, (_, seat) => ({ name: `seat ${seat + 1}`, seat, side: sideOf(state, seat) })),
  sample: (state) => {
    const sides = sideScores(tables, state);
    const seats = Array.from({ length: state.seats }, (_, seat) => seat);
    const claimed = state.piles.map((pile) => pile.reduce((n, tree) => n + tables.acorns[tree]!, 0));
    return {
      score: seats.map((seat) => sides[sideOf(state, seat)]!),
      claimed: seats.map((seat) => claimed[sideOf(state, seat)]!),
      hand: seats.map((seat) => state.hands[seat]!.length),
    };
  },
});

/** The lab probe of the Acorns built from `tables`. */
export const makeAcornsLab = (tables: AcornsTables): LabProbe<AcornsState, AcornsAction> => ({
  watch: (start) => {
    const w = new Watcher(tables, start);
    return { before: () => w.before(), after: (state, seat, action) => w.after(state, seat, action), finish: () => w.finish() };
  },
  curves: acornsCurves(tables),
});
