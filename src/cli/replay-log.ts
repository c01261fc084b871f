/** A verified match record as a readable log: the game's public events, told by its narrator. */
import type { AnyGame } from '../engine/game.js';
import type { ReplayObserver } from '../engine/match.js';
import { narrationFeed, type AnyNarrator } from '../engine/narration.js';

/**
 * Tells a record as a spectator saw it while the engine rebuilds it (pass `observer` to
 * `replay`), so the record is replayed once: each action's number, then the sentences for what it
 * made happen (events of the setup come first, unnumbered). Actions that changed nothing a
 * spectator can see (a secret choice, a card added to a move still being built) have no lines of
 * their own; what they led to is told where it became public. A game without a narrator is told
 * by `describeAction`, one line per action.
 */
export function replayNarration(
  game: AnyGame,
  narrator: AnyNarrator | undefined,
  actions: number,
  names: readonly string[],
): { observer: ReplayObserver; lines: string[] } {
  const width = String(actions).length;
  const lines: string[] = [];
  const add = (label: string, told: readonly string[]): void => {
    told.forEach((line, i) => lines.push(`${(i === 0 ? label : '').padStart(width)}  ${line}`));
  };
  if (!narrator) {
    return { lines, observer: { step: (step) => add(String(step.seq), [`seat ${step.seat + 1}: ${step.description}`]) } };
  }
  const feed = narrationFeed(narrator);
  const context = { viewer: 'spectator' as const, names };
  return {
    lines,
    observer: {
      start: (match) => add('', feed(game.view(match.state, 'spectator'), context)),
      step: (step, match) => {
        const told = feed(game.view(match.state, 'spectator'), context);
        // An undo step (issue 16): its events were taken back; say so (the record keeps both).
        if (step.undo !== undefined) told.unshift(`${names[step.seat] ?? `seat ${step.seat}`} took back step ${step.undo}.`);
        add(String(step.seq), told);
      },
    },
  };
}
