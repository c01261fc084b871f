/**
 * PostgreSQL for tests: DATABASE_URL_TEST (default postgres://drey:drey@127.0.0.1:5432/drey_test,
 * what .ci/run starts). Each test file works in schemas of its own, dropped at the end. When the
 * server cannot be reached the tests skip with the reason printed, but only outside CI: with
 * CI set they run and fail.
 */
import pg from 'pg';

export const PG_URL = process.env.DATABASE_URL_TEST ?? 'postgres://drey:drey@127.0.0.1:5432/drey_test';

/** Why PostgreSQL tests cannot run here (undefined: they can, or CI is set and they must). */
export async function pgSkipReason(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (e) {
    const reason = `PostgreSQL at ${PG_URL.replace(/:[^:@/]*@/, ':***@')} is not reachable (${e instanceof Error ? e.message : String(e)})`;
    if (process.env.CI) return undefined; // under CI the tests run, and fail
    console.warn(`skipping PostgreSQL tests: ${reason}; set DATABASE_URL_TEST or source scripts/test-services.sh (npm test does)`);
    return reason;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A new schema name, unique to this run; `dropSchemas` removes every one made. */
const made: string[] = [];
export function newSchema(prefix = 'drey_t'): string {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${made.length}`;
  made.push(name);
  return name;
}

export async function dropSchemas(): Promise<void> {
  if (made.length === 0) return;
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    for (const s of made.splice(0)) await client.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
  } catch {
    // Nothing was made where nothing can be reached.
  } finally {
    await client.end().catch(() => undefined);
  }
}
