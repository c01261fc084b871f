/** A verified match record as a readable log: one line per action, grouped into rounds. */
import type { ReplayStep } from '../engine/match.js';

/** `describeAction` usually names the actor; when it does not, the line is prefixed with the seat. */
function stepLine(step: ReplayStep, width: number): string {
  const names = new RegExp(`\\bseat ${step.seat}\\b`, 'i').test(step.description);
  return `${String(step.seq).padStart(width)}  ${names ? '' : `seat ${step.seat}: `}${step.description}`;
}

/**
 * The steps of an already verified record. A round starts where the game turns from one seat
 * acting to several acting at once (the simultaneous choice that opens each round of games like
 * Autumn Leaves); games without simultaneous choices are listed without round headers.
 */
export function replayLogLines(steps: readonly ReplayStep[]): string[] {
  const width = String(steps.length).length;
  const lines: string[] = [];
  let round = 0;
  let wasSimultaneous = false;
  for (const step of steps) {
    if (step.simultaneous && !wasSimultaneous) {
      round++;
      lines.push(`Round ${round}`);
    }
    wasSimultaneous = step.simultaneous;
    lines.push(`${round > 0 ? '  ' : ''}${stepLine(step, width)}`);
  }
  return lines;
}
