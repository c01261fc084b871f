/**
 * The connection-flood attack: one address opens many idle TCP connections and idle socket.io
 * clients, and sends requests whose bodies dribble in a byte at a time, while an honest player
 * (from another address) plays a table against easy bots. Figures: connections the server kept
 * and refused, slow requests still open after the request timeout, the honest seat's pace.
 */
import { readdirSync } from 'node:fs';
import { connect, type Socket as NetSocket } from 'node:net';
import type { Socket } from 'socket.io-client';
import { HONEST, honestSeat, quantile, serveProcess, sleep, socketTo, tableWithAnn } from './lib.js';

export interface ConnectionFloodFigures {
  idleOpened: number;
  /** Idle connections the client sees as open (some only in the kernel's queue, holding nothing of the server's). */
  idleStillOpen: number;
  /** The server's open file descriptors before the flood and at its height: what the flood could exhaust. */
  serverFdsBefore: number;
  serverFdsDuringFlood: number;
  socketsConnected: number;
  slowRequests: number;
  slowStillOpenAfterTimeout: number;
  honestBotMoves: number;
  honestActions: number;
  honestP90Ms: number;
  honestP99Ms: number;
}

export async function connectionFlood(opts: { idle: number; sockets: number; slow: number; perAddress: number; requestTimeoutMs: number; seconds: number }): Promise<ConnectionFloodFigures> {
  const run = await serveProcess({
    DREY_DB: ':memory:',
    DREY_BOT_WORKERS: '1',
    DREY_MAX_CONNECTIONS_PER_ADDRESS: String(opts.perAddress),
    DREY_REQUEST_TIMEOUT_MS: String(opts.requestTimeoutMs),
  });
  const { port } = new URL(run.url);
  const raw: NetSocket[] = [];
  const ios: Socket[] = [];
  try {
    const { id, token } = await tableWithAnn(run.url, ['easy', 'easy', 'easy'], HONEST);
    const ann = await honestSeat(run.url, id, token, { from: HONEST });
    const fds = (): number => readdirSync(`/proc/${run.proc.pid!}/fd`).length;
    const serverFdsBefore = fds();
    let serverFdsDuringFlood = serverFdsBefore;

    // Slow bodies first (they must be let in to be timed out), then idle sockets, then idle socket.io clients.
    const slowOpen = new Set<NetSocket>();
    for (let i = 0; i < opts.slow; i++) {
      const s = connect(Number(port), '127.0.0.1');
      s.on('error', () => undefined);
      s.once('connect', () => s.write(`POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`));
      slowOpen.add(s);
      s.once('close', () => slowOpen.delete(s));
      raw.push(s);
    }
    const drip = setInterval(() => {
      for (const s of slowOpen) if (s.writable) s.write(' ');
    }, 200);
    // Counted once connected (a connection still waiting in the kernel's backlog holds nothing of the server's).
    const idleOpen = new Set<NetSocket>();
    for (let i = 0; i < opts.idle; i++) {
      const s = connect(Number(port), '127.0.0.1');
      s.on('error', () => undefined);
      s.once('connect', () => idleOpen.add(s));
      s.once('close', () => idleOpen.delete(s));
      raw.push(s);
    }
    let socketsConnected = 0;
    for (let i = 0; i < opts.sockets; i++) {
      const c = socketTo(run.url);
      c.on('connect', () => socketsConnected++);
      c.on('connect_error', () => undefined);
      ios.push(c);
    }
    await sleep(300);
    ann.othersMoves = 0;
    ann.latencies.length = 0;
    const until = performance.now() + Math.max(opts.seconds * 1000, opts.requestTimeoutMs + 1_500);
    while (performance.now() < until) {
      serverFdsDuringFlood = Math.max(serverFdsDuringFlood, fds());
      await sleep(100);
    }
    clearInterval(drip);
    ann.close();
    return {
      idleOpened: opts.idle,
      idleStillOpen: idleOpen.size,
      serverFdsBefore,
      serverFdsDuringFlood,
      socketsConnected,
      slowRequests: opts.slow,
      slowStillOpenAfterTimeout: slowOpen.size,
      honestBotMoves: ann.othersMoves,
      honestActions: ann.latencies.length,
      honestP90Ms: quantile(ann.latencies, 0.9),
      honestP99Ms: quantile(ann.latencies, 0.99),
    };
  } finally {
    for (const s of raw) s.destroy();
    for (const c of ios) c.close();
    await run.close();
  }
}
