/** A verified match record as a readable log: the game's public events, told by its narrator. */
import type { AnyGame } from '../engine/game.js';
import { createMatch, play, type MatchRecord, type ReplayStep } from '../engine/match.js';
import { narrationFeed, type AnyNarrator } from '../engine/narration.js';

/**
 * The steps of an already verified record, as a spectator saw them: each action's number, then
 * the sentences for what it made happen (events of the setup come first, unnumbered). Actions
 * that changed nothing a spectator can see (a secret choice, a card added to a move still being
 * built) have no lines of their own; what they led to is told where it became public.
 */
export function replayLogLines(
  game: AnyGame,
  narrator: AnyNarrator,
  record: MatchRecord,
  steps: readonly ReplayStep[],
  names: readonly string[],
): string[] {
  const created = createMatch(game, { seats: record.seats, seed: record.seed, options: record.options, arrangement: record.arrangement });
  if (!created.ok) throw new Error(`a verified record failed to set up: ${created.error.message}`);
  const match = created.value;
  const width = String(steps.length).length;
  const feed = narrationFeed(narrator);
  const context = { viewer: 'spectator' as const, names };
  const lines: string[] = [];
  const add = (label: string, told: readonly string[]): void => {
    told.forEach((line, i) => lines.push(`${(i === 0 ? label : '').padStart(width)}  ${line}`));
  };
  add('', feed(game.view(match.state, 'spectator'), context));
  for (const step of steps) {
    const played = play(match, step.seat, step.action);
    if (!played.ok) throw new Error(`a verified record failed at action ${step.seq}: ${played.error.message}`);
    add(String(step.seq), feed(game.view(match.state, 'spectator'), context));
  }
  return lines;
}
