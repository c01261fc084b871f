/**
 * Issue 24, item 4: the connection limits on their own (src/server/limits.ts `limitConnections`),
 * on a plain HTTP server on loopback: refused past the per-address cap, a connection that sends
 * nothing closed once the request timeout has passed, one that spoke left open, and every slot
 * given back when its connection closes. (test/campaigns/connection-flood.test.ts attacks the
 * whole server.)
 */
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, limitConnections, type ConnectionCounts } from '../src/server/limits.js';

let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

async function serve(limits: { connectionsPerAddress: number; connections: number; requestTimeoutMs: number }): Promise<{ port: number; counts: ConnectionCounts }> {
  // Answers nothing: a connection that sent a request stays open as long as the client keeps it.
  server = createServer(() => undefined);
  const counts = limitConnections(server, { ...DEFAULT_LIMITS, ...limits });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, counts };
}

/** A client connection, with a promise of when the server closed it. */
async function open(port: number): Promise<{ socket: Socket; closed: Promise<number> }> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  const closed = new Promise<number>((r) => socket.once('close', () => r(performance.now())));
  await new Promise<void>((r) => socket.once('connect', () => r()));
  return { socket, closed };
}

/** `p`, or a failure after `ms` (a test that waits for a close that never comes fails, not hangs). */
const within = <T>(p: Promise<T>, ms = 3_000): Promise<T> =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms))]);

const until = async (check: () => boolean, ms = 3_000): Promise<void> => {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('connection limits (issue 24)', () => {
  it('closes a connection that sends nothing once the request timeout has passed, and leaves one that spoke open', async () => {
    const { port, counts } = await serve({ connectionsPerAddress: 10, connections: 10, requestTimeoutMs: 400 });
    const start = performance.now();
    const silent = await open(port);
    const speaker = await open(port);
    speaker.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const closedAt = await within(silent.closed);
    // Not before the timeout, and within a sweep or so after it.
    expect(closedAt - start).toBeGreaterThanOrEqual(390);
    expect(closedAt - start).toBeLessThan(1_500);
    await until(() => counts.silent === 1 && counts.open === 1);
    await new Promise((r) => setTimeout(r, 400));
    expect(speaker.socket.destroyed).toBe(false);
    expect(counts).toEqual({ open: 1, refused: 0, silent: 1 });
  });

  it('refuses past the per-address cap and gives each slot back when its connection closes', async () => {
    const { port, counts } = await serve({ connectionsPerAddress: 2, connections: 10, requestTimeoutMs: 60_000 });
    const [a, b] = [await open(port), await open(port)];
    await until(() => counts.open === 2);
    const third = await open(port);
    await within(third.closed);
    expect(counts).toMatchObject({ open: 2, refused: 1 });
    a.socket.destroy();
    await until(() => counts.open === 1);
    const fourth = await open(port);
    await until(() => counts.open === 2);
    expect(fourth.socket.destroyed).toBe(false);
    b.socket.destroy();
    fourth.socket.destroy();
    await until(() => counts.open === 0);
    expect(counts).toEqual({ open: 0, refused: 1, silent: 0 });
  });

  it('keeps one close listener for the server, not one per connection', async () => {
    const { port, counts } = await serve({ connectionsPerAddress: 10, connections: 10, requestTimeoutMs: 60_000 });
    const seen: Socket[] = [];
    server!.on('connection', (s: Socket) => seen.push(s));
    await open(port);
    await open(port);
    await until(() => seen.length === 2 && counts.open === 2);
    const [first, second] = seen.map((s) => s.listeners('close').filter((l) => l.name === 'closed'));
    expect(first).toHaveLength(1);
    expect(first![0]).toBe(second![0]);
  });
});
