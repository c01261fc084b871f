/**
 * Starts Drey from the environment (PORT, HOST, DREY_DB, …; see config.ts): what `npm start` and
 * `drey serve` run. Stops cleanly on SIGINT/SIGTERM.
 */
import { pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createDreyServer, PACKAGE_ROOT, type DreyServer } from './app.js';
import { readConfig, type ServerConfig } from './config.js';
import { randomBytes } from 'node:crypto';
import { describeLocation, openStore, type StoreLocation } from './storage/open.js';

export async function startServer(config: ServerConfig, log: (line: string) => void = console.log): Promise<DreyServer & { url: string }> {
  // PostgreSQL when DATABASE_URL is set (migrations are applied as it opens), else the SQLite file.
  const location: StoreLocation = config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: config.dbFile };
  const store = await openStore(location, {
    sqlite: { synchronous: config.dbSync },
    postgres: { poolSize: config.dbPoolSize, statementTimeoutMs: config.dbStatementTimeoutMs, log },
  });
  const opts: Parameters<typeof createDreyServer>[0] = {
    store,
    botWorkers: config.botWorkers,
    botTimeLimitMs: config.botTimeLimitMs,
    botMemoryLimitMb: config.botMemoryLimitMb,
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
  return { ...server, url };
}

/** Entry for `node dist/server/start.js` and the CLI: reads the environment, runs until a signal. */
export async function serveFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const config = readConfig(env);
  if (!config.ok) {
    console.error(`drey serve: ${config.error}`);
    return 2;
  }
  if (!config.value.webRoot && !existsSync(join(PACKAGE_ROOT, 'dist', 'web', 'index.html'))) {
    console.error('drey serve: the web app is not built (run `npm run build`); serving the API only');
  }
  const server = await startServer(config.value);
  await new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
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
