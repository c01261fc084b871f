/** Shared set-up for server tests: a Drey server on an in-memory (or given) SQLite store. */
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach } from 'vitest';
import type { AnyGame } from '../src/engine/game.js';
import { createRegistry, type Registry } from '../src/games/index.js';
import { definePackage, type AnyGamePackage } from '../src/games/package.js';
import { createDreyServer, type DreyServer } from '../src/server/app.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import type { ServerLimits } from '../src/server/limits.js';
import type { SnapshotMessage, UpdateMessage } from '../src/server/protocol.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import { pickGame } from './fixtures/pick-game.js';

/** A bare game as a package: no bots of its own, no options to offer, no terminal UI. */
export const bareGamePackage = (game: AnyGame): AnyGamePackage =>
  definePackage({ game, meta: { blurb: `${game.title}, a test game`, options: [] }, bots: {}, conformance: [] });

/** The games the server tests play: the pick game (fixtures/pick-game.ts). */
export const testGames: readonly AnyGame[] = [pickGame as unknown as AnyGame];

export const testRegistry = (games: readonly AnyGame[] = testGames): Registry => createRegistry(games.map(bareGamePackage));
export async function makeServer(opts: { db?: string; registry?: Registry; botDelayMs?: number; limits?: Partial<ServerLimits> } = {}): Promise<DreyServer> {
  const registry = opts.registry ?? testRegistry();
  return createDreyServer({
    store: openSqliteStore(opts.db ?? ':memory:'),
    registry,
    bots: createInlineRunner(registry),
    botDelayMs: opts.botDelayMs ?? 0,
    webRoot: '/nonexistent',
    ...(opts.limits ? { limits: opts.limits } : {}),
  });
}

/** A socket.io client that records everything the server sends it. */
export interface TestClient {
  socket: Socket;
  snapshots: SnapshotMessage[];
  updates: UpdateMessage[];
  errors: unknown[];
  /** Resolves with the first message (snapshot or update) for which `pred` holds. */
  waitFor(pred: (m: SnapshotMessage | UpdateMessage) => boolean, ms?: number): Promise<SnapshotMessage | UpdateMessage>;
  emit<T>(event: string, msg: unknown): Promise<T>;
  close(): void;
}

export async function client(url: string): Promise<TestClient> {
  const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  const snapshots: SnapshotMessage[] = [];
  const updates: UpdateMessage[] = [];
  const errors: unknown[] = [];
  const waiters: { pred: (m: SnapshotMessage | UpdateMessage) => boolean; done: (m: SnapshotMessage | UpdateMessage) => void }[] = [];
  const seen: (SnapshotMessage | UpdateMessage)[] = [];
  const deliver = (m: SnapshotMessage | UpdateMessage): void => {
    seen.push(m);
    for (const w of [...waiters]) {
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done(m);
      }
    }
  };
  socket.on('snapshot', (m: SnapshotMessage) => {
    snapshots.push(m);
    deliver(m);
  });
  socket.on('update', (m: UpdateMessage) => {
    updates.push(m);
    deliver(m);
  });
  socket.on('drey-error', (e: unknown) => errors.push(e));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    snapshots,
    updates,
    errors,
    waitFor(pred, ms = 5000) {
      const already = seen.find(pred);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('timed out waiting for a table message')), ms);
        waiters.push({ pred, done: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    emit<T>(event: string, msg: unknown) {
      return socket.timeout(5000).emitWithAck(event, msg) as Promise<T>;
    },
    close: () => socket.close(),
  };
}

/**
 * A fresh server on 127.0.0.1 for each test of the calling file (made in beforeEach, closed with
 * its clients in afterEach): `live.server`, `live.url`, and `live.open()` for a client closed after the test.
 */
export function liveServerPerTest(limits?: Partial<ServerLimits>): { readonly server: DreyServer; readonly url: string; open(): Promise<TestClient> } {
  let server: DreyServer | undefined;
  let url = '';
  const clients: TestClient[] = [];
  beforeEach(async () => {
    server = await makeServer(limits ? { limits } : {});
    url = (await server.listen(0, '127.0.0.1')).url;
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the server starts in beforeEach');
      return server;
    },
    get url() {
      return url;
    },
    async open() {
      const c = await client(url);
      clients.push(c);
      return c;
    },
  };
}
