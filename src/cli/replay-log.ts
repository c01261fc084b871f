/** A verified match record as a readable log: one line per action, grouped into rounds. */
import type { AnyGame, Seat } from '../engine/game.js';
import { createMatch, play, type MatchRecord, type ReplayStep } from '../engine/match.js';

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
export function replayLogLines(game: AnyGame, record: MatchRecord, steps: readonly ReplayStep[]): string[] {
  const created = createMatch(game, { seats: record.seats, seed: record.seed, options: record.options, arrangement: record.arrangement });
  if (!created.ok) throw new Error(`a verified record failed to set up: ${created.error.message}`);
  const match = created.value;
  const width = String(steps.length).length;
  const lines: string[] = [];
  let round = 0;
  let wasSimultaneous = false;
  for (const step of steps) {
    const toAct: readonly Seat[] = game.toAct(match.state);
    const simultaneous = toAct.length > 1;
    if (simultaneous && !wasSimultaneous) {
      round++;
      lines.push(`Round ${round}`);
    }
    wasSimultaneous = simultaneous;
    lines.push(`${round > 0 ? '  ' : ''}${stepLine(step, width)}`);
    const played = play(match, step.seat, step.action);
    if (!played.ok) throw new Error(`a verified record failed at action ${step.seq}: ${played.error.message}`);
  }
  return lines;
}
