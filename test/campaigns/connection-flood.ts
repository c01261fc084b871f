/**
 * The connection-flood attack: one address opens many idle TCP connections and idle socket.io
 * clients, and sends requests whose bodies dribble in a byte at a time, while an honest player
 * (from another address) plays a table against easy bots. Figures: connections the server kept
 * and refused, slow requests still open after the request timeout, the honest seat's pace.
 */
import { readdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { HONEST, honestFigures, honestSeat, serveProcess, sleep, tableWithAnn, type HonestFigures } from './lib.js';

/** What the attacker process prints at the end (flood-attacker.ts). */
type AttackerReport = { idleOpen: number; idleStillOpen: number; socketsConnected: number; slowStillOpen: number };

export interface ConnectionFloodFigures extends HonestFigures {
  idleOpened: number;
  /** Idle connections the client sees as open at the end (some only in the kernel's queue, holding nothing of the server's). */
  idleOpen: number;
  /** Of those, the ones connected longer ago than the request timeout and a second: the server should have closed them. */
  idleStillOpen: number;
  /** The server's open file descriptors before the flood and at its height: what the flood could exhaust. */
  serverFdsBefore: number;
  serverFdsDuringFlood: number;
  socketsConnected: number;
  slowRequests: number;
  slowStillOpenAfterTimeout: number;
}

export async function connectionFlood(opts: { idle: number; sockets: number; slow: number; perAddress: number; requestTimeoutMs: number; seconds: number }): Promise<ConnectionFloodFigures> {
  const run = await serveProcess({
    DREY_DB: ':memory:',
    DREY_BOT_WORKERS: '1',
    DREY_MAX_CONNECTIONS_PER_ADDRESS: String(opts.perAddress),
    DREY_REQUEST_TIMEOUT_MS: String(opts.requestTimeoutMs),
  });
  try {
    const { id, token } = await tableWithAnn(run.url, ['easy', 'easy', 'easy'], HONEST);
    const ann = await honestSeat(run.url, id, token, { from: HONEST });
    const fds = (): number => readdirSync(`/proc/${run.proc.pid!}/fd`).length;
    const serverFdsBefore = fds();
    let serverFdsDuringFlood = serverFdsBefore;

    const ms = Math.max(opts.seconds * 1000, opts.requestTimeoutMs + 1_500);
    const attacker = spawn(process.execPath, ['--import', 'tsx', 'test/campaigns/flood-attacker.ts', run.url, JSON.stringify({ idle: opts.idle, sockets: opts.sockets, slow: opts.slow, ms: ms + 300, idleGraceMs: opts.requestTimeoutMs + 1_000 })], { stdio: ['ignore', 'pipe', 'inherit'] });
    let report = '';
    attacker.stdout!.on('data', (c: Buffer) => (report += c.toString()));
    const attacked = new Promise<AttackerReport>((resolve, reject) =>
      attacker.once('exit', () => {
        try {
          resolve(JSON.parse(report.trim().split('\n').at(-1)!) as AttackerReport);
        } catch {
          reject(new Error(`the attacker said: ${report}`));
        }
      }),
    );
    // Measure from the moment the attack is under way.
    for (let waited = 0; !report.includes('started') && waited < 30_000; waited += 20) await sleep(20);
    await sleep(300);
    ann.othersMoves = 0;
    ann.latencies.length = 0;
    const until = performance.now() + ms - 300;
    while (performance.now() < until) {
      serverFdsDuringFlood = Math.max(serverFdsDuringFlood, fds());
      await sleep(100);
    }
    const seen = await attacked;
    ann.close();
    return {
      idleOpened: opts.idle,
      idleOpen: seen.idleOpen,
      idleStillOpen: seen.idleStillOpen,
      serverFdsBefore,
      serverFdsDuringFlood,
      socketsConnected: seen.socketsConnected,
      slowRequests: opts.slow,
      slowStillOpenAfterTimeout: seen.slowStillOpen,
      ...honestFigures(ann),
    };
  } finally {
    await run.close();
  }
}
