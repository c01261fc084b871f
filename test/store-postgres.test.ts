import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { MIGRATIONS, migratePostgres, openPostgresStore } from '../src/server/storage/postgres.js';
import { dropSchemas, newSchema, pgSkipReason, PG_URL } from './pg-helpers.js';
import { storeContract, storedTable, type StoreUnderTest } from './store-contract.js';

const skip = await pgSkipReason();
afterAll(dropSchemas);

let schema = '';
const postgres: StoreUnderTest = {
  async fresh() {
    schema = newSchema();
    return openPostgresStore(PG_URL, { schema, poolSize: 4 });
  },
  async reopen() {
    return openPostgresStore(PG_URL, { schema, poolSize: 4 });
  },
};

describe.skipIf(skip !== undefined)('PostgreSQL', () => {
  storeContract('PostgreSQL', () => postgres);

  describe('PostgreSQL migrations and limits', () => {
    it('applies the migrations once, records them, and refuses a database newer than it knows', async () => {
      const s = newSchema();
      const first = await openPostgresStore(PG_URL, { schema: s });
      expect(first.migrated).toEqual(MIGRATIONS.map((m) => m.version));
      const { rows } = await first.pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
      await first.close();
      // Several processes starting at once: each migration is applied by exactly one of them.
      const again = await Promise.all([1, 2, 3].map(() => openPostgresStore(PG_URL, { schema: s })));
      expect(again.map((a) => a.migrated)).toEqual([[], [], []]);
      await again[0]!.pool.query(`INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')`);
      await Promise.all(again.map((a) => a.close()));
      await expect(openPostgresStore(PG_URL, { schema: s })).rejects.toThrow(/newer than this Drey knows/);
    });

    it('rolls back a failing migration whole', async () => {
      const s = newSchema();
      const client = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${s}` });
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA ${s}`);
        const next = MIGRATIONS.length + 1;
        const bad = [...MIGRATIONS, { version: next, name: 'broken', sql: 'CREATE TABLE extra (x int); SELECT * FROM no_such_table' }];
        await expect(migratePostgres(client, bad)).rejects.toThrow(new RegExp(`migration ${next} \\(broken\\) failed`));
        const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
        expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
        const extra = await client.query(`SELECT to_regclass('${s}.extra') AS t`);
        expect(extra.rows[0]).toEqual({ t: null });
      } finally {
        await client.end();
      }
    });

    it('cancels statements that run past the statement timeout', async () => {
      const store = await openPostgresStore(PG_URL, { schema: newSchema(), statementTimeoutMs: 200, poolSize: 1 });
      try {
        await expect(store.pool.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
        await store.createTable(storedTable('still-works'));
        expect((await store.getTable('still-works'))?.id).toBe('still-works');
      } finally {
        await store.close();
      }
    });

    it('refuses a bad schema name and an unreachable server with an error', async () => {
      await expect(openPostgresStore(PG_URL, { schema: 'x; DROP TABLE y' })).rejects.toThrow(/bad schema name/);
      await expect(openPostgresStore('postgres://drey:drey@127.0.0.1:1/none', { connectionTimeoutMs: 1000 })).rejects.toThrow();
    });
  });
});
