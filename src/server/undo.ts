/**
 * Taking back a step at a live table (issue 16): the engine checks Board Game Arena's rule and the
 * game's facet (`prepareUndo`), the undo is appended to the event log as a step of its own (the
 * table keeps ONE sequence of steps; nothing is deleted), then the live match goes back and
 * listeners hear of it, like any committed action. Runs inside the table's queue.
 */
import type { Seat } from '../engine/game.js';
import { commitUndo, prepareUndo } from '../engine/match.js';
import type { CommitContext } from './commits.js';
import { keepStep, type LiveTable } from './live-table.js';
import { fail, messageOf, storageFailure, type ServiceResult } from './result.js';

export async function undoStep(ctx: CommitContext, table: LiveTable, seat: Seat, step: number): Promise<ServiceResult<{ seq: number }>> {
  if (table.stored.status !== 'running') return fail('table-not-running', 'only a running game has steps to take back');
  // What the game allows to take back is its package's word (`undo`), kept on the live table.
  const prepared = prepareUndo(table.match, seat, step, table.undo);
  if (!prepared.ok) return fail(prepared.error.code, prepared.error.message);
  const undo = prepared.value;
  const at = ctx.now();
  try {
    await ctx.store.appendAction({ tableId: table.stored.id, seq: undo.seq, seat, action: { type: 'undo', step: undo.step }, status: 'running', outcome: null, at });
  } catch (e) {
    return storageFailure('the undo', e);
  }
  const committed = commitUndo(undo);
  if (!committed.ok) {
    ctx.forget(table);
    throw new Error(`table ${table.stored.id}: ${committed.error.message}`);
  }
  const entry = keepStep(table.log, { seq: undo.seq, seat, description: undo.description, simultaneous: false, undo: undo.step });
  table.stored = { ...table.stored, seq: undo.seq, updatedAt: at };
  ctx.committed(table, entry);
  return { ok: true, value: { seq: undo.seq } };
}
