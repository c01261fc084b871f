/** Dummies at setup: turn order and start positions (R16), and the dummy racers themselves (R14). */
import type { RunTables } from '../tables.js';
import { startSpaces } from '../board.js';
import { DUMMY_COLORS } from '../content/dummy-schema.js';
import type { Arrangement, Options } from '../parse.js';
import type { Racer } from '../state.js';

/**
 * Racer indices in turn order: seats from `first` round the table, then R16 places the dummies'
 * block (racers seats..seats+n-1, green first) after the seats ('first'), before them ('last'),
 * or between two seats ('split'). Start spaces follow turn order from the bottom Go! space up.
 */
export function turnOrder(seats: number, first: number, options: Options): number[] {
  // Loops rather than Array.from: every setup (every playout) asks this.
  const humans: number[] = [];
  for (let i = 0; i < seats; i++) humans.push((first + i) % seats);
  if (options.dummies === 0) return humans;
  const dummies: number[] = [];
  for (let i = 0; i < options.dummies; i++) dummies.push(seats + i);
  switch (options.start) {
    case 'first':
      return [...humans, ...dummies];
    case 'last':
      return [...dummies, ...humans];
    case 'split':
      return [humans[0]!, ...dummies, ...humans.slice(1)];
  }
}

export function dummyRacers(T: RunTables, seats: number, options: Options, order: readonly number[], a: Arrangement | undefined): Racer[] {
  // Most races have none, and every setup (every playout) asks.
  if (options.dummies === 0) return [];
  return Array.from({ length: options.dummies }, (_, i): Racer => {
    const named = a?.dummyPositions?.[i];
    return {
      kind: 'dummy',
      seat: -1,
      pawn: DUMMY_COLORS[i]!,
      pos: named ? T.board.byName.get(named)! : startSpaces(T, options)[order.indexOf(seats + i)]!,
      deck: [],
      hand: [],
      discard: [],
      acorns: a?.dummyAcorns?.[i] ?? 0,
      grid: T.cells.map(() => 0),
      tokens: [],
      place: null,
      out: false,
      finishLane: null,
    };
  });
}
