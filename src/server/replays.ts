/**
 * Replays of finished matches: every step as one viewer saw it, rebuilt from the table's record by
 * the engine's `matchFromRecord`. Once a game is over every log line is public, so each frame
 * carries its step's full line.
 */
import type { Viewer } from '../engine/game.js';
import { matchFromRecord } from '../engine/match.js';
import { entryFor, keptEntry, summarize, type LiveTable } from './live-table.js';
import type { ReplayResponse } from './protocol.js';
import { fail, type ServiceResult } from './result.js';

export function replayOf(table: LiveTable, viewer: Viewer): ServiceResult<ReplayResponse> {
  if (table.stored.status !== 'finished') return fail('not-finished', 'a match can be replayed once it is over');
  if (viewer !== 'spectator' && (viewer < 0 || viewer >= table.stored.seats.length)) {
    return fail('bad-seat', `there is no seat ${viewer + 1}`);
  }
  const { game, match } = table;
  const frames: ReplayResponse['frames'] = [];
  const rebuilt = matchFromRecord(game, match.record, {
    start: (m) => frames.push({ seq: 0, entry: null, view: game.view(m.state, viewer) }),
    step: (step, m) => frames.push({ seq: step.seq, entry: entryFor(table, keptEntry(step), viewer), view: game.view(m.state, viewer) }),
  });
  if (!rebuilt.ok) return fail('internal-error', `the match does not replay: ${rebuilt.error.message}`);
  return { ok: true, value: { table: summarize(table), viewer, frames, record: match.record } };
}
