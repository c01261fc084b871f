/**
 * PostgreSQL for tests: DATABASE_URL_TEST (default postgres://drey:drey@127.0.0.1:5432/drey_test,
 * what .ci/run starts). Each test file works in schemas of its own, dropped at the end. When the
 * server cannot be reached the tests skip with the reason printed, but only outside CI: with
 * CI set they run and fail.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from './redis-helpers.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, 127.0.0.1 on a free
 * port), for tests that stop and restart the database under running servers without disturbing the
 * shared test database. As root the cluster runs as the `postgres` user (PostgreSQL refuses root).
 */
export interface PrivatePostgres {
  url: string;
  /** `pg_ctl stop -m immediate` (as a crash or a kill would), waits `downMs`, starts it again. */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** Why a private cluster cannot be made here (no PostgreSQL binaries), or undefined. */
export function privatePostgresSkipReason(): string | undefined {
  if (pgBin() !== undefined) return undefined;
  const reason = 'no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/pg_ctl)';
  if (process.env.CI) return undefined;
  console.warn(`skipping the PostgreSQL restart test: ${reason}; npm test installs Debian's postgresql where it can`);
  return reason;
}

function pgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = pgBin();
  if (bin === undefined) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'drey-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const run = (cmd: string, args: string[]): void => {
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' });
    else execFileSync(join(bin, cmd), args, { stdio: 'pipe' });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const start = (): void =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off`, 'start']);
  const stop = (mode: string): void => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs) {
      stop('immediate');
      await new Promise((r) => setTimeout(r, downMs));
      start();
    },
    async stop() {
      try {
        stop('immediate');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
