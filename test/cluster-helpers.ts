/**
 * Several `drey serve` processes for the multi-process tests (cluster.test.ts, pg-restart.test.ts):
 * start them, post to them, and people who play a table over socket.io and record what the server
 * acknowledged.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { io, type Socket } from 'socket.io-client';
import type { ActAck, TableFrame } from '../src/server/protocol.js';
import { REDIS_URL } from './redis-helpers.js';

export interface Proc {
  name: string;
  child: ChildProcess;
  url: string;
  /** Everything the process wrote so far (its warnings name what failed). */
  output(): string;
}

const procs: Proc[] = [];
/** Kills every process `serve` started (call in afterAll). */
export function killServers(): void {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
}

/** Starts `drey serve` (the built CLI) on `databaseUrl` and Redis, named `name`; resolves with its URL. */
export function serve(name: string, databaseUrl: string, env: Record<string, string> = {}): Promise<Proc> {
  const child = spawn(process.execPath, ['bin/drey.js', 'serve'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      PROCESS_ID: name,
      DREY_LEASE_TTL_MS: '2000',
      DREY_BOT_DELAY_MS: '20',
      DREY_BOT_WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /serving on (http:\/\/\S+)/.exec(out);
      if (m) {
        const proc = { name, child, url: m[1]!, output: () => out };
        procs.push(proc);
        resolve(proc);
      }
    });
    child.once('exit', (code) => reject(new Error(`${name} exited ${String(code)} (run npm run build first):\n${out}`)));
  });
}

export const post = async <T>(url: string, body: unknown): Promise<T> => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

export interface Acked {
  seq: number;
  seat: number;
  action: unknown;
}

/** A person at one process: acts on every frame that offers them something, records what was acknowledged. */
export class Player {
  socket!: Socket;
  latest: TableFrame | null = null;
  inflight = false;
  readonly acked: Acked[] = [];
  /** Error codes of refused actions ('timeout' when no answer came in 15 s), and the slowest answer. */
  readonly refused: string[] = [];
  slowestMs = 0;
  constructor(
    readonly tableId: string,
    readonly seat: number,
    readonly token: string,
  ) {}

  connect(url: string): void {
    this.socket?.close();
    this.latest = null;
    this.inflight = false;
    this.socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: true });
    const onFrame = (f: TableFrame): void => {
      if (f.tableId !== this.tableId) return;
      if (!this.latest || f.seq >= this.latest.seq) this.latest = f;
      this.maybeAct();
    };
    this.socket.on('snapshot', onFrame);
    this.socket.on('update', onFrame);
    // A watch refused while the table changes hands (table-unavailable) is asked again, as a person would reload.
    const watch = (): void => {
      this.socket.emit('watch', { tableId: this.tableId, token: this.token }, (ack: { ok: boolean }) => {
        if (!ack.ok) setTimeout(watch, 500);
      });
    };
    this.socket.on('connect', watch);
  }

  maybeAct(): void {
    const f = this.latest;
    if (this.inflight || !f || f.status !== 'running' || f.legal.length === 0) return;
    this.inflight = true;
    const action = f.legal[0];
    const sent = Date.now();
    this.socket.timeout(15_000).emit('act', { tableId: this.tableId, token: this.token, seq: f.seq, action }, (err: Error | null, ack?: ActAck) => {
      this.inflight = false;
      this.slowestMs = Math.max(this.slowestMs, Date.now() - sent);
      if (!err && ack?.ok) this.acked.push({ seq: ack.seq, seat: this.seat, action });
      else {
        this.refused.push(err ? 'timeout' : ack && !ack.ok ? ack.error.code : 'no-answer');
        this.socket.emit('sync', { tableId: this.tableId });
      }
    });
  }
}

export async function until(what: string, ok: () => boolean | Promise<boolean>, ms: number, nudge?: () => void): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    nudge?.();
    await new Promise((r) => setTimeout(r, 200));
  }
}

