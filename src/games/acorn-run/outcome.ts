/**
 * The finale (R12) and the winner (R13): the results board, running-out-of-time tokens, skipped
 * turns, disqualification, the sunset round, and the outcome.
 */
import type { RunTables } from './tables.js';
import type { Outcome } from '../../engine/game.js';
import { rankScores } from '../../engine/outcome.js';
import { DUMMY_NAMES, type DummyColor } from './content/dummy-schema.js';
import { isRunning, OUT_OF_TIME, type State } from './state.js';

const firstEmpty = (state: State): number => state.results.indexOf(null);

/** Every racer still running is out of time (R12) and the race is over. */
export function closeRace(state: State): void {
  for (const r of state.racers) {
    if (isRunning(r)) {
      r.out = true;
      r.pos = null;
    }
  }
  state.over = true;
}

/** The race ends when nobody runs any more, or when the results board is full (R12). */
function checkEnd(state: State): void {
  if (!state.racers.some(isRunning)) state.over = true;
  else if (firstEmpty(state) < 0) closeRace(state);
}

/** R12: a racer who crossed the line takes the highest empty space of the results board. */
export function placeFinisher(state: State, racer: number): void {
  const r = state.racers[racer]!;
  const slot = firstEmpty(state);
  if (slot < 0) throw new Error('a racer finished with no results space left');
  state.results[slot] = racer;
  r.place = slot;
  r.pos = null;
  if (state.firstFinisher === null) state.firstFinisher = racer;
  checkEnd(state);
}

/**
 * R12: on each turn the first finisher would take, they block the highest empty space with a
 * running-out-of-time token. R12 (amended): with no token left they block nothing, and the spaces
 * still empty stay open to the next finishers; only a full results board (or the sunset round)
 * puts the racers still running out of time.
 */
export function placeOutOfTime(state: State): void {
  if (state.outOfTimeLeft === 0) return;
  state.results[firstEmpty(state)] = OUT_OF_TIME;
  state.outOfTimeLeft--;
  checkEnd(state);
}

/** Race VP (R12) of a racer: 0 if out of time or not finished. */
export function raceVp(T: RunTables, state: State, racer: number): number {
  const r = state.racers[racer]!;
  return r.place === null || r.out ? 0 : T.content.race.results[r.place]!;
}

/** R13: race VP plus combo VP; a disqualified racer scores 0 in total (R12). */
export function totalVp(T: RunTables, state: State, racer: number): number {
  const r = state.racers[racer]!;
  if (r.out || r.place === null) return 0;
  return raceVp(T, state, racer) + r.tokens.reduce((a, b) => a + b, 0);
}

/** How a racer's total is made up (R13), for results screens. */
function detail(T: RunTables, state: State, racer: number): string {
  const r = state.racers[racer]!;
  if (r.out) return 'out of time';
  if (r.place === null) return 'did not finish';
  return `${raceVp(T, state, racer)} race + ${r.tokens.reduce((a, b) => a + b, 0)} combo VP`;
}

export function outcome(T: RunTables, state: State): Outcome | null {
  if (!state.over) return null;
  const seats = state.seatRacer;
  // R13: dummies are racers, ranked with the seats; a tie goes to the racer higher on the results
  // board, and racers without a place share their rank.
  const all = state.racers.map((_, i) => i);
  const overall = rankScores(
    all.map((i) => totalVp(T, state, i)),
    false,
    all.map((i) => state.racers[i]!.place ?? state.results.length),
  );
  const scores = seats.map((racer) => totalVp(T, state, racer));
  const ranks = seats.map((racer) => overall.ranks[racer]!);
  // A seat beaten by a dummy has not won: `winners` may be empty when a dummy won (R13).
  const winners = seats.flatMap((racer, seat) => (overall.ranks[racer] === 1 ? [seat] : []));
  const winner = state.racers[overall.winners[0]!]!;
  const first = state.firstFinisher === null ? null : state.racers[state.firstFinisher]!;
  const dummies = all.filter((i) => state.racers[i]!.kind === 'dummy');
  const dummyStats: Record<string, number> = state.dummies
    ? { dummyWin: winners.length === 0 ? 1 : 0, bestSeatPlace: Math.min(...ranks) }
    : {};
  return {
    scores,
    ranks,
    winners,
    details: seats.map((racer) => detail(T, state, racer)),
    ...(dummies.length > 0
      ? {
          racers: dummies.map((i) => ({
            name: DUMMY_NAMES[state.racers[i]!.pawn as DummyColor],
            score: totalVp(T, state, i),
            rank: overall.ranks[i]!,
            detail: detail(T, state, i),
          })),
        }
      : {}),
    rounds: state.round,
    stats: {
      winnerLane: winner.finishLane ?? 'none',
      firstLane: first?.finishLane ?? 'none',
      finishers: state.racers.filter((r) => r.place !== null).length,
      disqualified: state.racers.filter((r) => r.out).length,
      ...dummyStats,
    },
  };
}
