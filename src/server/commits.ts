/**
 * Playing an action at a live table, the one path every action takes (a person's or a bot's):
 * the engine prepares it (parses and checks it, or says why not) → it is appended to the event
 * log → the engine commits it to the live match → listeners hear of it. Nothing is announced
 * before it is durable, and a refused action changes nothing. Runs inside the table's queue.
 */
import type { Seat } from '../engine/game.js';
import { commit, lookAhead, prepare } from '../engine/match.js';
import { keepStep, type KeptEntry, type LiveTable } from './live-table.js';
import type { TableStatus } from './protocol.js';
import { fail, messageOf, storageFailure, type ServiceResult } from './result.js';
import { LeaseLostError, type Store } from './storage/types.js';
import { work } from './views.js';

export interface CommitContext {
  store: Store;
  now(): string;
  /** Called once a step is durable and live: tell listeners, set the next bots going. */
  committed(table: LiveTable, entry: KeptEntry): void;
  /** Called when memory cannot follow the log: the table must reload from storage. */
  forget(table: LiveTable): void;
  /** Several processes: this process's lease owner name; appends are fenced by the table's lease. */
  owner?: string;
  /** The store refused an append because another process holds the table now (nothing was saved). */
  leaseLost?(table: LiveTable): void;
}

/** prepare → append to the log → commit → announce. The caller holds the table's queue. */
export async function commitAction(
  ctx: CommitContext,
  table: LiveTable,
  seat: Seat,
  input: unknown,
): Promise<ServiceResult<{ seq: number }>> {
  if (table.stored.status === 'open') {
    return fail('table-not-running', 'the game starts when every seat is taken');
  }
  const prepared = prepare(table.match, seat, input);
  if (!prepared.ok) return fail(prepared.error.code, prepared.error.message);
  const step = prepared.value;
  // The log row carries the table's status after the step: the engine works it out on a copy.
  const outcome = lookAhead(step);
  const status: TableStatus = outcome ? 'finished' : 'running';
  const at = ctx.now();
  try {
    const owner = ctx.owner === undefined ? {} : { owner: ctx.owner };
    const bot = table.stored.seats[seat]?.kind === 'bot' ? { bot: true as const } : {};
    await ctx.store.appendAction({ tableId: table.stored.id, seq: step.seq, seat: step.seat, action: step.action, status, outcome, at, ...owner, ...bot });
  } catch (e) {
    if (e instanceof LeaseLostError) ctx.leaseLost?.(table);
    return storageFailure('the action', e);
  }
  const committed = commit(step);
  if (!committed.ok) {
    // Cannot happen while the caller holds the queue; if it did, the log is ahead of memory.
    ctx.forget(table);
    throw new Error(`table ${table.stored.id}: ${committed.error.message}`);
  }
  const entry = keepStep(table.log, step);
  table.stored = { ...table.stored, seq: step.seq, status, outcome, updatedAt: at };
  work.actions++;
  ctx.committed(table, entry);
  return { ok: true, value: { seq: step.seq } };
}
