/**
 * Acorn Run's rule gaps (package facet `rulings`): the rulings of RULINGS.md that decide what
 * the prototype rulebook leaves open, and where each one fires. The rules code marks each firing
 * with a public event it already logs (events.ts): the shared space of R8, the sunset of R12, a
 * dummy waiting for a landing space, a dummy placing the first finisher's token (R17). Counting
 * reads those events as the race goes; it adds nothing to the state, so records, replays and
 * `drey sim` digests are unchanged. Pure.
 */
import { ringEnd, ringSince } from '../../engine/narration.js';
import type { RuleGap, RuleGaps } from '../package.js';
import type { RunEvent } from './events.js';
import type { State } from './state.js';

export const RULE_GAPS: readonly RuleGap[] = [
  { id: 'R8', situation: 'a racer has nothing left to do but end the turn on an occupied space: the pawns share it (R8)' },
  { id: 'R12-sunset', situation: 'the round limit closes the course with racers still running: they are out of time (R12; the rulebook has no limit)' },
  { id: 'R14-wait', situation: 'a dummy at a jump finds every landing space taken: it waits there (R8, R14: dummies stop short of taken spaces)' },
  { id: 'R17-token', situation: "a dummy finished first: on each of the dummies' turns it blocks a results space at its own place in the dummies' order (R17); every token counts" },
];

/** The gap an event marks, if any. */
export function gapOf(state: State, e: RunEvent): string | null {
  switch (e.kind) {
    case 'share':
      return 'R8';
    case 'sunset':
      return 'R12-sunset';
    case 'wait':
      return 'R14-wait';
    case 'out-of-time':
      return state.racers[e.racer]?.kind === 'dummy' ? 'R17-token' : null;
    default:
      return null;
  }
}

/** Counts each gap as the race goes, from the events logged since the last action. */
export const acornRunRulings: RuleGaps<State> = {
  gaps: RULE_GAPS,
  watch(start) {
    let next = ringEnd(start.log);
    const counts: Record<string, number> = {};
    return {
      after(state) {
        // The log keeps the last 32 events, far more than one action logs (events.ts, LOG_LIMIT).
        const events = ringSince(state.log, next);
        next = ringEnd(state.log);
        for (const e of events as RunEvent[]) {
          const gap = gapOf(state, e);
          if (gap !== null) counts[gap] = (counts[gap] ?? 0) + 1;
        }
      },
      counts: () => ({ ...counts }),
    };
  },
};
