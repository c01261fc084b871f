/**
 * The SQLite store: one file, WAL mode, through better-sqlite3. Appends are group-committed
 * (group-commit.ts: the appends of one short tick share a transaction) and each call resolves only
 * after that commit, so what a client has been sent survives a crash (even kill -9) of the
 * server: broadcast only ever follows the commit. Every write runs in a writer thread with its own
 * connection (sqlite-writer.ts), so no commit or WAL sync blocks the event loop; reads run here, on
 * this thread's connection, and see every write whose promise has settled (docs/architecture.md).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Outcome } from '../../engine/game.js';
import type { TableStatus } from '../protocol.js';
import { spawnWorker } from '../../workers/spawn.js';
import { DEFAULT_COMMIT_TICK_MS, groupCommit, type BatchResults } from './group-commit.js';
import { configureConnection, fromWire, sqliteWrites, type ConnectionSettings, type SqliteWrites, type WriteOp } from './sqlite-writes.js';
import type { WriteReply, WriteRequest, WriterOptions } from './sqlite-writer.js';
import { answeredLater, type AppendAction, type Store, type StoredAction, type StoredSeat, type StoredTable, type TableNote } from './types.js';

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
  /** The WAL is copied back into the database file once it holds this many pages (see DEFAULT_CHECKPOINT_PAGES). */
  checkpointPages?: number;
  /**
   * Writes in a worker thread with its own connection (default for files; `:memory:` cannot be
   * shared between connections, so it writes inline): false writes on the event loop as before.
   */
  writerThread?: boolean;
}

/**
 * The writing connection checkpoints the WAL (copies its pages back into the database file) once
 * the WAL holds this many pages, about 40 MB, rather than SQLite's 1,000. A checkpoint runs inside
 * the commit that crosses the threshold, and a busy server rewrites the same pages (each table's
 * row, the newest leaf of its log) over and over: checkpointed ten times less often, each page is
 * copied once per checkpoint instead of many times, and fewer commits carry one (at 2,000
 * human-pace tables: the writer's CPU 5% less, the actions' p50 a quarter lower; docs/deploy.md).
 * The WAL file stays near this size once it has grown to it (SQLite reuses it from its start after
 * each checkpoint).
 */
export const DEFAULT_CHECKPOINT_PAGES = 10_000;

/** Where the store's writes run: every method settles once its transaction committed (or failed). */
interface Writer {
  call<K extends Exclude<WriteOp, 'appendBatch'>>(op: K, ...args: Parameters<SqliteWrites[K]>): Promise<ReturnType<SqliteWrites[K]>>;
  appendBatch(entries: readonly AppendAction[]): Promise<BatchResults>;
  /** Settles once a request would be run at once (the thread has booted). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** On this thread's connection, synchronously (`:memory:`): the promise is settled when it returns. */
function inlineWriter(writes: SqliteWrites): Writer {
  return {
    call(op, ...args) {
      try {
        return Promise.resolve((writes[op] as (...a: unknown[]) => never)(...args));
      } catch (e) {
        return Promise.reject(e instanceof Error ? e : new Error(String(e)));
      }
    },
    appendBatch: (entries) => Promise.resolve(writes.appendBatch(entries)),
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/**
 * In the writer thread (sqlite-writer.ts): requests are posted in order and run there in that
 * order, each answered after its commit. The thread keeps the process alive only while a request
 * is outstanding (so a command that forgets to close its store still exits). If the thread dies,
 * every outstanding and later write fails with that cause (nothing was acknowledged that was not
 * saved).
 */
function threadWriter(options: WriterOptions): Writer {
  const worker = spawnWorker({ beside: import.meta.url, name: 'sqlite-writer' }, undefined, options);
  worker.unref();
  const pending = new Map<number, { resolve: (v: WriteReply) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let dead: Error | undefined;
  const stop = (e: Error): void => {
    dead ??= e;
    for (const p of pending.values()) p.reject(dead);
    pending.clear();
  };
  worker.on('message', (reply: WriteReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    p.resolve(reply);
  });
  worker.on('error', (e) => stop(new Error(`the SQLite writer thread failed: ${e.message}`)));
  worker.on('exit', (code) => stop(new Error(`the SQLite writer thread stopped (exit code ${code})`)));
  const request = (op: WriteRequest['op'], args: unknown[]): Promise<WriteReply> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise<WriteReply>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, args } satisfies WriteRequest);
    });
  };
  return {
    async call(op, ...args) {
      const reply = await request(op, args);
      if (!reply.ok) throw fromWire(reply.error);
      return (reply as { value: unknown }).value as never;
    },
    async appendBatch(entries) {
      const reply = await request('appendBatch', [entries]);
      if (!reply.ok) throw fromWire(reply.error);
      if (!('batch' in reply)) throw new Error('the SQLite writer answered a batch without its results');
      return reply.batch.map((f) => (f === null ? undefined : fromWire(f)));
    },
    async ready() {
      // Answered once the thread runs (a dead thread: its cause).
      await request('ping', []);
    },
    async close() {
      if (dead) return;
      const exited = new Promise<void>((r) => worker.once('exit', () => r()));
      await request('close', []);
      // Held until the thread is gone: an unreferenced worker would let the process end first.
      worker.ref();
      await exited;
    },
  };
}

export function openSqliteStore(file: string, opts: SqliteOptions = {}): Store {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // The same settings on this connection and the writer thread's (writes run here without one).
  const settings: ConnectionSettings = {
    synchronous: opts.synchronous ?? 'full',
    busyTimeoutMs: Math.max(0, Math.floor(opts.busyTimeoutMs ?? 5000)),
    checkpointPages: Math.max(1, Math.floor(opts.checkpointPages ?? DEFAULT_CHECKPOINT_PAGES)),
  };
  configureConnection(db, settings);
  db.exec(SCHEMA);
  // Files made before a column existed get it (with its default).
  const columns = new Set(db.prepare<[], { name: string }>('PRAGMA table_info(tables)').all().map((c) => c.name));
  if (!columns.has('fixed_deal')) db.exec('ALTER TABLE tables ADD COLUMN fixed_deal INTEGER NOT NULL DEFAULT 0');
  if (!columns.has('settings')) db.exec('ALTER TABLE tables ADD COLUMN settings TEXT');
  if (!columns.has('lease_owner')) db.exec('ALTER TABLE tables ADD COLUMN lease_owner TEXT; ALTER TABLE tables ADD COLUMN lease_until TEXT');

  // A bot seat is stored as {"kind":"bot",…} in the seats JSON; a table with a clock has a time
  // profile other than 'none' in its settings (its clocks must run out with nobody there).
  const expiredStmt = db.prepare<[string, number], { id: string }>(
    `SELECT id FROM tables WHERE status = 'running' AND (lease_until IS NULL OR lease_until <= ?)
     AND (seats LIKE '%"kind":"bot"%' OR COALESCE(json_extract(settings, '$.time'), 'none') <> 'none')
     ORDER BY updated_at LIMIT ?`,
  );
  const selectTable = db.prepare<[string], TableRow>('SELECT * FROM tables WHERE id = ?');
  const selectActions = db.prepare<[string], ActionRow>(
    'SELECT seq, seat, action, at FROM actions WHERE table_id = ? ORDER BY seq',
  );

  // Every write goes to the writer (a thread with its own connection for a file, this connection
  // for :memory:); reads stay here. A write's promise settles once its transaction committed.
  const writer: Writer =
    file === ':memory:' || opts.writerThread === false
      ? inlineWriter(sqliteWrites(db))
      : threadWriter({ file, ...settings });

  // Group commit (group-commit.ts): the appends of one tick share one transaction (one WAL sync)
  // in the writer; every caller's promise settles only after that commit, so nothing is announced
  // before it is durable. At most one batch is with the writer at a time.
  const commits = groupCommit<AppendAction>((entries) => writer.appendBatch(entries), { tickMs: opts.commitTickMs ?? DEFAULT_COMMIT_TICK_MS, later: answeredLater });

  return {
    createTable: (t) => writer.call('createTable', t),
    updateSeats: (tableId, seats, status, at, owner) => writer.call('updateSeats', tableId, seats, status, at, owner),
    acquireLease: (tableId, owner, until, now) => writer.call('acquireLease', tableId, owner, until, now),
    renewLeases: (owner, until) => writer.call('renewLeases', owner, until),
    releaseLease: (tableId, owner) => writer.call('releaseLease', tableId, owner),
    async listExpiredLeases(now, limit) {
      return expiredStmt.all(now, limit).map((r) => r.id);
    },
    appendAction(entry) {
      return commits.submit(entry);
    },
    commitStats: () => commits.stats(),
    ready: () => writer.ready(),
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
    deleteOpenTables: (updatedBefore, limit) => writer.call('deleteOpenTables', updatedBefore, limit),
    appendNote: (note) => writer.call('appendNote', note),
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
      await writer.close();
      if (db.open) db.close();
    },
  };
}
