/**
 * The SQLite store: one file, WAL mode, through better-sqlite3. Appends are group-committed
 * (group-commit.ts: the appends of one short tick share a transaction) and each call resolves only
 * after that commit, so what a client has been sent survives a crash (even kill -9) of the
 * server: broadcast only ever follows the commit.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Outcome } from '../../engine/game.js';
import type { TableStatus } from '../protocol.js';
import { DEFAULT_COMMIT_TICK_MS, groupCommit } from './group-commit.js';
import { LeaseLostError, type AppendAction, type LeaseAnswer, type Store, type StoredAction, type StoredSeat, type StoredTable, type TableNote } from './types.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tables (
  id          TEXT PRIMARY KEY,
  game        TEXT NOT NULL,
  seed        TEXT NOT NULL,
  options     TEXT NOT NULL,
  arrangement TEXT,
  fixed_deal  INTEGER NOT NULL DEFAULT 0,
  seats       TEXT NOT NULL,
  status      TEXT NOT NULL,
  seq         INTEGER NOT NULL,
  outcome     TEXT,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  settings    TEXT,
  lease_owner TEXT,
  lease_until TEXT
);
CREATE INDEX IF NOT EXISTS tables_status ON tables (status, updated_at);
CREATE TABLE IF NOT EXISTS actions (
  table_id TEXT NOT NULL REFERENCES tables (id),
  seq      INTEGER NOT NULL,
  seat     INTEGER NOT NULL,
  action   TEXT NOT NULL,
  at       TEXT NOT NULL,
  PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS notes (
  table_id TEXT NOT NULL REFERENCES tables (id),
  n        INTEGER NOT NULL,
  kind     TEXT NOT NULL,
  seat     INTEGER,
  data     TEXT NOT NULL,
  at       TEXT NOT NULL,
  PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
`;

interface TableRow {
  id: string;
  game: string;
  seed: string;
  options: string;
  arrangement: string | null;
  fixed_deal: number;
  seats: string;
  status: string;
  seq: number;
  outcome: string | null;
  created_at: string;
  updated_at: string;
  settings: string | null;
}

interface NoteRow {
  n: number;
  kind: string;
  seat: number | null;
  data: string;
  at: string;
}

interface ActionRow {
  seq: number;
  seat: number;
  action: string;
  at: string;
}

const fromRow = (row: TableRow): StoredTable => {
  const table: StoredTable = {
    id: row.id,
    game: row.game,
    seed: row.seed,
    options: JSON.parse(row.options) as unknown,
    seats: JSON.parse(row.seats) as StoredSeat[],
    status: row.status as TableStatus,
    seq: row.seq,
    outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.arrangement !== null) table.arrangement = JSON.parse(row.arrangement) as unknown;
  if (row.fixed_deal) table.fixedDeal = true;
  if (row.settings !== null) table.settings = JSON.parse(row.settings) as unknown;
  return table;
};

export interface SqliteOptions {
  /** 'full' syncs the WAL on every commit (survives power loss); 'normal' survives process crashes. */
  synchronous?: 'full' | 'normal';
  /** Group commit: shortest time between two transactions of appends under load (ms). */
  commitTickMs?: number;
  /** How long a write waits for a lock another connection holds before it fails (default 5 s). */
  busyTimeoutMs?: number;
}

export function openSqliteStore(file: string, opts: SqliteOptions = {}): Store {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${opts.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(opts.busyTimeoutMs ?? 5000))}`);
  db.exec(SCHEMA);
  // Files made before a column existed get it (with its default).
  const columns = new Set(db.prepare<[], { name: string }>('PRAGMA table_info(tables)').all().map((c) => c.name));
  if (!columns.has('fixed_deal')) db.exec('ALTER TABLE tables ADD COLUMN fixed_deal INTEGER NOT NULL DEFAULT 0');
  if (!columns.has('settings')) db.exec('ALTER TABLE tables ADD COLUMN settings TEXT');
  if (!columns.has('lease_owner')) db.exec('ALTER TABLE tables ADD COLUMN lease_owner TEXT; ALTER TABLE tables ADD COLUMN lease_until TEXT');

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
  // A bot seat is stored as {"kind":"bot",…} in the seats JSON; a table with a clock has a time
  // profile other than 'none' in its settings (its clocks must run out with nobody there).
  const expiredStmt = db.prepare<[string, number], { id: string }>(
    `SELECT id FROM tables WHERE status = 'running' AND (lease_until IS NULL OR lease_until <= ?)
     AND (seats LIKE '%"kind":"bot"%' OR COALESCE(json_extract(settings, '$.time'), 'none') <> 'none')
     ORDER BY updated_at LIMIT ?`,
  );
  /** Why a guarded change did not apply: the lease is someone else's, or (null) something else. */
  const leaseLost = (tableId: string, owner: string | undefined): LeaseLostError | null => {
    if (owner === undefined) return null;
    const row = selectLease.get(tableId);
    return row && row.lease_owner !== owner ? new LeaseLostError(tableId, owner) : null;
  };
  const selectTable = db.prepare<[string], TableRow>('SELECT * FROM tables WHERE id = ?');
  // Open tables have no actions (play starts when every seat is taken), so nothing else refers to them.
  const deleteOpen = db.prepare<[string, number], { id: string }>(
    `DELETE FROM tables WHERE id IN (SELECT id FROM tables WHERE status = 'open' AND updated_at < ? LIMIT ?) AND status = 'open' RETURNING id`,
  );
  const selectActions = db.prepare<[string], ActionRow>(
    'SELECT seq, seat, action, at FROM actions WHERE table_id = ? ORDER BY seq',
  );

  const insertNote = db.prepare<[string, string, number | null, string, string, string], { n: number }>(
    `INSERT INTO notes (table_id, n, kind, seat, data, at)
     SELECT ?, COALESCE(MAX(n), 0) + 1, ?, ?, ?, ? FROM notes WHERE table_id = ? RETURNING n`,
  );

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

  // Group commit (group-commit.ts): the appends of one tick share one transaction (one WAL sync),
  // each inside its own savepoint so that one refused append fails alone. Every caller's promise
  // settles only after the shared commit, so nothing is announced before it is durable.
  const commits = groupCommit<AppendAction>(
    (entries) => {
      const failures: (Error | undefined)[] = entries.map(() => undefined);
      // IMMEDIATE: the write lock is taken up front, so a lock held elsewhere fails the batch as a
      // whole (after busy_timeout) instead of each append waiting for it in turn.
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
    { tickMs: opts.commitTickMs ?? DEFAULT_COMMIT_TICK_MS },
  );

  return {
    async createTable(t) {
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
    async updateSeats(tableId, seats, status, at, owner) {
      const changed = updateSeatsStmt.run({ seats: JSON.stringify(seats), status, at, id: tableId, owner: owner ?? null });
      if (changed.changes !== 1) throw leaseLost(tableId, owner) ?? new Error(`no table ${tableId}`);
    },
    async acquireLease(tableId, owner, until, now): Promise<LeaseAnswer> {
      if (takeLease.run({ id: tableId, owner, until, now }).changes === 1) return { kind: 'acquired' };
      const row = selectLease.get(tableId);
      if (!row) return { kind: 'missing' };
      if (row.status === 'finished') return { kind: 'finished' };
      return { kind: 'held', owner: row.lease_owner ?? '', until: row.lease_until ?? now };
    },
    async renewLeases(owner, until) {
      return renewStmt.all(until, owner).map((r) => r.id);
    },
    async releaseLease(tableId, owner) {
      releaseStmt.run(tableId, owner);
    },
    async listExpiredLeases(now, limit) {
      return expiredStmt.all(now, limit).map((r) => r.id);
    },
    appendAction(entry) {
      return commits.submit(entry);
    },
    commitStats: () => commits.stats(),
    async getTable(tableId) {
      const row = selectTable.get(tableId);
      return row ? fromRow(row) : undefined;
    },
    async getActions(tableId): Promise<StoredAction[]> {
      return selectActions.all(tableId).map((r) => ({
        seq: r.seq,
        seat: r.seat,
        action: JSON.parse(r.action) as StoredAction['action'],
        at: r.at,
      }));
    },
    async listTables({ statuses, limit, before }) {
      const conditions: string[] = [];
      const params: unknown[] = [];
      if (statuses && statuses.length > 0) {
        conditions.push(`status IN (${statuses.map(() => '?').join(', ')})`);
        params.push(...statuses);
      }
      if (before !== undefined) {
        // After `before` in the order below (an unknown id: nothing).
        conditions.push('(updated_at < (SELECT updated_at FROM tables WHERE id = ?) OR (updated_at = (SELECT updated_at FROM tables WHERE id = ?) AND id > ?))');
        params.push(before, before, before);
      }
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const rows = db
        .prepare<unknown[], TableRow>(`SELECT * FROM tables ${where} ORDER BY updated_at DESC, id LIMIT ?`)
        .all(...params, limit ?? 1_000_000);
      return rows.map(fromRow);
    },
    async deleteOpenTables(updatedBefore, limit) {
      const rows = deleteOpen.all(updatedBefore, limit);
      return rows.map((r) => r.id);
    },
    async appendNote(note) {
      const row = insertNote.get(note.tableId, note.kind, note.seat, JSON.stringify(note.data ?? null), note.at, note.tableId);
      if (!row) throw new Error(`no note appended to ${note.tableId}`);
      return { ...note, n: row.n };
    },
    async getNotes(tableId, filter = {}): Promise<TableNote[]> {
      const conditions = ['table_id = ?'];
      const params: unknown[] = [tableId];
      if (filter.kinds) {
        if (filter.kinds.length === 0) return [];
        conditions.push(`kind IN (${filter.kinds.map(() => '?').join(', ')})`);
        params.push(...filter.kinds);
      }
      if (filter.after !== undefined) {
        conditions.push('n > ?');
        params.push(filter.after);
      }
      const rows = db
        .prepare<unknown[], NoteRow>(`SELECT n, kind, seat, data, at FROM notes WHERE ${conditions.join(' AND ')} ORDER BY n LIMIT ?`)
        .all(...params, filter.limit ?? 1_000_000);
      return rows.map((r) => ({ tableId, n: r.n, kind: r.kind, seat: r.seat, data: JSON.parse(r.data) as unknown, at: r.at }));
    },
    async close() {
      await commits.drain();
      if (db.open) db.close();
    },
  };
}
