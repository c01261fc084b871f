/**
 * kill -9 at random moments: a server (the built one, on a SQLite file) serves tables where two
 * people and two bots play; it is killed with SIGKILL at random moments and started again on the
 * same file, and the people reconnect and play on. A checker keeps every action the server
 * acknowledged and, at the end, looks for each in the event log. Figures: kills survived, actions
 * acknowledged, acknowledged actions lost, tables that did not resume.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Socket } from 'socket.io-client';
import type { ActAck, ClaimSeatResponse, CreateTableResponse, TableFrame } from '../../src/server/protocol.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import { post, serveProcess, sleep, socketTo, type ServerProcess } from './lib.js';

export interface KillFigures {
  kills: number;
  acknowledged: number;
  lost: number;
  notResumed: number;
  /** The all-bot table went on after the last restart (or had already finished). */
  botTableResumed: boolean;
}

interface Acked {
  tableId: string;
  seq: number;
  seat: number;
  action: unknown;
}

/** A person at a table: plays a random legal action whenever it may and keeps what was acknowledged. */
function person(url: string, tableId: string, token: string, acked: Acked[], rand: () => number): Socket {
  const socket = socketTo(url);
  let acted = -1;
  let latest = -1;
  const onFrame = (f: TableFrame): void => {
    if (f.seq < latest) return;
    latest = f.seq;
    if (f.legal.length === 0 || acted === f.seq || f.you === null) return;
    acted = f.seq;
    const action = f.legal[Math.floor(rand() * f.legal.length)];
    const seat = f.you;
    socket.emit('act', { tableId, token, seq: f.seq, action }, (ack: ActAck) => {
      if (ack.ok) acked.push({ tableId, seq: ack.seq, seat, action });
    });
  };
  socket.on('snapshot', onFrame);
  socket.on('update', onFrame);
  socket.on('connect', () => socket.emit('watch', { tableId, token }));
  return socket;
}

export async function killCampaign(opts: {
  kills: number;
  tables: number;
  minMs: number;
  maxMs: number;
  /** Acknowledged actions each life of the server waits for (at most 20 s) before its random kill moment. */
  ackedPerLife?: number;
}): Promise<KillFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'drey-kills-'));
  const db = join(dir, 'drey.sqlite');
  const env = { DREY_DB: db, DREY_BOT_DELAY_MS: '5', DREY_BOT_WORKERS: '1' };
  let seed = 9;
  const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const acked: Acked[] = [];
  let sockets: Socket[] = [];
  let run: ServerProcess = await serveProcess(env);
  try {
    const seats: { tableId: string; token: string }[] = [];
    const botTables: string[] = [];
    for (let t = 0; t < opts.tables; t++) {
      const created = (await post<CreateTableResponse>(`${run.url}/api/tables`, {
        game: 'autumn-leaves',
        seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'easy' }, { kind: 'bot', bot: 'random' }],
        options: { hands: 3 },
        join: { seat: 0, name: 'Ann' },
      })).body;
      const bo = (await post<ClaimSeatResponse>(`${run.url}/api/tables/${created.table.id}/seats/2`, { name: 'Bo' })).body;
      seats.push({ tableId: created.table.id, token: created.seat!.token }, { tableId: created.table.id, token: bo.token });
    }
    const bots = (await post<CreateTableResponse>(`${run.url}/api/tables`, { game: 'acorns', seats: [1, 2, 3].map(() => ({ kind: 'bot', bot: 'easy' })) })).body;
    botTables.push(bots.table.id);
    const connectAll = (url: string): void => {
      for (const s of sockets) s.close();
      sockets = seats.map((s) => person(url, s.tableId, s.token, acked, rand));
    };
    connectAll(run.url);
    let kills = 0;
    for (; kills < opts.kills; kills++) {
      // Each life of the server sees some acknowledged play before it dies, however loaded the
      // machine (a fixed sleep on a busy machine let whole lives pass with nothing acknowledged):
      // the kill comes at a random moment after the life's share of acknowledgements.
      const target = acked.length + (opts.ackedPerLife ?? 0);
      for (const until = Date.now() + 20_000; acked.length < target && Date.now() < until; ) await sleep(50);
      await sleep(opts.minMs + rand() * (opts.maxMs - opts.minMs));
      await run.kill();
      run = await serveProcess(env);
      connectAll(run.url);
    }
    // After the last restart the bots go on by themselves.
    const botTable = async (): Promise<{ seq: number; status: string }> => (await fetch(`${run.url}/api/tables/${botTables[0]}`)).json() as Promise<{ seq: number; status: string }>;
    const atRestart = await botTable();
    let later = atRestart;
    // Polled for up to 10 s rather than read once after a second: a busy machine is slow, not stuck.
    for (const until = Date.now() + 10_000; later.status !== 'finished' && later.seq <= atRestart.seq && Date.now() < until; ) {
      await sleep(200);
      later = await botTable();
    }
    const botTableResumed = atRestart.status === 'finished' || later.status === 'finished' || later.seq > atRestart.seq;
    for (const s of sockets) s.close();
    await run.close();

    const store = openSqliteStore(db);
    let lost = 0;
    let notResumed = 0;
    const maxAcked = new Map<string, number>();
    for (const a of acked) maxAcked.set(a.tableId, Math.max(maxAcked.get(a.tableId) ?? 0, a.seq));
    const logs = new Map<string, Awaited<ReturnType<typeof store.getActions>>>();
    for (const id of new Set(seats.map((s) => s.tableId))) logs.set(id, await store.getActions(id));
    for (const a of acked) {
      const stored = logs.get(a.tableId)?.find((x) => x.seq === a.seq);
      if (!stored || stored.seat !== a.seat || !isDeepStrictEqual(stored.action, JSON.parse(JSON.stringify(a.action)))) lost++;
    }
    for (const [id, seq] of maxAcked) if (((await store.getTable(id))?.seq ?? 0) < seq) notResumed++;
    await store.close();
    return { kills, acknowledged: acked.length, lost, notResumed, botTableResumed };
  } finally {
    for (const s of sockets) s.close();
    await run.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
