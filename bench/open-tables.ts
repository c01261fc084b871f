/**
 * Memory bench (npm run bench:open): how much one server process holds for many open tables. It
 * starts the built server (dist/server/start.js) on loopback with a fresh SQLite file, creates
 * TABLES open tables (default 10,000) through the HTTP API as people would — each waiting for
 * players, its creator seated — with WATCH=1 (the default) one socket.io client per table
 * watching it, as the creator's page does, then reads the server's resident memory from
 * /proc/PID/status. The aim (docs/deploy.md): 10,000 open tables in under 500 MB.
 *
 *   npm run build && npm run bench:open
 *   TABLES=2000 WATCH=0 npm run bench:open
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { servedUrl } from './served-url.js';
import { SERVER_EVENTS, type CreateTableResponse } from '../src/server/protocol.js';

const TABLES = Number(process.env.TABLES ?? 10_000);
const WATCH = process.env.WATCH !== '0';
const GAMES = ['autumn-leaves', 'acorns', 'acorn-run'] as const;

const dir = mkdtempSync(join(tmpdir(), 'drey-open-'));
const server = spawn(process.execPath, ['dist/server/start.js'], {
  // Every client is on loopback: the per-address limits (docs/deploy.md) would refuse most of them.
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DREY_DB: join(dir, 'open.sqlite'), DREY_MAX_CONNECTIONS_PER_ADDRESS: '100000', DREY_MAX_CONNECTIONS: '100000', DREY_TABLES_PER_MINUTE: '1000000', DREY_SEATS_PER_MINUTE: '1000000' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.on('exit', () => {
  if (server.exitCode === null) server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});
const url = await servedUrl(server);

const rssMb = (): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

const before = rssMb();
console.log(`server on ${url}, ${before.toFixed(0)} MB resident before any table; creating ${TABLES} open tables${WATCH ? ', each watched by its creator' : ''}…`);
const sockets: Socket[] = [];
const started = performance.now();
for (let t = 0; t < TABLES; t++) {
  const game = GAMES[t % GAMES.length]!;
  const res = await fetch(`${url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game, seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: `P${t}` } }),
  });
  if (!res.ok) throw new Error(`table ${t}: ${res.status} ${await res.text()}`);
  const created = (await res.json()) as CreateTableResponse;
  if (WATCH) {
    const socket = io(url, { transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('snapshot', () => resolve());
      socket.once(SERVER_EVENTS.error, (e: unknown) => reject(new Error(`table ${t}: ${JSON.stringify(e)}`)));
      socket.on('connect', () => socket.emit('watch', { tableId: created.table.id, token: created.seat!.token }));
    });
    sockets.push(socket);
  }
  if ((t + 1) % 1000 === 0) console.log(`  ${t + 1} tables, ${rssMb().toFixed(0)} MB resident`);
}
const seconds = (performance.now() - started) / 1000;
// Let the server settle (timers, GC) before the reading.
await new Promise((r) => setTimeout(r, 5000));
const after = rssMb();
console.log(`\n${TABLES} open tables (Autumn Leaves, Acorns, Acorn Run in turn; 3 seats, 1 taken)${WATCH ? ` with ${sockets.length} watching sockets` : ''}, made in ${seconds.toFixed(0)} s`);
console.log(`server resident memory: ${after.toFixed(0)} MB (${before.toFixed(0)} MB empty, ${(((after - before) * 1024) / TABLES).toFixed(1)} kB a table); aim: under 500 MB`);
for (const s of sockets) s.disconnect();
process.exit(0);
