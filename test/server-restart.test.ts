/**
 * kill -9 in the middle of games: the server process is killed with SIGKILL while bots play and a
 * person waits at another table; started again on the same SQLite file, every table resumes
 * where its last committed action left it, and nothing any client was shown is lost.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ActAck, CreateTableResponse, TableSummary, WatchAck } from '../src/server/protocol.js';
import { client, type TestClient } from './server-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'drey-restart-'));
const db = join(dir, 'drey.sqlite');
const children: ChildProcess[] = [];
const clients: TestClient[] = [];

afterAll(() => {
  for (const c of clients) c.close();
  for (const p of children) if (p.exitCode === null) p.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `node dist/server/start.js` (built by the global setup) on a free port. */
async function startServer(): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['dist/server/start.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DREY_DB: db, DREY_BOT_DELAY_MS: '15', DREY_BOT_WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(proc);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /serving on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    proc.once('exit', (code) => reject(new Error(`the server exited (${String(code)}): ${out}`)));
  });
  return { proc, url };
}

const post = async <T>(url: string, body: unknown): Promise<T> => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as T;
};

const latest = (c: TestClient) => [...c.snapshots, ...c.updates].sort((a, b) => b.seq - a.seq)[0]!;

describe('a server killed with SIGKILL mid-game', () => {
  it('resumes every table from its event log, bots included', async () => {
    let { proc, url } = await startServer();
    const bots = [1, 2, 3].map(() => ({ kind: 'bot', bot: 'easy' }));
    const allBots = await post<CreateTableResponse>(`${url}/api/tables`, { game: 'autumn-leaves', seats: [...bots, { kind: 'bot', bot: 'random' }] });
    const withHuman = await post<CreateTableResponse>(`${url}/api/tables`, { game: 'autumn-leaves', seats: [{ kind: 'human' }, ...bots], join: { seat: 0, name: 'Ann' } });
    const waiting = await post<CreateTableResponse>(`${url}/api/tables`, { game: 'autumn-leaves', seats: [{ kind: 'human' }, { kind: 'human' }, ...bots.slice(0, 1)], join: { seat: 0, name: 'Bo' } });
    const token = withHuman.seat!.token;

    const watchBots = await client(url);
    const ann = await client(url);
    clients.push(watchBots, ann);
    await watchBots.emit<WatchAck>('watch', { tableId: allBots.table.id });
    await ann.emit<WatchAck>('watch', { tableId: withHuman.table.id, token });
    // Ann plays a few moves, then leaves the table waiting for her.
    for (let moves = 0; moves < 4; ) {
      const f = await ann.waitFor((m) => m.legal.length > 0 && m.seq >= latest(ann).seq);
      const ack = await ann.emit<ActAck>('act', { tableId: withHuman.table.id, token, seq: f.seq, action: f.legal[0] });
      expect(ack.ok).toBe(true);
      moves++;
      await ann.waitFor((m) => m.seq > f.seq);
    }
    // A table that waits for Ann alone (in a simultaneous choice the bots may still be choosing).
    const annFrame = await ann.waitFor((m) => m.legal.length > 0 && m.toAct.length === 1 && m.seq === latest(ann).seq);
    await watchBots.waitFor((m) => m.seq >= 30, 20_000);

    proc.kill('SIGKILL');
    await new Promise((r) => proc.once('exit', r));
    const seenBots = latest(watchBots).seq;
    expect(latest(watchBots).status).toBe('running');

    ({ proc, url } = await startServer());
    const tables = await (await fetch(`${url}/api/tables`)).json() as TableSummary[];
    const byId = new Map(tables.map((t) => [t.id, t]));
    // Everything a client was shown had been committed first.
    expect(byId.get(allBots.table.id)!.seq).toBeGreaterThanOrEqual(seenBots);
    expect(byId.get(withHuman.table.id)!.seq).toBe(annFrame.seq);
    expect(byId.get(waiting.table.id)!).toMatchObject({ status: 'open', seq: 0 });

    // Ann is back in her seat, with exactly the table she left.
    const back = await client(url);
    clients.push(back);
    await back.emit<WatchAck>('watch', { tableId: withHuman.table.id, token });
    const snap = back.snapshots[0]!;
    expect(snap.seq).toBe(annFrame.seq);
    expect(snap.view).toEqual(annFrame.view);
    expect(snap.legal).toEqual(annFrame.legal);
    expect((await back.emit<ActAck>('act', { tableId: withHuman.table.id, token, seq: snap.seq, action: snap.legal[0] })).ok).toBe(true);

    // The bots' table goes on by itself.
    const watchAgain = await client(url);
    clients.push(watchAgain);
    await watchAgain.emit<WatchAck>('watch', { tableId: allBots.table.id });
    const resumedAt = watchAgain.snapshots[0]!.seq;
    await watchAgain.waitFor((m) => m.seq > resumedAt + 5, 20_000);

    // The waiting table still takes its second player, and then starts.
    const claimed = await post<{ table: TableSummary }>(`${url}/api/tables/${waiting.table.id}/seats/2`, { name: 'Cy' });
    expect(claimed.table.status).toBe('running');
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  });
});
