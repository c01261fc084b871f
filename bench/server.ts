/**
 * Load bench for the server (npm run bench:server): many concurrent Autumn Leaves tables whose
 * every seat is a socket.io client on loopback playing random legal actions: a lean one by default
 * (lean-socket.ts: socket.io's wire protocol over `ws`, WebSocket only, and only the fields of a frame
 * the bench reads are parsed: about two thirds of socket.io-client's CPU, 19–21% of a core at 1,500
 * human-pace tables against 28–34%, so the load generator leaves more of a shared machine to the
 * server), or socket.io-client itself with DREY_BENCH_CLIENT=socket.io. Both time the same thing:
 * an `act` sent, its ack, and every seat's `update` of that step. Prints the p50
 * and p99 time from an action being sent to every seat of its table having received the update,
 * and the actions per second the server committed (people's actions; bots' are not counted), then
 * each server's "work done" line: views built and narrations told per action, actions per group
 * commit. Bounded: each table plays one game, and the
 * whole run stops after DREY_BENCH_SECONDS (default 120).
 *
 *   TABLES=200 HANDS=1 npm run bench:server
 *
 * Human pace (THINK_MS=3000 BOTS=2, issue 24's definition: 4-seat Autumn Leaves tables, two
 * people and two easy bots): each person acts after a random think time (exponential, that
 * mean), BOTS of the SEATS are easy bots at the server's normal delay, and tables play until
 * DREY_BENCH_SECONDS: the figure is the p99 at a load people make, for finding the largest
 * TABLES one process holds at ≤ 100 ms.
 *
 *   THINK_MS=3000 BOTS=2 TABLES=1000 DREY_BENCH_SECONDS=60 npm run bench:server
 *
 * DREY_BENCH_TIMELINE=1 also prints each second of play: its actions, p50, p99 and worst.
 *
 * Several processes (docs/deploy.md): PROCESSES=N starts N servers on DATABASE_URL (PostgreSQL)
 * and REDIS_URL; table t is created at process t mod N and its seats connect round-robin to all
 * of them, so most updates cross processes. KILL=1 kills process 1 with SIGKILL halfway through and
 * prints the takeover time: from the kill until every table it played has committed again.
 *
 *   PROCESSES=3 DATABASE_URL=postgres://… REDIS_URL=redis://… THINK_MS=2000 TABLES=60 npm run bench:server
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { LeanSocket } from './lean-socket.js';
import { servedUrl } from './served-url.js';
import type { ActAck, ClaimSeatResponse, CreateTableResponse, TableFrame } from '../src/server/protocol.js';

const TABLES = Number(process.env.TABLES ?? 200);
const SEATS = Number(process.env.SEATS ?? 4);
const HANDS = Number(process.env.HANDS ?? 1);
const LIMIT_MS = Number(process.env.DREY_BENCH_SECONDS ?? 120) * 1000;
const SYNC = process.env.DREY_DB_SYNC ?? 'full';
/** Mean think time of a person in ms; 0 (the default) acts at once: the saturated mode. */
const THINK_MS = Number(process.env.THINK_MS ?? 0);
/** Bot seats per table (the last seats), at the server's normal delay in human-pace mode. */
const BOTS = Number(process.env.BOTS ?? (THINK_MS > 0 ? 2 : 0));
const HUMANS = SEATS - BOTS;
const PROCESSES = Number(process.env.PROCESSES ?? 1);
const KILL = process.env.KILL === '1' && PROCESSES > 1;
if (PROCESSES > 1 && (!process.env.DATABASE_URL || !process.env.REDIS_URL)) {
  console.error('PROCESSES > 1 needs DATABASE_URL (PostgreSQL) and REDIS_URL');
  process.exit(2);
}

/** What the bench uses of a client socket: LeanSocket's shape, which socket.io-client's Socket also has. */
interface BenchSocket {
  on(event: string, handler: (data: never) => void): unknown;
  emit(event: string, data: unknown, ack?: (answer: never) => void): unknown;
  connect(): unknown;
  close(): unknown;
  readonly connected: boolean;
}

/**
 * Each seat's client: the lean one (lean-socket.ts: the wire protocol over `ws`, a fraction of
 * socket.io-client's CPU, so the load generator takes less of the machine it shares with the
 * server), or with DREY_BENCH_CLIENT=socket.io the stock client, as the web app and `drey play` use.
 */
const STOCK_CLIENT = process.env.DREY_BENCH_CLIENT === 'socket.io';

/** What the bench reads of a frame: whose table, which step, whether it is over, what this seat may play. */
type BenchFrame = Pick<TableFrame, 'tableId' | 'seq' | 'status' | 'legal'>;

/** A frame's head as the server writes it (frameFor's key order); `seats` and `view` follow it. */
const FRAME_HEAD = /^\{"tableId":("(?:[^"\\]|\\.)*"),"game":"(?:[^"\\]|\\.)*","seq":(\d+),"status":"(\w+)",/;

/**
 * Reads a frame's JSON without parsing its seats and view, most of its text: `JSON.parse` of whole
 * frames was a quarter of the lean client's CPU. The head gives the table, step and status; from the
 * top-level `legal` on (after the view; a `"` inside a string is always escaped, so the text
 * `,"legal":` is a key) the rest is parsed. A frame laid out otherwise is parsed whole.
 */
function benchFrame(json: string): BenchFrame {
  const head = FRAME_HEAD.exec(json);
  const legalAt = json.lastIndexOf(',"legal":');
  if (!head || legalAt < head[0].length) return JSON.parse(json) as BenchFrame;
  const { legal } = JSON.parse(`{${json.slice(legalAt + 1)}`) as Pick<TableFrame, 'legal'>;
  return { tableId: JSON.parse(head[1]!) as string, seq: Number(head[2]), status: head[3] as TableFrame['status'], legal };
}

const FRAME_DECODERS = { update: benchFrame, snapshot: benchFrame };
const connectTo = (url: string): BenchSocket =>
  STOCK_CLIENT ? (io(url, { transports: ['websocket'], forceNew: true, autoConnect: false }) as BenchSocket) : new LeanSocket(url, FRAME_DECODERS);

interface Seat {
  socket: BenchSocket;
  /** The process this seat's client talks to. */
  proc: number;
  token: string;
  latest: BenchFrame | null;
  inflight: boolean;
  actedOn: number;
  /** When this seat received the update of each sequence number. */
  received: Map<number, number>;
}

interface Table {
  id: string;
  seats: Seat[];
  sent: { seq: number; at: number }[];
  done: boolean;
}

/**
 * Node flags for the server processes only (not this load generator), e.g.
 * DREY_SERVER_NODE_OPTIONS='--trace-gc --trace-gc-nvp' to read each GC pause's breakdown on the
 * servers' stderr; split on spaces.
 */
const serverNodeFlags = (process.env.DREY_SERVER_NODE_OPTIONS ?? '').split(' ').filter((f) => f !== '');
const spawnedAt = performance.now();
const dir = mkdtempSync(join(tmpdir(), 'drey-bench-'));
const servers = Array.from({ length: PROCESSES }, (_, i) =>
  spawn(process.execPath, [...serverNodeFlags, ...(process.env.DREY_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.DREY_PROFILE] : []), 'dist/server/start.js'], {
    // Every client is on loopback: the per-address limits (docs/deploy.md) would refuse most of them.
    env: { ...process.env, ...(THINK_MS > 0 ? {} : { DREY_BOT_DELAY_MS: '0' }), PROCESS_ID: `bench-${i}`, PORT: '0', HOST: '127.0.0.1', DREY_DB: join(dir, 'bench.sqlite'), DREY_DB_SYNC: SYNC, DREY_MAX_CONNECTIONS_PER_ADDRESS: '100000', DREY_MAX_CONNECTIONS: '100000', DREY_TABLES_PER_MINUTE: '100000', DREY_SEATS_PER_MINUTE: '100000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  }),
);
const stopServer = (): void => {
  for (const server of servers) if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
};
process.on('exit', () => {
  stopServer();
  rmSync(dir, { recursive: true, force: true });
});

// Each server prints what it did when it stops ("work done: …": views and narrations per action,
// actions per group commit); kept to print with the figures.
const workLines: string[] = [];
// DREY_SERVER_LOG=FILE also writes process i's whole stdout (e.g. --trace-gc's lines) to FILE.i.
const serverLog = process.env.DREY_SERVER_LOG;
servers.forEach((server, i) => {
  let out = '';
  if (serverLog) server.stdout!.pipe(createWriteStream(`${serverLog}.${i}`));
  server.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    const lines = out.split('\n');
    out = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('work done:')) workLines.push(`process ${i} ${line}`);
  });
});
const urls = await Promise.all(servers.map(servedUrl));
const url = urls[0]!;

const postTo = async <T>(base: string, path: string, body: unknown): Promise<T> => {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/**
 * A process's CPU time so far (user + system), from /proc on Linux (NaN elsewhere): every thread,
 * or with `main` only its main thread, the event loop that reads, commits and publishes.
 */
function cpuSeconds(child: { pid?: number | undefined }, main = false): number {
  try {
    const fields = readFileSync(main ? `/proc/${child.pid}/task/${child.pid}/stat` : `/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

console.log(`${PROCESSES} server process(es) on ${urls.join(', ')} (${process.env.DATABASE_URL ? 'PostgreSQL' : `SQLite, synchronous=${SYNC}`}); setting up ${TABLES} tables × ${SEATS} seats (${BOTS} bots)${THINK_MS > 0 ? `, people think ${THINK_MS} ms on average` : ''}…`);
const tables: Table[] = [];
// Tables are set up 32 at a time (the set-up is not measured; one at a time took minutes for 5,000).
const setUp = async (t: number): Promise<Table> => {
  const at = urls[t % PROCESSES]!;
  const created = await postTo<CreateTableResponse>(at, '/api/tables', {
    game: 'autumn-leaves',
    seats: Array.from({ length: SEATS }, (_, i) => (i < HUMANS ? { kind: 'human' } : { kind: 'bot', bot: 'easy' })),
    options: { hands: HANDS },
    join: { seat: 0, name: 'P1' },
  });
  const tokens = [created.seat!.token];
  for (let s = 1; s < HUMANS; s++) {
    tokens.push((await postTo<ClaimSeatResponse>(at, `/api/tables/${created.table.id}/seats/${s + 1}`, { name: `P${s + 1}` })).token);
  }
  return {
    id: created.table.id,
    seats: tokens.map((token, s) => ({ socket: connectTo(urls[(t + s) % PROCESSES]!), proc: (t + s) % PROCESSES, token, latest: null, inflight: false, actedOn: -1, received: new Map() })),
    sent: [],
    done: false,
  };
};
for (let first = 0; first < TABLES; first += 32) {
  const made = await Promise.all(Array.from({ length: Math.min(32, TABLES - first) }, (_, i) => setUp(first + i)));
  tables.push(...made);
}

let started = 0;
let finishedTables = 0;
let resolveAll: () => void = () => undefined;
const allDone = new Promise<void>((r) => (resolveAll = r));

function maybeAct(table: Table, seat: Seat): void {
  const f = seat.latest;
  if (!started || table.done || seat.inflight || !f || f.legal.length === 0 || f.seq === seat.actedOn) return;
  seat.actedOn = f.seq;
  seat.inflight = true;
  if (THINK_MS > 0) {
    // A person: thinks for a while (exponential, mean THINK_MS), then plays what the latest frame offers.
    setTimeout(() => {
      const now = seat.latest;
      if (!now || now.legal.length === 0 || table.done) {
        seat.inflight = false;
        seat.actedOn = -1;
        return maybeAct(table, seat);
      }
      send(table, seat, now);
    }, -Math.log(1 - Math.random()) * THINK_MS);
    return;
  }
  send(table, seat, f);
}

function send(table: Table, seat: Seat, f: BenchFrame): void {
  const at = performance.now();
  seat.socket.emit('act', { tableId: table.id, token: seat.token, seq: f.seq, action: pick(f.legal) }, (ack: ActAck) => {
    seat.inflight = false;
    if (ack.ok) table.sent.push({ seq: ack.seq, at });
    maybeAct(table, seat);
  });
}

function attach(table: Table, seat: Seat): void {
  {
    const onFrame = (f: BenchFrame): void => {
      if (f.tableId !== table.id) return;
      seat.received.set(f.seq, performance.now());
      if (!seat.latest || f.seq >= seat.latest.seq) seat.latest = f;
      if (f.status === 'finished' && !table.done && table.seats.every((s) => s.latest?.status === 'finished')) {
        table.done = true;
        if (++finishedTables === tables.length) resolveAll();
      }
      maybeAct(table, seat);
    };
    seat.socket.on('snapshot', onFrame);
    seat.socket.on('update', onFrame);
    seat.socket.on('connect', () => seat.socket.emit('watch', { tableId: table.id, token: seat.token }));
    seat.socket.connect();
  }
}
for (const table of tables) for (const seat of table.seats) attach(table, seat);
// Wait until every seat has its snapshot, then start all tables at once.
while (!tables.every((t) => t.seats.every((s) => s.latest))) await new Promise((r) => setTimeout(r, 50));
console.log(`${TABLES * HUMANS} clients connected; playing…`);
const t0 = performance.now();
// With --trace-gc in DREY_SERVER_NODE_OPTIONS: a GC line's time (since its process started) minus this is its play second.
console.log(`play starts ${(t0 - spawnedAt).toFixed(0)} ms after the servers were spawned`);
const cpu0 = servers.map((s) => cpuSeconds(s));
const main0 = servers.map((s) => cpuSeconds(s, true));
const client0 = process.cpuUsage();
started = 1;
for (const table of tables) for (const seat of table.seats) maybeAct(table, seat);
const timer = setTimeout(resolveAll, LIMIT_MS);
let takeover: Promise<number> | undefined;
if (KILL) {
  takeover = new Promise<number>((resolve) => {
    setTimeout(() => {
      // Process 1 dies; its clients come back through process 2 (as a load balancer would send them).
      const victims = tables.filter((t, i) => i % PROCESSES === 1 && !t.done);
      const seqAtKill = new Map(victims.map((t) => [t, Math.max(...t.seats.map((s) => s.latest?.seq ?? 0))]));
      servers[1]!.kill('SIGKILL');
      const killedAt = performance.now();
      for (const table of tables) {
        for (const seat of table.seats) {
          if (seat.proc !== 1) continue;
          seat.socket.close();
          seat.proc = 2 % PROCESSES;
          seat.inflight = false;
          seat.socket = connectTo(urls[seat.proc]!);
          attach(table, seat);
        }
      }
      const poll = setInterval(() => {
        const moved = victims.every((t) => t.done || t.seats.some((s) => (s.latest?.seq ?? 0) > seqAtKill.get(t)!));
        if (moved) {
          clearInterval(poll);
          resolve(performance.now() - killedAt);
        }
      }, 20);
    }, LIMIT_MS / 2);
  });
}
await allDone;
clearTimeout(timer);
const elapsed = (performance.now() - t0) / 1000;
const cpuUsed = servers.map((s, i) => cpuSeconds(s) - cpu0[i]!);
const mainUsed = servers.map((s, i) => cpuSeconds(s, true) - main0[i]!);
const clientUsed = process.cpuUsage(client0);

/** The value at fraction `p` of a sorted list (NaN when it is empty): the p50/p99 of the whole run and of each second. */
const quantile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

const latencies: number[] = [];
/** Each play second's latencies (DREY_BENCH_TIMELINE), by when the action was sent. */
const bySecond = new Map<number, number[]>();
let actions = 0;
for (const table of tables) {
  for (const { seq, at } of table.sent) {
    actions++;
    const times = table.seats.map((s) => s.received.get(seq));
    if (!times.every((x) => x !== undefined)) continue;
    const ms = Math.max(...(times as number[])) - at;
    latencies.push(ms);
    const second = Math.floor((at - t0) / 1000);
    const list = bySecond.get(second);
    if (list) list.push(ms);
    else bySecond.set(second, [ms]);
  }
}
latencies.sort((a, b) => a - b);
// DREY_BENCH_TIMELINE=1: each second's actions, p50, p99 and worst, which tells a steady queue from
// stalls (at 3,000 tables the p99 is made by a few seconds, each at an old-generation GC: align
// with DREY_SERVER_NODE_OPTIONS=--trace-gc by the "play starts" line; docs/deploy.md).
if (process.env.DREY_BENCH_TIMELINE === '1') {
  for (const [second, list] of [...bySecond].sort((a, b) => a[0] - b[0])) {
    list.sort((a, b) => a - b);
    const at = (p: number): string => quantile(list, p).toFixed(1);
    console.log(`  second ${second}: ${list.length} actions, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, worst ${at(1)} ms`);
  }
}
const q = (p: number): number => quantile(latencies, p);
console.log(`tables finished: ${finishedTables}/${TABLES} in ${elapsed.toFixed(1)} s`);
console.log(`actions committed: ${actions} (${(actions / elapsed).toFixed(0)} actions/s)`);
if (takeover) {
  const ms = await Promise.race([takeover, new Promise<number>((r) => setTimeout(() => r(NaN), 30_000))]);
  if (Number.isNaN(ms)) {
    const stuck = tables.filter((t, i) => i % PROCESSES === 1 && !t.done);
    console.log(`tables of process 1 that did not move: ${stuck.map((t) => `${t.id} ${t.seats.map((s) => `${s.proc}:${s.latest?.seq ?? '-'}${s.socket.connected ? '' : '(off)'}`).join(' ')}`).join('; ')}`);
  }
  console.log(`takeover after SIGKILL of process 1: ${(ms / 1000).toFixed(2)} s until every table it played moved again`);
}
console.log(`send → every seat updated: p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms (n=${latencies.length})`);
for (const t of tables) for (const s of t.seats) s.socket.close();
stopServer();
await Promise.race([
  Promise.all(servers.map((s) => (s.exitCode !== null || s.signalCode !== null ? undefined : new Promise((r) => s.once('exit', r))))),
  new Promise((r) => setTimeout(r, 15_000)),
]);
for (const line of workLines) console.log(line);
// CPU time the servers used while the tables played (all their threads, bots' workers too), per
// person's action committed meanwhile (in human-pace mode the bots' actions ride along, about one
// each): a figure a loaded machine disturbs less than latency. The main thread's share is what
// bounds one process: its event loop does all but the bots' decisions.
const cpuTotal = cpuUsed.reduce((a, b) => a + b, 0);
const mainTotal = mainUsed.reduce((a, b) => a + b, 0);
if (Number.isFinite(cpuTotal) && actions > 0) {
  const per = (s: number): string => ((1000 * s) / actions).toFixed(2);
  console.log(`server CPU while playing: ${cpuTotal.toFixed(1)} s in ${elapsed.toFixed(1)} s, ${per(cpuTotal)} ms per person's action (main thread ${mainTotal.toFixed(1)} s, ${per(mainTotal)} ms)`);
}
// The load generator's own CPU (every client in this one process): near a whole core, it is the
// bottleneck, not the server, and its latency figures are its own queueing.
const clientCpu = (clientUsed.user + clientUsed.system) / 1e6;
console.log(`bench client CPU while playing: ${clientCpu.toFixed(1)} s in ${elapsed.toFixed(1)} s (${((100 * clientCpu) / elapsed).toFixed(0)}% of a core)`);
console.log(`load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
process.exit(0);
