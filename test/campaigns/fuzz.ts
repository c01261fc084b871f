/**
 * The fuzz campaign: random HTTP requests and socket.io messages (fast-check), some aimed at real
 * tables with real tokens, the rest junk. Every refusal must leave storage exactly as it was, no
 * answer may be a 5xx, and the server must still answer at the end. Figures: requests and
 * messages sent, refusals, 5xx answers, refusals that changed something.
 */
import fc from 'fast-check';
import { BUILTINS } from '../../src/games/index.js';
import { createDreyServer } from '../../src/server/app.js';
import { createInlineRunner } from '../../src/server/bots/pool.js';
import type { ClaimSeatResponse, CreateTableResponse } from '../../src/server/protocol.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import type { Store } from '../../src/server/storage/types.js';
import { request, socketTo } from './lib.js';

export interface FuzzFigures {
  httpRequests: number;
  httpRefused: number;
  http5xx: number;
  socketMessages: number;
  socketRefused: number;
  unanswered: number;
  refusalsThatChangedState: number;
  serverUp: boolean;
}

/** Everything storage holds, as one string: a refusal must not change it. */
async function fingerprint(store: Store): Promise<string> {
  const tables = await store.listTables({});
  const parts: string[] = [];
  for (const t of tables.sort((a, b) => a.id.localeCompare(b.id))) {
    parts.push(JSON.stringify([t.id, t.status, t.seq, t.seats, t.outcome]), String((await store.getActions(t.id)).length));
  }
  return parts.join('\n');
}

const junk = fc.oneof(fc.anything(), fc.string(), fc.integer(), fc.constant(null), fc.constant(undefined), fc.array(fc.anything(), { maxLength: 3 }));

export async function fuzz(opts: { http: number; socket: number; seed?: number }): Promise<FuzzFigures> {
  const store = openSqliteStore(':memory:');
  const server = await createDreyServer({
    store,
    registry: BUILTINS,
    bots: createInlineRunner(BUILTINS),
    botDelayMs: 0,
    webRoot: '/nonexistent',
    // The limits would refuse most of the fuzz before it reached a handler: the handlers are what is fuzzed here.
    limits: { tablesPerMinute: 1e6, seatsPerMinute: 1e6, socketMessagesPerSecond: 1e6, socketBurst: 1e6, connectionsPerAddress: 1e6 },
  });
  const { url } = await server.listen(0, '127.0.0.1');
  const figures: FuzzFigures = { httpRequests: 0, httpRefused: 0, http5xx: 0, socketMessages: 0, socketRefused: 0, unanswered: 0, refusalsThatChangedState: 0, serverUp: false };
  try {
    // Real targets: a table waiting for a player, and one being played by two people.
    const waiting = (await request<CreateTableResponse>(`${url}/api/tables`, { body: { game: 'autumn-leaves', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'easy' }], join: { seat: 0, name: 'Ann' } } })).body;
    const playing = (await request<CreateTableResponse>(`${url}/api/tables`, { body: { game: 'acorns', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' } } })).body;
    const bo = (await request<ClaimSeatResponse>(`${url}/api/tables/${playing.table.id}/seats/2`, { body: { name: 'Bo' } })).body;
    const ids = [waiting.table.id, playing.table.id, 'nosuchtable', ''];
    const tokens = [waiting.seat!.token, playing.seat!.token, bo.token, 'A'.repeat(43)];

    const id = fc.constantFrom(...ids);
    const segment = fc.oneof(fc.constantFrom('api', 'tables', 'seats', 'replay', 'games', 'rules', 'health', 'autumn-leaves', '1', '2', '0', '99', '%', '..', '%2e%2e', ''), id, fc.string({ maxLength: 8 }));
    const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => `/${s.join('/')}`);
    const query = fc.oneof(fc.constant(''), fc.constantFrom('?viewer=1', '?viewer=spectator', '?viewer=-1', '?status=open', '?limit=0', '?before=x'), fc.string({ maxLength: 10 }).map((s) => `?${encodeURIComponent(s)}=1`));
    const body = fc.oneof(
      fc.constant(undefined),
      junk.map((j) => JSON.stringify(j) ?? 'null'),
      fc.string({ maxLength: 40 }),
      fc.record({ name: fc.oneof(fc.string({ maxLength: 30 }), junk) }).map((b) => JSON.stringify(b)),
      fc.record({ game: fc.constantFrom('autumn-leaves', 'acorns', 'acorn-run', 'chess'), seats: fc.array(fc.oneof(fc.constant({ kind: 'human' }), fc.record({ kind: fc.constant('bot'), bot: fc.constantFrom('easy', 'hard', 'ismcts:10000000ms', 'x') }), junk), { maxLength: 5 }), seed: fc.option(fc.string()), options: fc.option(junk) }).map((b) => JSON.stringify(b)),
    );
    const httpCase = fc.record({ method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'), path, query, body, type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', '') });

    for (const c of fc.sample(httpCase, { numRuns: opts.http, ...(opts.seed === undefined ? {} : { seed: opts.seed }) })) {
      const before = await fingerprint(store);
      let status: number;
      try {
        const res = await request(`${url}${c.path}${c.query}`, {
          method: c.method,
          headers: c.type ? { 'content-type': c.type } : {},
          ...(c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD' ? { raw: c.body } : {}),
        });
        status = res.status;
      } catch {
        continue; // a path Node's client will not send
      }
      figures.httpRequests++;
      if (status >= 500) figures.http5xx++;
      if (status >= 400) {
        figures.httpRefused++;
        if ((await fingerprint(store)) !== before) figures.refusalsThatChangedState++;
      }
    }

    const socket = socketTo(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const message = fc.oneof(
      junk,
      fc.record({ tableId: fc.oneof(id, junk), token: fc.option(fc.oneof(fc.constantFrom(...tokens), junk), { nil: undefined }) }),
      fc.record({
        tableId: id,
        token: fc.constantFrom(...tokens),
        seq: fc.oneof(fc.nat(40), junk),
        action: fc.oneof(junk, fc.record({ type: fc.constantFrom('play', 'take', 'pass', 'choose', 'discard', 'buy', 'collect'), card: fc.integer({ min: -1, max: 120 }), n: fc.nat(5) })),
      }),
    );
    const socketCase = fc.record({ event: fc.oneof(fc.constantFrom('watch', 'act', 'sync', 'leave'), fc.string({ maxLength: 12 })), message });
    for (const c of fc.sample(socketCase, { numRuns: opts.socket, ...(opts.seed === undefined ? {} : { seed: opts.seed + 1 }) })) {
      if (['connect', 'disconnect', 'disconnecting', 'newListener', 'removeListener', 'error', 'connect_error'].includes(c.event)) continue;
      const before = await fingerprint(store);
      figures.socketMessages++;
      let answer: { ok?: unknown } | undefined;
      try {
        answer = (await socket.timeout(2_000).emitWithAck(c.event, c.message)) as { ok?: unknown };
      } catch {
        figures.unanswered++;
        continue;
      }
      if (answer?.ok !== true) {
        figures.socketRefused++;
        if ((await fingerprint(store)) !== before) figures.refusalsThatChangedState++;
      }
    }
    socket.close();
    figures.serverUp = (await request<{ ok: boolean }>(`${url}/api/health`)).body.ok === true;
    return figures;
  } finally {
    await server.close();
  }
}
