/**
 * What the server emits to a connection within one tick leaves in one socket write
 * (src/server/socket-writes.ts): an actor's update and the ack of its act, emitted a few promise
 * hops apart, reach the client in their order, in a single write to the TCP socket.
 */
import { createServer } from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { batchSocketWrites, reportFlushErrorsTo } from '../src/server/socket-writes.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A socket.io server on loopback, with or without the batching, and a websocket client of it. */
async function pair(batched: boolean): Promise<{ server: Server; client: ReturnType<typeof connect> }> {
  const http = createServer();
  const server = new Server(http);
  if (batched) batchSocketWrites(server.engine);
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  const { port } = http.address() as AddressInfo;
  const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true });
  cleanups.push(() => void client.close());
  await new Promise<void>((r) => client.once('connect', () => r()));
  return { server, client };
}

/** Counts the writes the server makes to the TCP socket of its (only) connection while `act` is answered. */
async function writesOfAnAct(batched: boolean): Promise<{ writes: number; received: string[] }> {
  const { server, client } = await pair(batched);
  const [socket] = await server.fetchSockets();
  const raw = (socket as unknown as { conn: { transport: { socket: { _socket: NetSocket } } } }).conn.transport.socket._socket;
  let writes = 0;
  for (const method of ['_write', '_writev'] as const) {
    const original = raw[method] as (...args: unknown[]) => unknown;
    (raw as unknown as Record<string, unknown>)[method] = function (this: NetSocket, ...args: unknown[]): unknown {
      writes++;
      return original.apply(this, args);
    };
  }
  // As the server answers an act: the update goes out as the step commits, the ack a few promise hops later.
  server.sockets.sockets.get(socket.id)!.on('act', (msg: unknown, ack: (a: unknown) => void) => {
    server.to(socket.id).emit('update', { seq: 1, msg });
    void Promise.resolve()
      .then(() => undefined)
      .then(() => ack({ ok: true, seq: 1 }));
  });
  const received: string[] = [];
  client.on('update', () => received.push('update'));
  await new Promise<void>((r) =>
    client.emit('act', { a: 1 }, () => {
      received.push('ack');
      r();
    }),
  );
  await new Promise((r) => setTimeout(r, 50));
  return { writes, received };
}

describe('socket writes', () => {
  it('makes no function per connection: every connection’s flush is the same one (issue 24: what connections keep alive)', async () => {
    const { server } = await pair(true);
    const { port } = server.httpServer.address() as AddressInfo;
    const second = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true });
    cleanups.push(() => void second.close());
    await new Promise<void>((r) => second.once('connect', () => r()));
    const flushes = [...server.sockets.sockets.values()].map((s) => (s.conn as unknown as { flush: unknown }).flush);
    expect(flushes).toHaveLength(2);
    expect(flushes[0]).toBe(flushes[1]);
    expect(Object.prototype.hasOwnProperty.call(server.sockets.sockets.values().next().value!.conn, 'flush')).toBe(true);
  });

  it('empties the list of packets it handed to the websocket transport, so a sent packet is not kept by it (issue 24: nepotism)', async () => {
    const { server, client } = await pair(true);
    const [socket] = await server.fetchSockets();
    const conn = (socket as unknown as { conn: { writeBuffer: unknown[] } }).conn;
    const got = new Promise<unknown>((r) => client.once('update', r));
    server.to(socket.id).emit('update', { seq: 7 });
    // Emitted this tick: the packet waits in the connection's list for the turn's one write.
    const handed = conn.writeBuffer;
    expect(handed).toHaveLength(1);
    expect(await got).toEqual({ seq: 7 });
    // Sent: engine.io started a new list, and the one it sent is empty (nothing old points at the packet).
    expect(conn.writeBuffer).not.toBe(handed);
    expect(handed).toHaveLength(0);
  });

  it('sends an update and the ack that follows it in the same tick in one write, in order', async () => {
    const { writes, received } = await writesOfAnAct(true);
    expect(received).toEqual(['update', 'ack']);
    expect(writes).toBe(1);
  });

  it('is what makes it one write: without it, socket.io writes the update and the ack apart', async () => {
    const { writes, received } = await writesOfAnAct(false);
    expect(received).toEqual(['update', 'ack']);
    expect(writes).toBe(2);
  });

  it('closes only a connection whose send throws; every other connection due that turn is still sent to, then and later', async () => {
    const http = createServer();
    const server = new Server(http);
    batchSocketWrites(server.engine);
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
    const { port } = http.address() as AddressInfo;
    const clients = [0, 1, 2].map(() => connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true, reconnection: false }));
    for (const c of clients) cleanups.push(() => void c.close());
    await Promise.all(clients.map((c) => new Promise<void>((r) => (c.connected ? r() : c.once('connect', () => r())))));
    const errors: unknown[] = [];
    const before = reportFlushErrorsTo((e) => errors.push(e));
    cleanups.push(() => void reportFlushErrorsTo(before));
    const got = clients.map(() => [] as number[]);
    clients.forEach((c, i) => c.on('update', (n: number) => got[i]!.push(n)));
    const closed = new Promise<void>((r) => clients[0]!.once('disconnect', () => r()));
    // The first client's transport breaks: its send throws as its flush runs (first of the turn's flushes).
    const broken = server.sockets.sockets.get(clients[0]!.id!)!;
    (broken.conn.transport as unknown as { send: () => void }).send = () => {
      throw new Error('the transport broke');
    };
    for (const c of clients) server.to(c.id!).emit('update', 1);
    await closed;
    await new Promise((r) => setTimeout(r, 50));
    expect(errors.map((e) => (e as Error).message)).toEqual(['the transport broke']);
    expect(got).toEqual([[], [1], [1]]);
    // The others are not left waiting: what comes later reaches them too.
    for (const c of clients.slice(1)) server.to(c.id!).emit('update', 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual([[], [1, 2], [1, 2]]);
  });
});
