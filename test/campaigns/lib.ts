/**
 * Shared pieces of the attack campaigns (test/campaigns/*.ts): a Drey server in this process, an
 * honest seat that measures its own latency, and figures. Each campaign is a function with its
 * sizes as parameters: the tests run it small (a few seconds), bench/campaigns.ts runs it long
 * and prints what it returns.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { io as connect, type Socket } from 'socket.io-client';
import { createDreyServer, type DreyServer, type DreyServerOptions } from '../../src/server/app.js';
import type { ActAck, CreateTableResponse, TableFrame, WatchAck } from '../../src/server/protocol.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';

export interface Running {
  server: DreyServer;
  url: string;
  close(): Promise<void>;
}

/** A Drey server on 127.0.0.1 with an in-memory (or given) store and the real games and bots. */
export async function serve(opts: Partial<DreyServerOptions> & { db?: string } = {}): Promise<Running> {
  const { db, ...rest } = opts;
  const server = await createDreyServer({ store: openSqliteStore(db ?? ':memory:'), webRoot: '/nonexistent', botDelayMs: 0, ...rest });
  const { url } = await server.listen(0, '127.0.0.1');
  return { server, url, close: () => server.close() };
}

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  /** Everything the server wrote to stderr and stdout (warnings, logs). */
  output(): string;
  /** SIGTERM, then waits for the exit. */
  close(): Promise<void>;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
}

/**
 * The built server (`node dist/server/start.js`, built by the tests' global setup or `npm run
 * build`) in a child process on a free port, as `drey serve` runs it: its workers start fast,
 * and the campaign's clients do not share its event loop. `env` adds settings (docs/deploy.md).
 */
export async function serveProcess(env: Record<string, string>): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['dist/server/start.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DREY_BOT_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /serving on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    proc.once('exit', (code) => reject(new Error(`the server exited (${String(code)}): ${out}`)));
  });
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    await exited;
  };
  return { url, proc, output: () => out, close: () => stop('SIGTERM'), kill: () => stop('SIGKILL') };
}

export async function getJson<T>(url: string, from?: string): Promise<T> {
  return (await request<T>(url, from ? { from } : {})).body;
}

/** Runs `task(i)` for i < n with at most `concurrency` under way; their results in order. */
export async function pooled<T>(n: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(n);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < n) {
      const i = next++;
      out[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, concurrency) }, lane));
  return out;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The `p` quantile (0–1) of `xs`, NaN when empty. */
export function quantile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** An HTTP request from `from` (a loopback address such as 127.0.0.2: an honest client apart from the attacker). */
export function request<T>(url: string, opts: { method?: string; body?: unknown; raw?: string; from?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const payload = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    const req = httpRequest(
      url,
      {
        method: opts.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers: { ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }), ...opts.headers },
        ...(opts.from ? { localAddress: opts.from } : {}),
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: body as T, headers: res.headers });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const post = <T>(url: string, body: unknown, from?: string): Promise<{ status: number; body: T }> =>
  request<T>(url, { body, ...(from ? { from } : {}) });

export function socketTo(url: string, opts: { autoConnect?: boolean; from?: string } = {}): Socket {
  return connect(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    autoConnect: opts.autoConnect ?? true,
    ...(opts.from ? { localAddress: opts.from } : {}),
  });
}

/** The message that plays `action`, chosen in `frame`. */
export const actMessage = (frame: TableFrame, token: string, action: unknown): Record<string, unknown> => ({
  tableId: frame.tableId,
  token,
  seq: frame.seq,
  action,
});

/**
 * An honest human seat: watches its table and plays its first legal action whenever it may,
 * recording the time from sending each action to seeing the update of it.
 */
export interface HonestSeat {
  latencies: number[];
  /** Committed actions of other seats it has seen (bots' moves at a table of bots). */
  othersMoves: number;
  latest: TableFrame | null;
  refused: string[];
  close(): void;
}

export async function honestSeat(url: string, tableId: string, token: string, opts: { thinkMs?: number; from?: string } = {}): Promise<HonestSeat> {
  const thinkMs = opts.thinkMs ?? 0;
  const socket = socketTo(url, opts.from ? { from: opts.from } : {});
  const seat: HonestSeat = { latencies: [], othersMoves: 0, latest: null, refused: [], close: () => socket.close() };
  /** When each update arrived, so an ack that comes after its update still measures to the update. */
  const seenAt = new Map<number, number>();
  let inflight = false;
  let actedOn = -1;
  const maybeAct = (): void => {
    const f = seat.latest;
    if (!f || inflight || f.legal.length === 0 || actedOn === f.seq || f.status !== 'running') return;
    actedOn = f.seq;
    inflight = true;
    setTimeout(() => {
      const sent = performance.now();
      socket.emit('act', actMessage(f, token, f.legal[0]), (ack: ActAck) => {
        inflight = false;
        if (ack.ok) seat.latencies.push(Math.max(performance.now(), seenAt.get(ack.seq) ?? 0) - sent);
        else seat.refused.push(ack.error.code);
        // Faster than a person (bots here wait 0 ms): past the socket's rate limit, try again shortly.
        if (!ack.ok && ack.error.code === 'rate-limited') {
          actedOn = -1;
          setTimeout(maybeAct, 100);
          return;
        }
        maybeAct();
      });
    }, thinkMs);
  };
  const onFrame = (f: TableFrame & { by?: number | null }): void => {
    if (f.tableId !== tableId) return;
    if (!seenAt.has(f.seq)) seenAt.set(f.seq, performance.now());
    if (f.by !== undefined && f.by !== null && f.by !== f.you) seat.othersMoves++;
    if (seat.latest && f.seq < seat.latest.seq) return;
    seat.latest = f;
    maybeAct();
  };
  socket.on('snapshot', onFrame);
  socket.on('update', onFrame);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = (await socket.timeout(5000).emitWithAck('watch', { tableId, token })) as WatchAck;
  if (!ack.ok) throw new Error(`watch refused: ${ack.error.code}`);
  return seat;
}

/** The address honest clients use in campaigns: the attacker is 127.0.0.1. */
export const HONEST = '127.0.0.2';

/** What every campaign reports of its honest seat: the others' moves it saw, and its own pace. */
export interface HonestFigures {
  honestBotMoves: number;
  honestActions: number;
  honestP90Ms: number;
  honestP99Ms: number;
}

export const honestFigures = (seat: HonestSeat): HonestFigures => ({
  honestBotMoves: seat.othersMoves,
  honestActions: seat.latencies.length,
  honestP90Ms: quantile(seat.latencies, 0.9),
  honestP99Ms: quantile(seat.latencies, 0.99),
});

/** An Autumn Leaves table with Ann in seat 1 and `bots` (level names) in the others. */
export async function tableWithAnn(url: string, bots: string[], from?: string): Promise<{ id: string; token: string }> {
  const r = await post<CreateTableResponse>(
    `${url}/api/tables`,
    { game: 'autumn-leaves', seats: [{ kind: 'human' }, ...bots.map((bot) => ({ kind: 'bot', bot }))], join: { seat: 0, name: 'Ann' } },
    from,
  );
  if (r.status !== 201) throw new Error(`could not create a table: ${JSON.stringify(r.body)}`);
  return { id: r.body.table.id, token: r.body.seat!.token };
}
