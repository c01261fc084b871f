/**
 * `drey db copy`: moves a community's history from one store to another (SQLite → PostgreSQL, or
 * back) through the `Store` interface only, then proves nothing was lost: every copied table is
 * read back from the target and compared with the source, and every match is replayed from both
 * sides by the engine (as the server's replays rebuild it) to the same final-state hash.
 *
 * A table is rebuilt in the target the way the server made it: created, its actions appended one
 * by one in order (the target's own guards check each step), its notes appended in order, and
 * finally its seats, status and time set as they were.
 */
import { canonicalJson } from '../../engine/hash.js';
import { replay } from '../../engine/match.js';
import type { Registry } from '../../games/index.js';
import { recordOf } from '../table-cache.js';
import type { Store, StoredAction, StoredTable, TableNote } from './types.js';

export interface CopyOptions {
  registry: Registry;
  /** Copy into a target that already has tables (tables it already has identically are skipped). */
  append?: boolean;
  /** Tables copied at the same time (default 8). */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface CopyReport {
  tables: number;
  byStatus: Record<string, number>;
  actions: number;
  notes: number;
  /** Matches replayed on both sides to the same hash. */
  verified: number;
  /** Tables the target already had, identical, left alone (with `append`). */
  skipped: number;
  /** What does not match or could not be checked; empty when the copy is whole. */
  problems: string[];
}

interface Snapshot {
  table: StoredTable;
  actions: StoredAction[];
  notes: TableNote[];
}

const PAGE = 200;

/** Every table id of a store, most recently updated first (the lobby's order, paged). */
async function allTableIds(store: Store): Promise<string[]> {
  const ids: string[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await store.listTables(before === undefined ? { limit: PAGE } : { limit: PAGE, before });
    ids.push(...page.map((t) => t.id));
    if (page.length < PAGE) return ids;
    before = page[page.length - 1]!.id;
  }
}

async function snapshot(store: Store, id: string): Promise<Snapshot | undefined> {
  const table = await store.getTable(id);
  if (!table) return undefined;
  return { table, actions: await store.getActions(id), notes: await store.getNotes(id) };
}

/** Writes one table into `to` as the server would have. */
async function write(to: Store, { table, actions, notes }: Snapshot): Promise<void> {
  if (actions.length === 0) {
    await to.createTable(table);
  } else {
    await to.createTable({ ...table, seq: 0, status: 'running', outcome: null, updatedAt: table.createdAt });
    for (const [i, a] of actions.entries()) {
      const last = i === actions.length - 1;
      await to.appendAction({
        tableId: table.id,
        seq: a.seq,
        seat: a.seat,
        action: a.action,
        status: last ? table.status : 'running',
        outcome: last ? table.outcome : null,
        at: a.at,
      });
    }
  }
  for (const note of notes) {
    const made = await to.appendNote({ tableId: note.tableId, kind: note.kind, seat: note.seat, data: note.data, at: note.at });
    if (made.n !== note.n) throw new Error(`note ${note.n} of ${table.id} became note ${made.n}`);
  }
  // Seats, status and the last-updated time as they were (appends moved the time along).
  await to.updateSeats(table.id, table.seats, table.status, table.updatedAt);
}

/** The final-state hash of a stored match, or why it cannot be had. */
function matchHash(registry: Registry, s: Snapshot): { hash: string } | { error: string } {
  const pkg = registry.get(s.table.game);
  if (!pkg) return { error: `unknown game '${s.table.game}'` };
  const replayed = replay(pkg.game, recordOf(s.table, s.actions));
  return replayed.ok ? { hash: replayed.value.hash } : { error: replayed.error.message };
}

/** What differs between a table in the source and in the target (undefined: nothing). */
function compare(registry: Registry, source: Snapshot, target: Snapshot | undefined): { problem?: string; verified: boolean } {
  const id = source.table.id;
  if (!target) return { problem: `${id}: missing from the target`, verified: false };
  if (canonicalJson(source.table) !== canonicalJson(target.table)) return { problem: `${id}: the table row differs`, verified: false };
  if (canonicalJson(source.actions) !== canonicalJson(target.actions)) return { problem: `${id}: the action log differs`, verified: false };
  if (canonicalJson(source.notes) !== canonicalJson(target.notes)) return { problem: `${id}: the notes differ`, verified: false };
  const a = matchHash(registry, source);
  if ('error' in a) return { problem: `${id}: not verified by replay (${a.error})`, verified: false };
  const b = matchHash(registry, target);
  if ('error' in b) return { problem: `${id}: the copy does not replay (${b.error})`, verified: false };
  if (a.hash !== b.hash) return { problem: `${id}: replays to ${b.hash}, the source to ${a.hash}`, verified: false };
  return { verified: true };
}

/**
 * Copies every table of `from` into `to` and verifies the copy. Refuses (before writing anything)
 * a target that has tables unless `append`; with `append`, a table the target already has is left
 * alone when identical and reported as a problem when not.
 */
export async function copyStore(from: Store, to: Store, opts: CopyOptions): Promise<CopyReport> {
  if (!opts.append && (await to.listTables({ limit: 1 })).length > 0) {
    throw new Error('the target already has tables: copy into an empty database, or pass --append');
  }
  const ids = await allTableIds(from);
  const report: CopyReport = { tables: 0, byStatus: {}, actions: 0, notes: 0, verified: 0, skipped: 0, problems: [] };
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const source = await snapshot(from, id);
      if (!source) continue; // deleted while we copied (an expired open table)
      const existing = await snapshot(to, id);
      if (existing) {
        const same = compare(opts.registry, source, existing);
        if (same.problem) report.problems.push(`${same.problem} (it was already in the target)`);
        else report.skipped++;
      } else {
        try {
          await write(to, source);
          const checked = compare(opts.registry, source, await snapshot(to, id));
          if (checked.problem) report.problems.push(checked.problem);
          if (checked.verified) report.verified++;
          report.tables++;
          report.byStatus[source.table.status] = (report.byStatus[source.table.status] ?? 0) + 1;
          report.actions += source.actions.length;
          report.notes += source.notes.length;
        } catch (e) {
          report.problems.push(`${id}: could not be written (${e instanceof Error ? e.message : String(e)})`);
        }
      }
      opts.onProgress?.(++done, ids.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 8) }, worker));
  return report;
}
