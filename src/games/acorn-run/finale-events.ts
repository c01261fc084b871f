/** The finale's events (R12, R13): results spaces blocked by the first finisher, and the results. */
import type { RunTables } from './tables.js';
import { logEvent } from './events.js';
import { placeOutOfTime, raceVp } from './outcome.js';
import type { State } from './state.js';

/**
 * R12: a turn of the first finisher (a seat's or a dummy's) blocks a results space, and the table
 * hears which. R12 (amended): with no token left it blocks nothing, and there is nothing to hear.
 */
export function blockResultsSpace(state: State, racer: number): void {
  if (state.outOfTimeLeft === 0) return;
  const place = state.results.indexOf(null);
  placeOutOfTime(state);
  logEvent(state.log, { kind: 'out-of-time', racer, place });
}

/** R13: once the race is over every racer's race VP and combo VP are public. */
export function logRaceOver(T: RunTables, state: State): void {
  const results = state.racers.map((r, racer) => ({
    racer,
    raceVp: raceVp(T, state, racer),
    comboVp: r.tokens.reduce((a, b) => a + b, 0),
    out: r.out,
  }));
  logEvent(state.log, { kind: 'race-over', results });
}
