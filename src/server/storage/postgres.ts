/**
 * The PostgreSQL store (the `pg` driver), used when DATABASE_URL is set. Same contract as the
 * SQLite store (test/store-contract.ts runs against both):
 *
 * - the action log is keyed by (table_id, seq) with a primary key, and appendAction advances the
 *   table row with a `WHERE seq = N-1` guard in the same statement, so two writers (two server
 *   processes, say) can never both append step N; appends are group-committed (many tables' in
 *   one statement per short tick) and each call resolves only after that commit, so what a
 *   client is told about has been committed;
 * - JSON is kept as the text it was written as (`json`, not `jsonb`) and times as the ISO strings
 *   the server gives, so a copy between stores (`drey db copy`) is exact;
 * - ids and times sort with the "C" collation, byte by byte like SQLite, so paging is the same.
 *
 * Migrations (MIGRATIONS below, recorded in `schema_migrations`) are applied when the store is
 * opened, under an advisory lock so that processes starting together apply each one once.
 */
import pg from 'pg';
import type { Outcome } from '../../engine/game.js';
import type { TableStatus } from '../protocol.js';
import { DEFAULT_COMMIT_TICK_MS, groupCommit } from './group-commit.js';
import { answeredLater, LeaseLostError, type AppendAction, type LeaseAnswer, type Store, type StoredAction, type StoredSeat, type StoredTable, type TableNote } from './types.js';

/** One schema change, applied once, in order of `version`. Never edit one that has shipped: add one. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'tables, actions and notes',
    sql: `
CREATE TABLE tables (
  id          TEXT COLLATE "C" PRIMARY KEY,
  game        TEXT NOT NULL,
  seed        TEXT NOT NULL,
  options     JSON NOT NULL,
  arrangement JSON,
  fixed_deal  BOOLEAN NOT NULL DEFAULT FALSE,
  seats       JSON NOT NULL,
  status      TEXT NOT NULL,
  seq         INTEGER NOT NULL CHECK (seq >= 0),
  outcome     JSON,
  created_at  TEXT COLLATE "C" NOT NULL,
  updated_at  TEXT COLLATE "C" NOT NULL,
  settings    JSON
);
CREATE INDEX tables_status ON tables (status, updated_at);
CREATE INDEX tables_updated ON tables (updated_at DESC, id);
CREATE TABLE actions (
  table_id TEXT COLLATE "C" NOT NULL REFERENCES tables (id),
  seq      INTEGER NOT NULL CHECK (seq >= 1),
  seat     INTEGER NOT NULL,
  action   JSON NOT NULL,
  at       TEXT NOT NULL,
  PRIMARY KEY (table_id, seq)
);
CREATE TABLE notes (
  table_id TEXT COLLATE "C" NOT NULL REFERENCES tables (id),
  n        INTEGER NOT NULL CHECK (n >= 1),
  kind     TEXT NOT NULL,
  seat     INTEGER,
  data     JSON NOT NULL,
  at       TEXT NOT NULL,
  PRIMARY KEY (table_id, n)
);`,
  },
  {
    version: 2,
    name: 'table leases (several server processes)',
    sql: `
ALTER TABLE tables ADD COLUMN lease_owner TEXT;
ALTER TABLE tables ADD COLUMN lease_until TEXT COLLATE "C";
CREATE INDEX tables_lease_owner ON tables (lease_owner) WHERE lease_owner IS NOT NULL;`,
  },
];

/** Any number: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK = 0x64726579; // "drey"

export interface PostgresOptions {
  /** Most connections the pool opens (default 10). */
  poolSize?: number;
  /** A statement running longer than this is cancelled by the server (default 10 s). */
  statementTimeoutMs?: number;
  /** Waiting longer than this for a connection fails the call (default 10 s). */
  connectionTimeoutMs?: number;
  /** Use this schema (created if missing) instead of the connection's default: tests, side-by-side installs. */
  schema?: string;
  /** Group commit: shortest time between two batches of appends under load (ms). */
  commitTickMs?: number;
  /** Where to report errors of idle connections (the pool replaces them). Default: console.error. */
  log?: (line: string) => void;
}

export interface PostgresStore extends Store {
  /** The versions applied when this store was opened (empty: the schema was current). */
  readonly migrated: readonly number[];
  /** The underlying pool (for `drey db` and tests); the store owns it and `close` ends it. */
  readonly pool: pg.Pool;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

interface TableRow {
  id: string;
  game: string;
  seed: string;
  options: unknown;
  arrangement: unknown;
  fixed_deal: boolean;
  seats: StoredSeat[];
  status: string;
  seq: number;
  outcome: Outcome | null;
  created_at: string;
  updated_at: string;
  settings: unknown;
}

const fromRow = (row: TableRow): StoredTable => {
  const table: StoredTable = {
    id: row.id,
    game: row.game,
    seed: row.seed,
    options: row.options,
    seats: row.seats,
    status: row.status as TableStatus,
    seq: row.seq,
    outcome: row.outcome,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (row.arrangement !== null) table.arrangement = row.arrangement;
  if (row.fixed_deal) table.fixedDeal = true;
  if (row.settings !== null) table.settings = row.settings;
  return table;
};

const json = (value: unknown): string => JSON.stringify(value ?? null);
const jsonOrNull = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/** PostgreSQL's code for a unique violation. */
const UNIQUE_VIOLATION = '23505';
const codeOf = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;

/** Why a guarded change did not apply: the lease is someone else's, or (null) something else. */
async function leaseLost(db: pg.Pool | pg.ClientBase, tableId: string, owner: string | undefined): Promise<LeaseLostError | null> {
  if (owner === undefined) return null;
  const { rows } = await db.query<{ lease_owner: string | null }>('SELECT lease_owner FROM tables WHERE id = $1', [tableId]);
  return rows[0] && rows[0].lease_owner !== owner ? new LeaseLostError(tableId, owner) : null;
}

/** Applies the migrations `client`'s database lacks, in order, each in its own transaction; their versions. */
export async function migratePostgres(client: pg.ClientBase, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const applied: number[] = [];
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version    INTEGER PRIMARY KEY,
         name       TEXT NOT NULL,
         applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    const newest = Math.max(0, ...done);
    const known = Math.max(0, ...migrations.map((m) => m.version));
    if (newest > known) {
      throw new Error(`the database is at schema version ${newest}, newer than this Drey knows (${known}): upgrade Drey`);
    }
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.version} (${m.name}) failed: ${e instanceof Error ? e.message : String(e)}`);
      }
      applied.push(m.version);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
  return applied;
}

/** Connects, applies missing migrations and returns the store. Rejects when the database cannot be reached. */
export async function openPostgresStore(url: string, opts: PostgresOptions = {}): Promise<PostgresStore> {
  const log = opts.log ?? ((line: string) => console.error(line));
  if (opts.schema !== undefined && !SCHEMA_NAME.test(opts.schema)) throw new Error(`bad schema name ${JSON.stringify(opts.schema)}`);
  const config: pg.PoolConfig = {
    connectionString: url,
    max: opts.poolSize ?? 10,
    statement_timeout: opts.statementTimeoutMs ?? 10_000,
    connectionTimeoutMillis: opts.connectionTimeoutMs ?? 10_000,
    idleTimeoutMillis: 30_000,
    application_name: 'drey',
  };
  if (opts.schema !== undefined) config.options = `-c search_path=${opts.schema}`;
  const pool = new pg.Pool(config);
  // A connection that fails while idle is dropped by the pool; without a listener it would crash the process.
  pool.on('error', (e) => log(`PostgreSQL: an idle connection failed (${e.message}); the pool replaces it`));

  let migrated: number[];
  try {
    const client = await pool.connect();
    client.on('error', () => undefined); // the query in flight rejects with the same error, handled below
    try {
      if (opts.schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`);
      migrated = await migratePostgres(client);
    } finally {
      client.release();
    }
  } catch (e) {
    await pool.end();
    throw e;
  }

  /**
   * Group commit (group-commit.ts): a batch of appends (at most one per table) is one statement,
   * so one round trip and one atomic commit. Each table row advances with a `WHERE seq = N-1`
   * guard: a second writer of step N (another process) waits for the first one's row lock, then
   * finds seq = N and changes nothing; the primary key on actions would refuse it as well. With an
   * owner the same guard checks the lease too (fencing): a process that lost the table cannot
   * append, even at the right sequence number. Only the rows that advanced get their action row;
   * the others are refused one by one below, and the rest of the batch is saved.
   */
  const writeBatch = async (entries: AppendAction[]): Promise<(Error | undefined)[]> => {
    const { rows } = await pool.query<{ table_id: string }>(
      `WITH i AS (
         SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
           AS i(table_id, seq, seat, action, status, outcome, at, owner)
       ), advanced AS (
         UPDATE tables t SET seq = i.seq, status = i.status, outcome = i.outcome::json, updated_at = i.at
         FROM i WHERE t.id = i.table_id AND t.seq = i.seq - 1 AND (i.owner IS NULL OR t.lease_owner = i.owner)
         RETURNING t.id
       )
       INSERT INTO actions (table_id, seq, seat, action, at)
       SELECT i.table_id, i.seq, i.seat, i.action::json, i.at FROM i JOIN advanced a ON a.id = i.table_id
       RETURNING table_id`,
      [
        entries.map((e) => e.tableId),
        entries.map((e) => e.seq),
        entries.map((e) => e.seat),
        entries.map((e) => json(e.action)),
        entries.map((e) => e.status),
        entries.map((e) => jsonOrNull(e.outcome)),
        entries.map((e) => e.at),
        entries.map((e) => e.owner ?? null),
      ],
    );
    const saved = new Set(rows.map((r) => r.table_id));
    return Promise.all(
      entries.map(async (e) =>
        saved.has(e.tableId) ? undefined : ((await leaseLost(pool, e.tableId, e.owner)) ?? new Error(`table ${e.tableId} is not at action ${e.seq - 1}`)),
      ),
    );
  };
  const commits = groupCommit<AppendAction>(writeBatch, { tickMs: opts.commitTickMs ?? DEFAULT_COMMIT_TICK_MS, later: answeredLater });

  return {
    migrated,
    pool,
    async createTable(t) {
      await pool.query(
        `INSERT INTO tables (id, game, seed, options, arrangement, fixed_deal, seats, status, seq, outcome, created_at, updated_at, settings)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          t.id,
          t.game,
          t.seed,
          json(t.options),
          t.arrangement === undefined ? null : JSON.stringify(t.arrangement),
          t.fixedDeal === true,
          JSON.stringify(t.seats),
          t.status,
          t.seq,
          jsonOrNull(t.outcome),
          t.createdAt,
          t.updatedAt,
          t.settings === undefined ? null : JSON.stringify(t.settings),
        ],
      );
    },
    async updateSeats(tableId, seats, status, at, owner) {
      // With an owner, only the holder of the table's lease may change it (fencing).
      const changed = await pool.query(
        'UPDATE tables SET seats = $1, status = $2, updated_at = $3 WHERE id = $4 AND ($5::text IS NULL OR lease_owner = $5)',
        [JSON.stringify(seats), status, at, tableId, owner ?? null],
      );
      if (changed.rowCount !== 1) throw (await leaseLost(pool, tableId, owner)) ?? new Error(`no table ${tableId}`);
    },
    async acquireLease(tableId, owner, until, now): Promise<LeaseAnswer> {
      const taken = await pool.query(
        `UPDATE tables SET lease_owner = $2, lease_until = $3
         WHERE id = $1 AND status <> 'finished' AND (lease_owner IS NULL OR lease_owner = $2 OR lease_until <= $4)`,
        [tableId, owner, until, now],
      );
      if (taken.rowCount === 1) return { kind: 'acquired' };
      const { rows } = await pool.query<{ status: string; lease_owner: string | null; lease_until: string | null }>(
        'SELECT status, lease_owner, lease_until FROM tables WHERE id = $1',
        [tableId],
      );
      const row = rows[0];
      if (!row) return { kind: 'missing' };
      if (row.status === 'finished') return { kind: 'finished' };
      return { kind: 'held', owner: row.lease_owner ?? '', until: row.lease_until ?? now };
    },
    async renewLeases(owner, until) {
      const { rows } = await pool.query<{ id: string }>('UPDATE tables SET lease_until = $2 WHERE lease_owner = $1 RETURNING id', [owner, until]);
      return rows.map((r) => r.id);
    },
    async releaseLease(tableId, owner) {
      await pool.query('UPDATE tables SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2', [tableId, owner]);
    },
    async listExpiredLeases(now, limit) {
      // A bot seat is stored as {"kind":"bot",…} in the seats JSON (kept as the text written); a
      // table with a clock has a time profile other than 'none' in its settings.
      const { rows } = await pool.query<{ id: string }>(
        `SELECT id FROM tables WHERE status = 'running' AND (lease_until IS NULL OR lease_until <= $1)
         AND (seats::text LIKE '%"kind":"bot"%' OR COALESCE(settings->>'time', 'none') <> 'none')
         ORDER BY updated_at LIMIT $2`,
        [now, limit],
      );
      return rows.map((r) => r.id);
    },
    appendAction(e: AppendAction) {
      return commits.submit(e);
    },
    commitStats: () => commits.stats(),
    async getTable(tableId) {
      const { rows } = await pool.query<TableRow>('SELECT * FROM tables WHERE id = $1', [tableId]);
      return rows[0] ? fromRow(rows[0]) : undefined;
    },
    async getActions(tableId): Promise<StoredAction[]> {
      const { rows } = await pool.query<{ seq: number; seat: number; action: StoredAction['action']; at: string }>(
        'SELECT seq, seat, action, at FROM actions WHERE table_id = $1 ORDER BY seq',
        [tableId],
      );
      return rows.map((r) => ({ seq: r.seq, seat: r.seat, action: r.action, at: r.at }));
    },
    async listTables({ statuses, limit, before }) {
      const conditions: string[] = [];
      const params: unknown[] = [];
      const param = (value: unknown): string => {
        params.push(value);
        return `$${params.length}`;
      };
      if (statuses && statuses.length > 0) conditions.push(`status = ANY(${param([...statuses])}::text[])`);
      if (before !== undefined) {
        // After `before` in the order below (an unknown id: nothing).
        const b = param(before);
        conditions.push(
          `(updated_at < (SELECT updated_at FROM tables WHERE id = ${b}) OR (updated_at = (SELECT updated_at FROM tables WHERE id = ${b}) AND id > ${b}))`,
        );
      }
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const { rows } = await pool.query<TableRow>(`SELECT * FROM tables ${where} ORDER BY updated_at DESC, id LIMIT ${param(limit ?? 1_000_000)}`, params);
      return rows.map(fromRow);
    },
    async deleteOpenTables(updatedBefore, limit) {
      // Open tables have no actions (play starts when every seat is taken), so nothing else refers to them.
      const { rows } = await pool.query<{ id: string }>(
        // MATERIALIZED: the LIMIT applies once (as an IN-subquery the planner may join it row by row).
        `WITH doomed AS MATERIALIZED (
           SELECT id FROM tables WHERE status = 'open' AND updated_at < $1 ORDER BY updated_at, id LIMIT $2 FOR UPDATE SKIP LOCKED
         )
         DELETE FROM tables t USING doomed WHERE t.id = doomed.id AND t.status = 'open' RETURNING t.id`,
        [updatedBefore, limit],
      );
      return rows.map((r) => r.id);
    },
    async appendNote(note) {
      // Two writers may pick the same next number; the primary key refuses the second, which tries again.
      for (let attempt = 1; ; attempt++) {
        try {
          const { rows } = await pool.query<{ n: number }>(
            `INSERT INTO notes (table_id, n, kind, seat, data, at)
             SELECT $1, COALESCE(MAX(n), 0) + 1, $2, $3, $4, $5 FROM notes WHERE table_id = $1 RETURNING n`,
            [note.tableId, note.kind, note.seat, json(note.data), note.at],
          );
          if (!rows[0]) throw new Error(`no note appended to ${note.tableId}`);
          return { ...note, n: rows[0].n };
        } catch (e) {
          if (codeOf(e) !== UNIQUE_VIOLATION || attempt >= 20) throw e;
        }
      }
    },
    async getNotes(tableId, filter = {}): Promise<TableNote[]> {
      if (filter.kinds && filter.kinds.length === 0) return [];
      const { rows } = await pool.query<{ n: number; kind: string; seat: number | null; data: unknown; at: string }>(
        `SELECT n, kind, seat, data, at FROM notes
         WHERE table_id = $1 AND ($2::text[] IS NULL OR kind = ANY($2::text[])) AND n > $3
         ORDER BY n LIMIT $4`,
        [tableId, filter.kinds ? [...filter.kinds] : null, filter.after ?? 0, filter.limit ?? 1_000_000],
      );
      return rows.map((r) => ({ tableId, n: r.n, kind: r.kind, seat: r.seat, data: r.data, at: r.at }));
    },
    async close() {
      await commits.drain();
      if (!pool.ended) await pool.end();
    },
  };
}
