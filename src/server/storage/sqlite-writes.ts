/**
 * Every write of the SQLite store, on one better-sqlite3 connection. The store (sqlite.ts) runs
 * them in a worker thread that owns its own connection (sqlite-writer.ts), so that no commit and
 * no WAL sync blocks the event loop; `:memory:` databases (tests) run them inline on the one
 * connection. Reads stay on the main thread's connection: see docs/architecture.md, "The SQLite
 * writer thread", for why a read always sees every write whose promise has settled.
 */
import type Database from 'better-sqlite3';
import { LeaseLostError, type AppendAction, type LeaseAnswer, type StoredTable, type StoredSeat, type TableNote } from './types.js';

/** How every connection of the store is set up (the main thread's and the writer thread's). */
export interface ConnectionSettings {
  synchronous: 'full' | 'normal';
  busyTimeoutMs: number;
  /** The WAL is checkpointed once it holds this many pages (sqlite.ts, DEFAULT_CHECKPOINT_PAGES). */
  checkpointPages: number;
}

/** Applies `settings` to a connection: sync level, foreign keys, lock wait and checkpoint size. */
export function configureConnection(db: Database.Database, settings: ConnectionSettings): void {
  db.pragma(`synchronous = ${settings.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${settings.busyTimeoutMs}`);
  db.pragma(`wal_autocheckpoint = ${settings.checkpointPages}`);
}

/** The writes, each synchronous on its connection; `appendBatch` is one group commit. */
export interface SqliteWrites {
  createTable(t: StoredTable): void;
  updateSeats(tableId: string, seats: StoredSeat[], status: string, at: string, owner?: string): void;
  acquireLease(tableId: string, owner: string, until: string, now: string): LeaseAnswer;
  renewLeases(owner: string, until: string): string[];
  releaseLease(tableId: string, owner: string): void;
  deleteOpenTables(updatedBefore: string, limit: number): string[];
  appendNote(note: Omit<TableNote, 'n'>): TableNote;
  /** One transaction for all `entries`; per entry undefined when saved, else why it was refused. */
  appendBatch(entries: readonly AppendAction[]): (Error | undefined)[];
}

export type WriteOp = keyof SqliteWrites;

export function sqliteWrites(db: Database.Database): SqliteWrites {
  const insertTable = db.prepare(
    `INSERT INTO tables (id, game, seed, options, arrangement, fixed_deal, seats, status, seq, outcome, created_at, updated_at, settings)
     VALUES (@id, @game, @seed, @options, @arrangement, @fixedDeal, @seats, @status, @seq, @outcome, @createdAt, @updatedAt, @settings)`,
  );
  // `@owner IS NULL OR lease_owner = @owner`: with an owner, only the lease holder may change the table (fencing).
  const updateSeatsStmt = db.prepare<{ seats: string; status: string; at: string; id: string; owner: string | null }>(
    'UPDATE tables SET seats = @seats, status = @status, updated_at = @at WHERE id = @id AND (@owner IS NULL OR lease_owner = @owner)',
  );
  const insertAction = db.prepare('INSERT INTO actions (table_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)');
  const advanceTable = db.prepare<{ seq: number; status: string; outcome: string | null; at: string; id: string; prev: number; owner: string | null }>(
    'UPDATE tables SET seq = @seq, status = @status, outcome = @outcome, updated_at = @at WHERE id = @id AND seq = @prev AND (@owner IS NULL OR lease_owner = @owner)',
  );
  const selectLease = db.prepare<[string], { status: string; lease_owner: string | null; lease_until: string | null }>(
    'SELECT status, lease_owner, lease_until FROM tables WHERE id = ?',
  );
  const takeLease = db.prepare<{ id: string; owner: string; until: string; now: string }>(
    `UPDATE tables SET lease_owner = @owner, lease_until = @until
     WHERE id = @id AND status <> 'finished' AND (lease_owner IS NULL OR lease_owner = @owner OR lease_until <= @now)`,
  );
  const renewStmt = db.prepare<[string, string], { id: string }>('UPDATE tables SET lease_until = ? WHERE lease_owner = ? RETURNING id');
  const releaseStmt = db.prepare('UPDATE tables SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?');
  // Open tables have no actions (play starts when every seat is taken), so nothing else refers to them.
  const deleteOpen = db.prepare<[string, number], { id: string }>(
    `DELETE FROM tables WHERE id IN (SELECT id FROM tables WHERE status = 'open' AND updated_at < ? LIMIT ?) AND status = 'open' RETURNING id`,
  );
  const insertNote = db.prepare<[string, string, number | null, string, string, string], { n: number }>(
    `INSERT INTO notes (table_id, n, kind, seat, data, at)
     SELECT ?, COALESCE(MAX(n), 0) + 1, ?, ?, ?, ? FROM notes WHERE table_id = ? RETURNING n`,
  );

  /** Why a guarded change did not apply: the lease is someone else's, or (null) something else. */
  const leaseLost = (tableId: string, owner: string | undefined): LeaseLostError | null => {
    if (owner === undefined) return null;
    const row = selectLease.get(tableId);
    return row && row.lease_owner !== owner ? new LeaseLostError(tableId, owner) : null;
  };

  const append = db.transaction((e: AppendAction) => {
    const changed = advanceTable.run({
      seq: e.seq,
      status: e.status,
      outcome: e.outcome === null ? null : JSON.stringify(e.outcome),
      at: e.at,
      id: e.tableId,
      prev: e.seq - 1,
      owner: e.owner ?? null,
    });
    if (changed.changes !== 1) throw leaseLost(e.tableId, e.owner) ?? new Error(`table ${e.tableId} is not at action ${e.seq - 1}`);
    insertAction.run(e.tableId, e.seq, e.seat, JSON.stringify(e.action), e.at);
  });

  return {
    createTable(t) {
      insertTable.run({
        id: t.id,
        game: t.game,
        seed: t.seed,
        options: JSON.stringify(t.options ?? null),
        arrangement: t.arrangement === undefined ? null : JSON.stringify(t.arrangement),
        fixedDeal: t.fixedDeal ? 1 : 0,
        seats: JSON.stringify(t.seats),
        status: t.status,
        seq: t.seq,
        outcome: t.outcome === null ? null : JSON.stringify(t.outcome),
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
        settings: t.settings === undefined ? null : JSON.stringify(t.settings),
      });
    },
    updateSeats(tableId, seats, status, at, owner) {
      const changed = updateSeatsStmt.run({ seats: JSON.stringify(seats), status, at, id: tableId, owner: owner ?? null });
      if (changed.changes !== 1) throw leaseLost(tableId, owner) ?? new Error(`no table ${tableId}`);
    },
    acquireLease(tableId, owner, until, now) {
      if (takeLease.run({ id: tableId, owner, until, now }).changes === 1) return { kind: 'acquired' };
      const row = selectLease.get(tableId);
      if (!row) return { kind: 'missing' };
      if (row.status === 'finished') return { kind: 'finished' };
      return { kind: 'held', owner: row.lease_owner ?? '', until: row.lease_until ?? now };
    },
    renewLeases(owner, until) {
      return renewStmt.all(until, owner).map((r) => r.id);
    },
    releaseLease(tableId, owner) {
      releaseStmt.run(tableId, owner);
    },
    deleteOpenTables(updatedBefore, limit) {
      return deleteOpen.all(updatedBefore, limit).map((r) => r.id);
    },
    appendNote(note) {
      const row = insertNote.get(note.tableId, note.kind, note.seat, JSON.stringify(note.data ?? null), note.at, note.tableId);
      if (!row) throw new Error(`no note appended to ${note.tableId}`);
      return { ...note, n: row.n };
    },
    // The appends of one tick share one transaction (one WAL sync), each inside its own savepoint
    // so that one refused append fails alone. IMMEDIATE: the write lock is taken up front, so a
    // lock held elsewhere fails the batch as a whole (after busy_timeout) instead of each append
    // waiting for it in turn.
    appendBatch(entries) {
      const failures: (Error | undefined)[] = entries.map(() => undefined);
      db.transaction(() => {
        entries.forEach((entry, i) => {
          try {
            append(entry); // nested: a savepoint
          } catch (e) {
            failures[i] = e instanceof Error ? e : new Error(String(e));
          }
        });
      }).immediate();
      return failures;
    },
  };
}

/** An error as it crosses from the writer thread: a refused lease keeps its kind, others their message and code. */
export type WireError = { lease: { tableId: string; owner: string } } | { message: string; code?: string };

export function toWire(e: unknown): WireError {
  if (e instanceof LeaseLostError) return { lease: { tableId: e.tableId, owner: e.owner } };
  const code = e instanceof Error ? (e as Error & { code?: unknown }).code : undefined;
  return { message: e instanceof Error ? e.message : String(e), ...(typeof code === 'string' ? { code } : {}) };
}

export function fromWire(w: WireError): Error {
  if ('lease' in w) return new LeaseLostError(w.lease.tableId, w.lease.owner);
  const e = new Error(w.message) as Error & { code?: string };
  if (w.code !== undefined) e.code = w.code;
  return e;
}
