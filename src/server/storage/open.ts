/**
 * Opens a store from where it lives: a PostgreSQL URL (`postgres://…` or `postgresql://…`) or an
 * SQLite file (`sqlite:FILE`, or a bare path). The server (DATABASE_URL / DREY_DB) and `drey db`
 * both go through here.
 */
import { openPostgresStore, type PostgresOptions } from './postgres.js';
import { openSqliteStore, type SqliteOptions } from './sqlite.js';
import type { Store } from './types.js';

export type StoreLocation = { kind: 'postgres'; url: string } | { kind: 'sqlite'; file: string };

/** Where `spec` points; PostgreSQL URLs have their password hidden in `describeLocation`. */
export function parseLocation(spec: string): StoreLocation {
  if (/^postgres(ql)?:\/\//i.test(spec)) return { kind: 'postgres', url: spec };
  return { kind: 'sqlite', file: spec.startsWith('sqlite:') ? spec.slice('sqlite:'.length) : spec };
}

/** For log lines: the location without a password. */
export function describeLocation(location: StoreLocation): string {
  if (location.kind === 'sqlite') return `sqlite:${location.file}`;
  try {
    const url = new URL(location.url);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

export interface OpenStoreOptions {
  sqlite?: SqliteOptions;
  postgres?: PostgresOptions;
}

export async function openStore(location: StoreLocation, opts: OpenStoreOptions = {}): Promise<Store> {
  if (location.kind === 'postgres') return openPostgresStore(location.url, opts.postgres);
  if (location.file.length === 0) throw new Error('sqlite: needs a file name (sqlite:./data/drey.sqlite)');
  return openSqliteStore(location.file, opts.sqlite);
}
