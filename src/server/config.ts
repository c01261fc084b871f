/**
 * Server settings from the environment, parsed once at start. PORT and HOST say where to listen,
 * DREY_DB where the SQLite file is, DREY_BOT_DELAY_MS how long a bot waits before it acts (so
 * people can follow), DREY_BOT_WORKERS how many worker threads think for bots, DREY_BOT_TIME_LIMIT_MS
 * and DREY_BOT_MEMORY_MB what one decision may take (docs/deploy.md lists every setting).
 */
import { cpus } from 'node:os';
import { z } from 'zod';
import { describeZodError } from '../engine/schema.js';

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DREY_DB: z.string().min(1).default('./data/drey.sqlite'),
  DREY_DB_SYNC: z.enum(['full', 'normal']).default('full'),
  DATABASE_URL: z.string().optional(),
  DREY_BOT_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(700),
  DREY_BOT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  DREY_BOT_TIME_LIMIT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DREY_BOT_MEMORY_MB: z.coerce.number().int().min(32).max(16_384).default(256),
  DREY_WEB_ROOT: z.string().optional(),
});

export interface ServerConfig {
  port: number;
  host: string;
  dbFile: string;
  dbSync: 'full' | 'normal';
  databaseUrl: string | undefined;
  botDelayMs: number;
  botWorkers: number;
  /** Each bot decision's time limit; past it the decision fails and the easy level decides. */
  botTimeLimitMs: number;
  /** Each bot worker's heap limit. */
  botMemoryLimitMb: number;
  webRoot: string | undefined;
}

export const defaultBotWorkers = (): number => Math.max(2, Math.min(4, cpus().length - 1));

export function readConfig(env: NodeJS.ProcessEnv): { ok: true; value: ServerConfig } | { ok: false; error: string } {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    return { ok: false, error: describeZodError(parsed.error) };
  }
  const e = parsed.data;
  return {
    ok: true,
    value: {
      port: e.PORT,
      host: e.HOST,
      dbFile: e.DREY_DB,
      dbSync: e.DREY_DB_SYNC,
      databaseUrl: e.DATABASE_URL,
      botDelayMs: e.DREY_BOT_DELAY_MS,
      botWorkers: e.DREY_BOT_WORKERS ?? defaultBotWorkers(),
      botTimeLimitMs: e.DREY_BOT_TIME_LIMIT_MS,
      botMemoryLimitMb: e.DREY_BOT_MEMORY_MB,
      webRoot: e.DREY_WEB_ROOT,
    },
  };
}
