/** The web app's headless table store, driven in Node against a real server on 127.0.0.1. */
import { io, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DreyServer } from '../src/server/app.js';
import type { ClaimSeatResponse, CreateTableResponse, UpdateMessage } from '../src/server/protocol.js';
import { createTableStore, type TableStore } from '../web/src/store/table-store.js';
import { makeServer } from './server-helpers.js';

let server: DreyServer;
let url: string;
const sockets: Socket[] = [];
const stores: TableStore[] = [];

beforeEach(async () => {
  server = await makeServer();
  url = (await server.listen(0, '127.0.0.1')).url;
});
afterEach(async () => {
  for (const s of stores.splice(0)) s.close();
  for (const s of sockets.splice(0)) s.close();
  await server.close();
});

async function table(): Promise<{ id: string; tokens: string[] }> {
  const { table: t, seat } = (
    await server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' } } })
  ).json<CreateTableResponse>();
  const bo = (await server.app.inject({ method: 'POST', url: `/api/tables/${t.id}/seats/2`, payload: { name: 'Bo' } })).json<ClaimSeatResponse>();
  return { id: t.id, tokens: [seat!.token, bo.token] };
}

function open(tableId: string, token?: string, watchRetryMs?: readonly number[]): { store: TableStore; socket: Socket } {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnectionDelay: 50, reconnectionDelayMax: 100 });
  const store = createTableStore({ socket, tableId, ...(token === undefined ? {} : { token }), ...(watchRetryMs === undefined ? {} : { watchRetryMs }) });
  sockets.push(socket);
  stores.push(store);
  return { store, socket };
}

describe('the table store', () => {
  it('follows the table: snapshot, own action, the other seat’s action', async () => {
    const { id, tokens } = await table();
    const ann = open(id, tokens[0]);
    const bo = open(id, tokens[1]);
    await expect.poll(() => ann.store.getState().frame?.seq).toBe(0);
    expect(ann.store.getState().frame?.legal).toHaveLength(3);
    expect(await ann.store.act({ type: 'pick', n: 2 })).toEqual({ ok: true, seq: 1 });
    await expect.poll(() => bo.store.getState().frame?.seq).toBe(1);
    // Each page shows the lines the server told it, with the seat that acted.
    await expect.poll(() => bo.store.getState().narration.lines).toEqual([{ seq: 1, seat: 0, text: 'Ann has chosen.' }]);
    await expect.poll(() => ann.store.getState().narration.lines).toEqual([{ seq: 1, seat: 0, text: 'seat 1 picks 2' }]);
  });

  it('keeps a refusal as its error and changes nothing', async () => {
    const { id, tokens } = await table();
    const ann = open(id, tokens[0]);
    await expect.poll(() => ann.store.getState().frame?.seq).toBe(0);
    const ack = await ann.store.act({ type: 'collect' });
    expect(ack.ok).toBe(false);
    expect(ann.store.getState().error?.code).toBe('illegal-action');
    expect(ann.store.getState().frame?.seq).toBe(0);
    const watcher = open(id);
    expect((await watcher.store.act({ type: 'pick', n: 1 })).ok).toBe(false);
  });

  it('asks for a snapshot when a sequence number is skipped', async () => {
    const { id, tokens } = await table();
    const ann = open(id, tokens[0]);
    await expect.poll(() => ann.store.getState().frame?.seq).toBe(0);
    await server.service.act(id, tokens[1], { type: 'pick', n: 3 });
    await expect.poll(() => ann.store.getState().frame?.seq).toBe(1);
    // An update that claims seq 3 while the store holds 1: something was missed.
    const frame = ann.store.getState().frame!;
    const bogus: UpdateMessage = { ...frame, seq: 3, by: 1, lines: [], told: 3 };
    for (const l of ann.socket.listeners('update')) (l as (m: UpdateMessage) => void)(bogus);
    await expect.poll(() => ann.store.getState().resyncs).toBe(1);
    // The snapshot it asked for puts it back on the server's real sequence number.
    await expect.poll(() => ann.store.getState().frame?.seq).toBe(1);
    expect(ann.store.getState().narration.lines).toHaveLength(1);
  });

  it('asks for a snapshot when an update’s lines do not follow on from the ones it has', async () => {
    const { id, tokens } = await table();
    const ann = open(id, tokens[0]);
    await expect.poll(() => ann.store.getState().frame?.seq).toBe(0);
    // The next step, but the server says the page should have 5 lines with it: some were missed.
    const frame = ann.store.getState().frame!;
    const bogus: UpdateMessage = { ...frame, seq: 1, by: 1, lines: [{ seq: 1, seat: 1, text: 'Bo has chosen.' }], told: 5 };
    for (const l of ann.socket.listeners('update')) (l as (m: UpdateMessage) => void)(bogus);
    await expect.poll(() => ann.store.getState().resyncs).toBe(1);
    // The snapshot puts back the server's seq and lines: the bogus line is not kept.
    await expect.poll(() => ann.store.getState().frame?.seq).toBe(0);
    expect(ann.store.getState().narration.lines).toEqual([]);
  });

  it('reconnects by itself and misses nothing that happened while it was away', async () => {
    const { id, tokens } = await table();
    const ann = open(id, tokens[0]);
    await expect.poll(() => ann.store.getState().frame?.seq).toBe(0);
    ann.socket.io.engine.close(); // the connection drops
    await expect.poll(() => ann.store.getState().connection).toBe('reconnecting');
    await server.service.act(id, tokens[1], { type: 'pick', n: 1 });
    await expect.poll(() => ann.store.getState().connection).toBe('connected');
    await expect.poll(() => ann.store.getState().frame?.seq).toBe(1);
    expect(ann.store.getState().frame?.you).toBe(0);
    expect(ann.store.getState().frame?.legal).toHaveLength(3);
    expect(ann.store.getState().narration.lines.map((l) => l.seq)).toEqual([1]);
  });
});

/**
 * Refuses the next `times` watches of the table with `table-unavailable`, as a process does while
 * the table's lease moves to another (service.ts `route`); counts every watch.
 */
function refuseWatches(tableId: string, times: number): { watches: number } {
  const seen = { watches: 0 };
  const service = server.service;
  const perform = service.perform.bind(service);
  service.perform = (async (op: Parameters<typeof perform>[0]) => {
    if (op.op === 'watch' && op.tableId === tableId && seen.watches++ < times) {
      return { ok: false, error: { code: 'table-unavailable', message: 'the server playing this table did not answer; try again in a few seconds' } };
    }
    return perform(op);
  }) as typeof service.perform;
  return seen;
}

describe('the table store while a table changes hands', () => {
  it('watches again after each pause while the table is unavailable, and says "reconnecting" instead of an error', async () => {
    const { id, tokens } = await table();
    const refused = refuseWatches(id, 3);
    const ann = open(id, tokens[0], [40, 80, 160, 320]);
    await expect.poll(() => refused.watches).toBeGreaterThanOrEqual(1);
    expect(ann.store.getState()).toMatchObject({ connection: 'reconnecting', error: null, frame: null });
    await expect.poll(() => ann.store.getState().frame?.seq, { timeout: 5_000 }).toBe(0);
    expect(refused.watches).toBe(4);
    expect(ann.store.getState()).toMatchObject({ connection: 'connected', error: null });
    expect(ann.store.getState().frame?.you).toBe(0);
  });

  it('gives up after the last pause and shows the refusal', async () => {
    const { id } = await table();
    const refused = refuseWatches(id, Number.POSITIVE_INFINITY);
    const watcher = open(id, undefined, [20, 20]);
    await expect.poll(() => watcher.store.getState().error?.code).toBe('table-unavailable');
    expect(refused.watches).toBe(3);
    await new Promise((r) => setTimeout(r, 150));
    expect(refused.watches).toBe(3);
  });

  it('shows other refusals at once', async () => {
    const { id } = await table();
    const watcher = open(id, 'y'.repeat(43), [20, 20]);
    await expect.poll(() => watcher.store.getState().error?.code).toBe('bad-token');
  });
});

describe('the table store without an answer', () => {
  it('calls an action the server never acknowledged a timeout', async () => {
    // A socket that is never connected and whose acknowledgements all time out.
    const silent = {
      connected: false,
      on: () => silent,
      off: () => silent,
      emit: () => silent,
      timeout: () => ({ emit: (_event: string, _msg: unknown, done: (e: Error | null) => void) => done(new Error('operation has timed out')) }),
    };
    const store = createTableStore({ socket: silent as unknown as Socket, tableId: 'abcdefgh', token: 'x'.repeat(43) });
    const ack = await store.act({ type: 'pick', n: 1 });
    expect(ack).toEqual({ ok: false, error: { code: 'timeout', message: 'the server did not answer in time' } });
    expect(store.getState()).toMatchObject({ pending: false, error: { code: 'timeout' } });
    store.close();
  });
});
