/**
 * Starts Drey from the environment (PORT, HOST, DREY_DB, …; see config.ts): what `npm start` and
 * `drey serve` run. Stops cleanly on SIGINT/SIGTERM.
 */
import { pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createDreyServer, PACKAGE_ROOT, type DreyServer } from './app.js';
import { parseContentSettings, readConfig, type ContentSetting, type ServerConfig } from './config.js';
import { ContentError, registryWithContent } from '../content/files.js';
import { BUILTINS, type Registry } from '../games/index.js';
import { randomBytes } from 'node:crypto';
import { describeLocation, openStore, type StoreLocation } from './storage/open.js';
import { untilStopped } from './until-stopped.js';
import type { Store } from './storage/types.js';
import { work } from './views.js';
import { tuneHeapForServing } from './heap-tuning.js';

/**
 * The games the server plays: the builtin ones, each game named in `content` built from the files
 * in its directory (checked like every content file: a ContentError names the file, the path in it
 * and why).
 */
export async function contentRegistry(
  content: readonly ContentSetting[],
  base: Registry = BUILTINS,
): Promise<{ ok: true; value: Registry } | { ok: false; error: string }> {
  let registry = base;
  for (const { game, dir } of content) {
    try {
      registry = await registryWithContent(registry, game, dir);
    } catch (e) {
      // Which setting it was, then the file, the path inside it and why.
      if (e instanceof ContentError) return { ok: false, error: `content ${game}=${dir}: ${e.message}` };
      throw e;
    }
  }
  return { ok: true, value: registry };
}

/** `registry` is the games to play (default: the builtin ones with `config.content` applied, contentRegistry). */
export async function startServer(
  config: ServerConfig,
  log: (line: string) => void = console.log,
  registry?: Registry,
): Promise<DreyServer & { url: string }> {
  let games = registry;
  if (!games) {
    const loaded = await contentRegistry(config.content);
    if (!loaded.ok) throw new Error(loaded.error);
    games = loaded.value;
  }
  for (const pkg of games.packages) {
    if (pkg.content.variant !== undefined) log(`${pkg.game.title} plays variant '${pkg.content.variant}' (content ${pkg.content.hash.slice(0, 12)})`);
  }
  // PostgreSQL when DATABASE_URL is set (migrations are applied as it opens), else the SQLite file.
  const location: StoreLocation = config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: config.dbFile };
  const store = await openStore(location, {
    sqlite: { synchronous: config.dbSync, commitTickMs: config.commitTickMs },
    postgres: { poolSize: config.dbPoolSize, statementTimeoutMs: config.dbStatementTimeoutMs, commitTickMs: config.commitTickMs, log },
  });
  const opts: Parameters<typeof createDreyServer>[0] = {
    store,
    registry: games,
    botWorkers: config.botWorkers,
    botTimeLimitMs: config.botTimeLimitMs,
    botMemoryLimitMb: config.botMemoryLimitMb,
    botInlineMs: config.botInlineMs,
    limits: config.limits,
    trustProxy: config.trustProxy,
    origins: { hosts: config.allowedHosts, origins: config.allowedOrigins },
    botDelayMs: config.botDelayMs,
  };
  if (config.absentGraceMs !== undefined) opts.absentGraceMs = config.absentGraceMs;
  if (config.webRoot) opts.webRoot = config.webRoot;
  if (config.redisUrl) {
    // The lease owner is this run of this process: a restarted process never mistakes an old lease for its own.
    const owner = `${config.processId}.${randomBytes(4).toString('hex')}`;
    opts.cluster = { redisUrl: config.redisUrl, owner, leaseTtlMs: config.leaseTtlMs };
    log(`several processes: this one is ${owner}; tables are leased for ${config.leaseTtlMs} ms`);
  }
  if (!config.allowedHosts) log(`DREY_ALLOWED_HOSTS is not set: answering any Host header on ${config.host} (set it to this server's names)`);
  const server = await createDreyServer(opts);
  const { url } = await server.listen(config.port, config.host);
  log(`Drey is serving on ${url} (data: ${describeLocation(location)})`);
  const close = async (): Promise<void> => {
    await server.close();
    // What the process did, per action (bench/server.ts reads this line): issue 24's figures.
    log(`work done: ${describeWork(store)}`);
  };
  return { ...server, close, url };
}

/** One line: actions committed, views built and narrations told per action, actions per group commit. */
export function describeWork(store: Store): string {
  const per = (n: number): string => (work.actions > 0 ? (n / work.actions).toFixed(2) : '-');
  const commits = store.commitStats?.();
  const batches = commits && commits.batches > 0 ? `, ${commits.appends} appends in ${commits.batches} commits (${(commits.appends / commits.batches).toFixed(2)} per commit, largest ${commits.largest})` : '';
  return `${work.actions} actions; per action ${per(work.viewsBuilt)} views built (${per(work.viewsShared)} shared), ${per(work.narrationsTold)} narrations told, ${per(work.toActComputed)} toAct${batches}`;
}

/**
 * Entry for `node dist/server/start.js` and the CLI: reads the environment, runs until a signal.
 * `content` (the CLI's `--content GAME=DIR` flags) replaces DREY_CONTENT when given. Bad settings
 * or bad content files: one line saying what is wrong, and 2.
 */
export async function serveFromEnv(env: NodeJS.ProcessEnv = process.env, content?: readonly string[]): Promise<number> {
  const config = readConfig(env);
  if (!config.ok) {
    console.error(`drey serve: ${config.error}`);
    return 2;
  }
  if (content !== undefined) {
    const flags = parseContentSettings(content);
    if (!flags.ok) {
      console.error(`drey serve: ${flags.error}`);
      return 2;
    }
    config.value.content = flags.value;
  }
  const registry = await contentRegistry(config.value.content);
  if (!registry.ok) {
    console.error(`drey serve: ${registry.error}`);
    return 2;
  }
  if (!config.value.webRoot && !existsSync(join(PACKAGE_ROOT, 'dist', 'web', 'index.html'))) {
    console.error('drey serve: the web app is not built (run `npm run build`); serving the API only');
  }
  // Before the first table is served: what a serving process's heap wants (heap-tuning.ts).
  const v8Flags = tuneHeapForServing(env);
  if (v8Flags.length > 0) console.log(`V8 set for serving: ${v8Flags.join(' ')} (DREY_V8_PRETENURING=on keeps V8's default)`);
  const server = await startServer(config.value, console.log, registry.value);
  await untilStopped();
  await server.close();
  return 0;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  serveFromEnv().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
