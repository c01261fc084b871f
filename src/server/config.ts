/**
 * Server settings from the environment, parsed once at start. PORT and HOST say where to listen,
 * DREY_DB where the SQLite file is (DATABASE_URL: PostgreSQL instead), DREY_BOT_DELAY_MS how long a bot waits before it acts (so
 * people can follow), DREY_BOT_WORKERS how many worker threads think for bots, DREY_BOT_TIME_LIMIT_MS
 * and DREY_BOT_MEMORY_MB what one decision may take, DREY_BOT_INLINE_MS which decisions are quick
 * enough to make on the server's own thread, DREY_CONTENT the content variants played
 * (docs/deploy.md lists every setting).
 */
import { cpus, hostname } from 'node:os';
import { z } from 'zod';
import { describeZodError } from '../engine/schema.js';
import type { ServerLimits } from './limits.js';
import { defaultHosts } from './origins.js';
import { DEFAULT_COMMIT_TICK_MS } from './storage/group-commit.js';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DREY_DB: z.string().min(1).default('./data/drey.sqlite'),
  DREY_DB_SYNC: z.enum(['full', 'normal']).default('full'),
  DREY_COMMIT_TICK_MS: z.coerce.number().int().min(0).max(1_000).default(DEFAULT_COMMIT_TICK_MS),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//i, 'must be a postgres:// URL').optional(),
  DREY_DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DREY_DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DREY_BOT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(700),
  DREY_ABSENT_GRACE_MS: z.coerce.number().int().min(100).max(7 * 24 * 3_600_000).optional(),
  DREY_BOT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  DREY_BOT_TIME_LIMIT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DREY_BOT_MEMORY_MB: z.coerce.number().int().min(32).max(16_384).default(256),
  // Off by default: on two cores the p99 was better with every decision on the workers (docs/deploy.md).
  DREY_BOT_INLINE_MS: z.coerce.number().min(0).max(10).default(0),
  DREY_WEB_ROOT: z.string().optional(),
  DREY_MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  DREY_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
  DREY_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  DREY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).optional(),
  DREY_TABLES_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  DREY_SEATS_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  DREY_OPEN_TABLE_TTL_MS: z.coerce.number().int().min(1000).optional(),
  DREY_SOCKET_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).optional(),
  DREY_ALLOWED_HOSTS: z.string().optional(),
  DREY_ALLOWED_ORIGINS: z.string().optional(),
  DREY_TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://').optional(),
  PROCESS_ID: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'PROCESS_ID: letters, digits, _ . - (at most 64)').optional(),
  DREY_LEASE_TTL_MS: z.coerce.number().int().min(1_000).max(120_000).default(5_000),
  DREY_CONTENT: z.string().max(8_192).optional(),
});

/** A game played with the content files in a directory (`drey serve --content GAME=DIR`). */
export interface ContentSetting {
  game: string;
  dir: string;
}

/** The most content variants one server plays (one per game). */
const MAX_CONTENT_SETTINGS = 16;

/**
 * `GAME=DIR` entries (DREY_CONTENT separates them with commas; `drey serve` takes one per
 * `--content`): which game each directory's files are for — the file names alone do not say, two
 * games both have a `deck` — and at most one directory per game. The directories are read and
 * checked when the server starts (start.ts).
 */
export function parseContentSettings(entries: readonly string[]): { ok: true; value: ContentSetting[] } | { ok: false; error: string } {
  const out: ContentSetting[] = [];
  if (entries.length > MAX_CONTENT_SETTINGS) return { ok: false, error: `at most ${MAX_CONTENT_SETTINGS} content directories, not ${entries.length}` };
  for (const entry of entries) {
    const m = /^([a-z0-9][a-z0-9-]{0,63})=(.+)$/.exec(entry.trim());
    if (!m) return { ok: false, error: `content '${entry}': expected GAME=DIR, e.g. acorn-run=./variants/dash` };
    const [, game, dir] = m as unknown as [string, string, string];
    if (out.some((c) => c.game === game)) return { ok: false, error: `content: ${game} is given twice (one directory per game)` };
    out.push({ game, dir: dir.trim() });
  }
  return { ok: true, value: out };
}

/** A comma-separated list, or undefined when empty. */
const list = (value: string | undefined): string[] | undefined => {
  const items = (value ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  return items.length > 0 ? items : undefined;
};

/** The limits the environment sets; the rest keep DEFAULT_LIMITS (limits.ts). */
function limitsOf(e: z.infer<typeof EnvSchema>): Partial<ServerLimits> {
  const set: Partial<ServerLimits> = {};
  if (e.DREY_MAX_CONNECTIONS !== undefined) set.connections = e.DREY_MAX_CONNECTIONS;
  if (e.DREY_MAX_CONNECTIONS_PER_ADDRESS !== undefined) set.connectionsPerAddress = e.DREY_MAX_CONNECTIONS_PER_ADDRESS;
  if (e.DREY_REQUEST_TIMEOUT_MS !== undefined) set.requestTimeoutMs = e.DREY_REQUEST_TIMEOUT_MS;
  if (e.DREY_IDLE_TIMEOUT_MS !== undefined) set.idleTimeoutMs = e.DREY_IDLE_TIMEOUT_MS;
  if (e.DREY_TABLES_PER_MINUTE !== undefined) set.tablesPerMinute = e.DREY_TABLES_PER_MINUTE;
  if (e.DREY_SEATS_PER_MINUTE !== undefined) set.seatsPerMinute = e.DREY_SEATS_PER_MINUTE;
  if (e.DREY_OPEN_TABLE_TTL_MS !== undefined) set.openTableTtlMs = e.DREY_OPEN_TABLE_TTL_MS;
  if (e.DREY_SOCKET_MESSAGES_PER_SECOND !== undefined) {
    set.socketMessagesPerSecond = e.DREY_SOCKET_MESSAGES_PER_SECOND;
    set.socketBurst = 2 * e.DREY_SOCKET_MESSAGES_PER_SECOND;
  }
  return set;
}

export interface ServerConfig {
  port: number;
  host: string;
  dbFile: string;
  dbSync: 'full' | 'normal';
  /** Group commit (storage/group-commit.ts): shortest time between two transactions of appends under load. */
  commitTickMs: number;
  /** PostgreSQL instead of SQLite when set. */
  databaseUrl: string | undefined;
  /** PostgreSQL: most connections this process opens, and the longest a statement may run. */
  dbPoolSize: number;
  dbStatementTimeoutMs: number;
  botDelayMs: number;
  /** Overrides every time profile's grace period for disconnected players (absence.ts). */
  absentGraceMs: number | undefined;
  botWorkers: number;
  /** Each bot decision's time limit; past it the decision fails and the easy level decides. */
  botTimeLimitMs: number;
  /** Each bot worker's heap limit. */
  botMemoryLimitMb: number;
  /** Decisions typically quicker than this (ms) are made on the server's thread (0: every one on the workers). */
  botInlineMs: number;
  webRoot: string | undefined;
  limits: Partial<ServerLimits>;
  /** Behind a reverse proxy: rate limits key on X-Forwarded-For's client address. */
  trustProxy: boolean;
  /** Host names the server answers (undefined: any) and extra origins for live tables. */
  allowedHosts: readonly string[] | undefined;
  allowedOrigins: readonly string[];
  /** Several processes (docs/deploy.md): Redis, this process's name, and the table lease time. */
  redisUrl: string | undefined;
  processId: string;
  leaseTtlMs: number;
  /** Games played with content variants (DREY_CONTENT, `--content`); empty: the builtin content. */
  content: ContentSetting[];
}

export const defaultBotWorkers = (): number => Math.max(2, Math.min(4, cpus().length - 1));

export function readConfig(env: NodeJS.ProcessEnv): { ok: true; value: ServerConfig } | { ok: false; error: string } {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    return { ok: false, error: describeZodError(parsed.error) };
  }
  const e = parsed.data;
  const content = parseContentSettings(list(e.DREY_CONTENT) ?? []);
  if (!content.ok) return { ok: false, error: `DREY_CONTENT: ${content.error}` };
  return {
    ok: true,
    value: {
      port: e.PORT,
      host: e.HOST,
      dbFile: e.DREY_DB,
      dbSync: e.DREY_DB_SYNC,
      commitTickMs: e.DREY_COMMIT_TICK_MS,
      databaseUrl: e.DATABASE_URL,
      dbPoolSize: e.DREY_DB_POOL_SIZE,
      dbStatementTimeoutMs: e.DREY_DB_STATEMENT_TIMEOUT_MS,
      botDelayMs: e.DREY_BOT_DELAY_MS,
      absentGraceMs: e.DREY_ABSENT_GRACE_MS,
      botWorkers: e.DREY_BOT_WORKERS ?? defaultBotWorkers(),
      botTimeLimitMs: e.DREY_BOT_TIME_LIMIT_MS,
      botMemoryLimitMb: e.DREY_BOT_MEMORY_MB,
      botInlineMs: e.DREY_BOT_INLINE_MS,
      webRoot: e.DREY_WEB_ROOT,
      limits: limitsOf(e),
      trustProxy: e.DREY_TRUST_PROXY === '1' || e.DREY_TRUST_PROXY === 'true',
      allowedHosts: defaultHosts(e.HOST, list(e.DREY_ALLOWED_HOSTS)),
      allowedOrigins: list(e.DREY_ALLOWED_ORIGINS) ?? [],
      redisUrl: e.REDIS_URL,
      processId: e.PROCESS_ID ?? `${hostname().replace(/[^A-Za-z0-9_.-]/g, '-').slice(0, 40)}-${process.pid}`,
      leaseTtlMs: e.DREY_LEASE_TTL_MS,
      content: content.value,
    },
  };
}
