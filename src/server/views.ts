/**
 * Views built once per committed state (issue 24, item 1). After an action is durable the server
 * sends every viewer a frame and extends every kept narrated history (narration-history.ts); both
 * read that viewer's view of the same state, and the frame, the lobby summary and the history
 * all want who acts next. The game's `view` and `toAct` are pure, so each is worked out once per
 * (state, viewer) here and shared. Consumers only read what they get (it is serialised or narrated).
 *
 * The memo is keyed by the state object and stamped with the number of actions it was made at
 * (a state changed in place, as a rebuild does, has a new number), and it lives only until the
 * event loop's next turn: the publish of a commit (histories, then every viewer's frame) runs in
 * one synchronous run, so that is all the sharing needs, and 10,000 idle watched tables keep no
 * views in memory (docs/deploy.md's memory figure).
 *
 * `work` counts what the publish path did, for the bench (bench/server.ts prints it per action).
 */
import type { AnyGame, Seat, Viewer } from '../engine/game.js';
import type { Match } from '../engine/match.js';

export interface WorkCounters {
  /** Actions committed (durable and live). */
  actions: number;
  /** Views the game built for frames and histories. */
  viewsBuilt: number;
  /** Views asked for and found already built. */
  viewsShared: number;
  /** Steps the narrator told (one viewer, one step), live or in a history's rebuild on this thread. */
  narrationsTold: number;
  /** Times `toAct` was worked out for a frame or summary. */
  toActComputed: number;
}

export const work: WorkCounters = { actions: 0, viewsBuilt: 0, viewsShared: 0, narrationsTold: 0, toActComputed: 0 };

interface Memo {
  n: number;
  views: Map<Viewer, unknown>;
}

const memos = new Map<object, Memo>();

function memoOf(match: Match): Memo | undefined {
  const state = match.state;
  if (typeof state !== 'object' || state === null) return undefined;
  const n = match.record.actions.length;
  let memo = memos.get(state);
  if (!memo || memo.n !== n) {
    if (memos.size === 0) setImmediate(() => memos.clear());
    memo = { n, views: new Map() };
    memos.set(state, memo);
  }
  return memo;
}

/** `viewer`'s view of the match now, built once per state. */
export function viewOf(game: AnyGame, match: Match, viewer: Viewer): unknown {
  const memo = memoOf(match);
  if (memo?.views.has(viewer)) {
    work.viewsShared++;
    return memo.views.get(viewer);
  }
  work.viewsBuilt++;
  const view = game.view(match.state, viewer);
  memo?.views.set(viewer, view);
  return view;
}

/** The seats to act now: the engine's step worked them out once (Match.toAct, engine/step.ts). */
export function toActOf(_game: AnyGame, match: Match): readonly Seat[] {
  return match.toAct;
}
