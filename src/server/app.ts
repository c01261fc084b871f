/**
 * Builds the whole Drey server: storage, the table service, bots in workers, the HTTP API, the
 * built web app and live tables over socket.io, on one Fastify instance. `listen` starts it;
 * `close` stops everything it started, in order.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Server as SocketServer } from 'socket.io';
import { jsonParser } from './socket-parser.js';
import { batchSocketWrites } from './socket-writes.js';
import { BUILTINS, type Registry } from '../games/index.js';
import { variantsOf } from '../games/variants.js';
import { createWorkerPool, type BotRunner } from './bots/pool.js';
import type { Clock } from './clocks.js';
import { registerApi, sendError } from './http.js';
import { thrownAnswer } from './result.js';
import { DEFAULT_LIMITS, limitConnections, limitedHttpServer, TableQuota, type ConnectionCounts, type ServerLimits } from './limits.js';
import { handshakeAllowed, hostAllowed, type OriginPolicy } from './origins.js';
import { connectCluster, type Cluster } from './cluster.js';
import { attachRealtime } from './realtime.js';
import { TableService } from './service.js';
import { PlaytestFeedbackDesk } from './playtest-feedback.js';
import type { ServerError, ServerErrorCode } from './protocol.js';
import type { Store } from './storage/types.js';

/** The package root: two levels above this file, in src/server and in dist/server alike. */
export const PACKAGE_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const notFound = (req: FastifyRequest): ServerError => ({ code: 'not-found', message: `no route ${req.method} ${req.url.split('?')[0] ?? ''}` });

export interface DreyServerOptions {
  store: Store;
  /**
   * The games tables may play; defaults to the built-in ones. A package built from other content
   * (`drey serve --content`, src/content/files.ts registryWithContent) is played with that
   * content everywhere: tables, the default worker pool's bots, replays.
   */
  registry?: Registry;
  /** Defaults to a pool of worker threads. */
  bots?: BotRunner;
  botWorkers?: number;
  /** Limits of the default pool: each decision's time, each worker's heap (defaults: 5 s, 256 MB). */
  botTimeLimitMs?: number;
  botMemoryLimitMb?: number;
  /** Bot decisions typically quicker than this (ms) are made on the server's thread (bots/pool.ts; default 0: none, every decision on the workers). */
  botInlineMs?: number;
  botDelayMs?: number;
  /** Overrides every time profile's grace period before a disconnected player's seat goes to a bot. */
  absentGraceMs?: number;
  /** The clock of table clocks and absence timers (tests pass a fake one). */
  clock?: Clock;
  /** The built web app (index.html and assets); defaults to dist/web. */
  webRoot?: string;
  /** Where docs/rules/<game>.md live; defaults to the package's docs/rules. */
  rulesDir?: string;
  logger?: boolean;
  /** Connection, timeout and rate limits; each defaults to DEFAULT_LIMITS. */
  limits?: Partial<ServerLimits>;
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (rate limits). */
  trustProxy?: boolean;
  /** Hosts and origins the server answers (origins.ts); absent: any host, and live tables from its own origin only. */
  origins?: Partial<OriginPolicy>;
  /**
   * Several processes sharing the store (docs/deploy.md): Redis for socket.io's adapter and for
   * forwarding to a table's owner, this process's lease owner name, and the lease time.
   */
  cluster?: { redisUrl: string; owner: string; leaseTtlMs: number };
}

export interface DreyServer {
  app: FastifyInstance;
  io: SocketServer;
  service: TableService;
  /** What the connection limits have done so far. */
  connections: ConnectionCounts;
  /** Starts listening; resolves to the address it listens on. */
  listen(port: number, host: string): Promise<{ port: number; host: string; url: string }>;
  close(): Promise<void>;
}

export async function createDreyServer(opts: DreyServerOptions): Promise<DreyServer> {
  const rulesDir = opts.rulesDir ?? join(PACKAGE_ROOT, 'docs', 'rules');
  const rulesFile = (id: string): string => join(rulesDir, `${id}.md`);
  const registry = opts.registry ?? BUILTINS;
  // The workers build the same content variants the tables play (`drey serve --content`); quick
  // decisions are made here if the operator asks (DREY_BOT_INLINE_MS), from the same registry.
  const bots =
    opts.bots ??
    createWorkerPool(
      opts.botWorkers ?? 2,
      { timeLimitMs: opts.botTimeLimitMs ?? 5_000, memoryLimitMb: opts.botMemoryLimitMb ?? 256 },
      variantsOf(registry),
      { registry, maxMs: opts.botInlineMs ?? 0 },
    );
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  let http: Server | undefined;
  const app = Fastify({
    logger: opts.logger ?? false,
    serverFactory: (handler) => (http = limitedHttpServer(limits, handler)),
    trustProxy: opts.trustProxy ?? false,
    bodyLimit: 256 * 1024,
    // A URL that cannot be decoded (`/%`) is answered before any route, in Drey's error shape.
    frameworkErrors: (error, _req, reply) => sendError(reply, { code: 'bad-request', message: error.message }),
  });
  const connections = limitConnections(http ?? app.server, limits);
  const service = new TableService({
    store: opts.store,
    registry,
    bots,
    botDelayMs: opts.botDelayMs ?? 700,
    ...(opts.absentGraceMs === undefined ? {} : { absentGraceMs: opts.absentGraceMs }),
    ...(opts.clock ? { clock: opts.clock } : {}),
    openTableTtlMs: limits.openTableTtlMs,
    hasRules: (id) => existsSync(rulesFile(id)),
    warn: (m) => app.log.warn(m),
    ...(opts.cluster ? { cluster: { owner: opts.cluster.owner, leaseTtlMs: opts.cluster.leaseTtlMs } } : {}),
  });
  let cluster: Cluster | undefined;
  if (opts.cluster) {
    cluster = await connectCluster({
      redisUrl: opts.cluster.redisUrl,
      owner: opts.cluster.owner,
      handle: (op) => service.handleForwarded(op),
      warn: (m) => app.log.warn(m),
    });
    service.setForwarder(cluster);
  }

  // Fastify's own errors (bad JSON, wrong content type, too large, a refused static file) and
  // anything a route threw, in Drey's error shape. A server fault is logged, not shown.
  app.setErrorHandler((error: { statusCode?: number; message: string }, req, reply) => {
    const status = error.statusCode ?? 500;
    // A body that does not parse, sent to no route at all: the missing route is the answer.
    if (req.is404 && status < 500) return sendError(reply, notFound(req));
    if (status >= 500) {
      app.log.error(error);
      const answer = thrownAnswer(error, 'request');
      return reply.code(answer.code === 'storage-unavailable' ? 503 : status).send({ error: answer });
    }
    const code: ServerErrorCode = status === 403 ? 'forbidden' : status === 404 ? 'not-found' : status === 429 ? 'rate-limited' : 'bad-request';
    return reply.code(status).send({ error: { code, message: error.message } });
  });

  const policy: OriginPolicy = { hosts: opts.origins?.hosts, origins: opts.origins?.origins ?? [] };
  // A request for a host this server is not (DNS rebinding) is refused before any route.
  app.addHook('onRequest', async (req, reply) => {
    if (!hostAllowed(policy, req.headers.host)) {
      return sendError(reply, { code: 'forbidden', message: 'this server does not answer for that host' });
    }
    return undefined;
  });
  // Browser hardening: a content security policy that allows only this origin (and no framing),
  // nosniff, no referrer across sites. Styles may be inline (React's style attributes).
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    // The app is served over plain HTTP on loopback too; HSTS belongs to the TLS proxy in front.
    strictTransportSecurity: false,
  });

  // Tables started per address: by POST /api/tables and by rematches over a socket alike.
  const tableQuota = new TableQuota(limits.tablesPerMinute);
  await registerApi(app, {
    service,
    limits,
    tableQuota,
    feedback: new PlaytestFeedbackDesk({ store: opts.store }),
    rules: async (id) => (existsSync(rulesFile(id)) ? readFile(rulesFile(id), 'utf8') : undefined),
  });

  const webRoot = opts.webRoot ?? join(PACKAGE_ROOT, 'dist', 'web');
  const hasWeb = existsSync(join(webRoot, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webRoot, wildcard: true });
  // Every page of the web app is index.html; the app routes in the browser.
  app.setNotFoundHandler((req, reply) => {
    // A missing asset is a 404; any other page is the app's, which routes in the browser.
    const isPage = !req.url.startsWith('/api/') && !req.url.startsWith('/socket.io') && !req.url.startsWith('/assets/');
    if (req.method === 'GET' && hasWeb && isPage) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return sendError(reply, notFound(req));
  });

  const io = new SocketServer(app.server, {
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    // Frames are JSON only: the encoder skips socket.io's search for binary (socket-parser.ts).
    parser: jsonParser,
    // No cross-site pages at live tables: the handshake's Host and Origin are checked (origins.ts).
    allowRequest: (req, callback) => callback(null, handshakeAllowed(policy, req)),
  });
  // What a tick emits to a connection leaves in one write (an actor's update and its ack): socket-writes.ts.
  batchSocketWrites(io.engine);
  cluster?.attach(io);
  attachRealtime(io, service, { warn: (m) => app.log.warn(m), limits, tableQuota, trustProxy: opts.trustProxy ?? false, cluster: cluster !== undefined });
  // The store's writer thread (SQLite) is up before the tables resume: their first writes do not wait for it to boot.
  await opts.store.ready?.();
  await service.start();

  let closed = false;
  return {
    app,
    io,
    service,
    connections,
    async listen(port, host) {
      await app.listen({ port, host });
      const addr = app.server.address();
      const actual = typeof addr === 'object' && addr ? addr.port : port;
      return { port: actual, host, url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}` };
    },
    async close() {
      if (closed) return;
      closed = true;
      await service.close();
      await new Promise<void>((done) => {
        io.close(() => done());
      });
      await app.close().catch(() => undefined);
      await cluster?.close();
      await bots.close();
      await opts.store.close();
    },
  };
}
