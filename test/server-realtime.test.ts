/** Live tables over socket.io against a server on 127.0.0.1: views, turns, errors, bots, reconnection. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DreyServer } from '../src/server/app.js';
import { createDreyServer } from '../src/server/app.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import type { ActAck, CreateTableResponse, ClaimSeatResponse, ReplayResponse, WatchAck } from '../src/server/protocol.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import type { Store } from '../src/server/storage/types.js';
import { TableService } from '../src/server/service.js';
import type { AnyGame } from '../src/engine/game.js';
import type { PickView } from './fixtures/pick-game.js';
import { client, makeServer, testGames, testRegistry, type TestClient } from './server-helpers.js';

let server: DreyServer;
let url: string;
const clients: TestClient[] = [];
const open = async (): Promise<TestClient> => {
  const c = await client(url);
  clients.push(c);
  return c;
};

beforeEach(async () => {
  server = await makeServer();
  url = (await server.listen(0, '127.0.0.1')).url;
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server.close();
});

async function twoHumans(): Promise<{ id: string; tokens: string[] }> {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/tables',
    payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' } },
  });
  const { table, seat } = created.json<CreateTableResponse>();
  const claim = (await server.app.inject({ method: 'POST', url: `/api/tables/${table.id}/seats/2`, payload: { name: 'Bo' } })).json<ClaimSeatResponse>();
  return { id: table.id, tokens: [seat!.token, claim.token] };
}

describe('a live table', () => {
  it('sends each seat its own view and legal actions, and the spectator neither hand nor actions', async () => {
    const { id, tokens } = await twoHumans();
    const [ann, bo, watcher] = [await open(), await open(), await open()];
    expect(await ann.emit<WatchAck>('watch', { tableId: id, token: tokens[0] })).toEqual({ ok: true, seq: 0, you: 0 });
    expect(await bo.emit<WatchAck>('watch', { tableId: id, token: tokens[1] })).toEqual({ ok: true, seq: 0, you: 1 });
    expect(await watcher.emit<WatchAck>('watch', { tableId: id })).toEqual({ ok: true, seq: 0, you: null });
    expect(ann.snapshots[0]!.legal).toHaveLength(3);
    expect(watcher.snapshots[0]!.legal).toEqual([]);

    const ack = await ann.emit<ActAck>('act', { tableId: id, token: tokens[0], seq: 0, action: { type: 'pick', n: 3 } });
    expect(ack).toEqual({ ok: true, seq: 1 });
    const annUpdate = await ann.waitFor((m) => m.seq === 1);
    const boUpdate = await bo.waitFor((m) => m.seq === 1);
    const watchUpdate = await watcher.waitFor((m) => m.seq === 1);
    expect((annUpdate.view as PickView).mine).toBe(3);
    expect(annUpdate.legal).toEqual([]);
    // Bo sees that Ann has picked, not what: the view and the log line both hide it.
    expect((boUpdate.view as PickView).mine).toBeNull();
    expect((boUpdate.view as PickView).picked).toEqual([true, false]);
    expect(JSON.stringify(boUpdate)).not.toContain('picks 3');
    expect(JSON.stringify(watchUpdate)).not.toContain('picks 3');
    // The server tells each page its lines (a game without a narrator: its log lines), with the seat that acted.
    expect('lines' in annUpdate && annUpdate.lines).toEqual([{ seq: 1, seat: 0, text: 'seat 1 picks 3' }]);
    expect('lines' in boUpdate && boUpdate.lines).toEqual([{ seq: 1, seat: 0, text: 'Ann has chosen.' }]);
    expect('lines' in boUpdate && boUpdate.told).toBe(1);
  });

  it('refuses bad input with a reason, to that client only, and changes nothing', async () => {
    const { id, tokens } = await twoHumans();
    const [ann, bo] = [await open(), await open()];
    await ann.emit('watch', { tableId: id, token: tokens[0] });
    await bo.emit('watch', { tableId: id, token: tokens[1] });
    const cases: [unknown, string][] = [
      ['not an object', 'bad-request'],
      [{ tableId: id, action: { type: 'pick', n: 1 } }, 'bad-request'],
      [{ tableId: id, token: 'A'.repeat(43), seq: 0, action: { type: 'pick', n: 1 } }, 'bad-token'],
      [{ tableId: 'nosuchtable', token: tokens[0], seq: 0, action: { type: 'pick', n: 1 } }, 'unknown-table'],
      [{ tableId: id, token: tokens[0], action: { type: 'pick', n: 1 } }, 'bad-request'],
      [{ tableId: id, token: tokens[0], seq: 5, action: { type: 'pick', n: 1 } }, 'stale-action'],
      [{ tableId: id, token: tokens[0], seq: 0, action: { type: 'pick', n: 7 } }, 'malformed-action'],
      [{ tableId: id, token: tokens[0], seq: 0, action: { type: 'collect' } }, 'illegal-action'],
    ];
    for (const [msg, code] of cases) {
      const ack = await ann.emit<ActAck>('act', msg);
      expect(ack.ok).toBe(false);
      if (!ack.ok) {
        expect(ack.error.code).toBe(code);
        expect(ack.error.message.length).toBeGreaterThan(3);
      }
    }
    // Out of turn: Ann has picked and must wait for Bo.
    const first = { tableId: id, token: tokens[0], seq: 0, action: { type: 'pick', n: 1 } };
    await ann.emit('act', first);
    const twice = await ann.emit<ActAck>('act', { tableId: id, token: tokens[0], seq: 1, action: { type: 'pick', n: 2 } });
    expect(twice).toMatchObject({ ok: false, error: { code: 'not-your-turn' } });
    // The same message again is stale: Ann has acted since the frame it was chosen in.
    expect(await ann.emit<ActAck>('act', first)).toMatchObject({ ok: false, error: { code: 'stale-action' } });
    // Without an ack the error arrives as an event, to Ann alone.
    ann.socket.emit('act', { tableId: id, token: tokens[0], action: 'junk' });
    await expect.poll(() => ann.errors.length).toBe(1);
    expect(bo.errors).toEqual([]);
    const table = await server.service.getTable(id);
    expect(table?.stored.seq).toBe(1);
    expect(bo.updates.every((u) => u.seq <= 1)).toBe(true);
  });

  it('plays bots on the server until the game ends, and shows everyone the result', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/tables',
      payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }], options: { rounds: 3 }, join: { seat: 0, name: 'Ann' } },
    });
    const { table, seat } = created.json<CreateTableResponse>();
    const ann = await open();
    await ann.emit('watch', { tableId: table.id, token: seat!.token });
    for (;;) {
      const latest = [...ann.snapshots, ...ann.updates].sort((a, b) => b.seq - a.seq)[0]!;
      if (latest.status === 'finished') break;
      if (latest.legal.length > 0) {
        await ann.emit<ActAck>('act', { tableId: table.id, token: seat!.token, seq: latest.seq, action: latest.legal[0] });
      }
      await ann.waitFor((m) => m.seq > latest.seq || m.status === 'finished');
    }
    const last = ann.updates.at(-1)!;
    expect(last.outcome?.ranks).toHaveLength(3);
    expect(last.toAct).toEqual([]);
    // After the snapshot, sequence numbers arrive in order, each once, with no gap.
    const from = ann.snapshots[0]!.seq;
    const seqs = ann.updates.map((u) => u.seq).filter((s, i, all) => s > from && all.indexOf(s) === i);
    expect(seqs).toEqual(seqs.map((_, i) => from + i + 1));
    expect(seqs.at(-1)).toBe(last.seq);
    const replay = await server.app.inject({ method: 'GET', url: `/api/tables/${table.id}/replay?viewer=spectator` });
    expect(replay.statusCode).toBe(200);
    const { frames, record } = replay.json<ReplayResponse<PickView>>();
    expect(frames).toHaveLength(last.seq + 1);
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i));
    // The start of the game, then each step with its full line (the game is over: all lines are public).
    expect(frames[0]).toMatchObject({ entry: null, view: { round: 0, phase: 'pick' } });
    const first = (record as { actions: { seat: number; action: { n: number } }[] }).actions[0]!;
    expect(frames[1]!.entry).toEqual({ seq: 1, seat: first.seat, text: `seat ${first.seat + 1} picks ${first.action.n}` });
    expect(frames.at(-1)!.view).toMatchObject({ phase: 'over', round: 3 });
  });

  it('puts a reconnecting player back in their seat with the whole log', async () => {
    const { id, tokens } = await twoHumans();
    const ann = await open();
    await ann.emit('watch', { tableId: id, token: tokens[0] });
    await ann.emit('act', { tableId: id, token: tokens[0], seq: 0, action: { type: 'pick', n: 2 } });
    ann.close();
    const bo = await open();
    await bo.emit('watch', { tableId: id, token: tokens[1] });
    await bo.emit('act', { tableId: id, token: tokens[1], seq: 1, action: { type: 'pick', n: 1 } });
    const again = await open();
    expect(await again.emit<WatchAck>('watch', { tableId: id, token: tokens[0] })).toEqual({ ok: true, seq: 2, you: 0 });
    const snap = again.snapshots[0]!;
    expect(snap.narration?.lines.map((l) => l.seq)).toEqual([1, 2]);
    expect(snap.narration?.lines[0]).toEqual({ seq: 1, seat: 0, text: 'seat 1 picks 2' });
    expect(snap.legal).toEqual([{ type: 'collect' }]);
    expect(await again.emit<WatchAck>('sync', { tableId: id })).toEqual({ ok: true, seq: 2, you: 0 });
    expect(again.snapshots).toHaveLength(2);
  });

  it('shows who is connected', async () => {
    const { id, tokens } = await twoHumans();
    const [ann, bo] = [await open(), await open()];
    await ann.emit('watch', { tableId: id, token: tokens[0] });
    await bo.emit('watch', { tableId: id, token: tokens[1] });
    await ann.waitFor((m) => m.seats[1]?.kind === 'human' && m.seats[1].connected);
    bo.close();
    await ann.waitFor((m) => m.seats[1]?.kind === 'human' && !m.seats[1].connected);
  });
});

describe('a failure inside the server', () => {
  it('answers that client with an internal error, changes nothing, and keeps serving', async () => {
    // A game with a rules bug: picking 3 throws inside apply.
    const pick = testGames[0]!;
    const broken = {
      ...pick,
      id: 'broken',
      apply(state: unknown, seat: number, action: { type: string; n?: number }) {
        if (action.type === 'pick' && action.n === 3) throw new Error('a rules bug');
        pick.apply(state, seat, action);
      },
    } as typeof pick;
    const registry = testRegistry([broken]);
    const s = await createDreyServer({ store: openSqliteStore(':memory:'), registry, bots: createInlineRunner(registry), botDelayMs: 0, webRoot: '/none' });
    const u = (await s.listen(0, '127.0.0.1')).url;
    try {
      const { table, seat } = (
        await s.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'broken', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'A' } } })
      ).json<CreateTableResponse>();
      await s.app.inject({ method: 'POST', url: `/api/tables/${table.id}/seats/2`, payload: { name: 'B' } });
      const c = await client(u);
      clients.push(c);
      await c.emit('watch', { tableId: table.id, token: seat!.token });
      expect(await c.emit<ActAck>('act', { tableId: table.id, token: seat!.token, seq: 0, action: { type: 'pick', n: 3 } })).toMatchObject({
        ok: false,
        error: { code: 'internal-error' },
      });
      expect(await c.emit<ActAck>('act', { tableId: table.id, token: seat!.token, seq: 0, action: { type: 'pick', n: 2 } })).toEqual({ ok: true, seq: 1 });
    } finally {
      await s.close();
    }
  });
});

describe('storage', () => {
  it('keeps a table whose stored log stops replaying (the rules changed) as far as it goes', async () => {
    const store = openSqliteStore(':memory:');
    const warnings: string[] = [];
    const opts = { store, registry: testRegistry(), bots: createInlineRunner(testRegistry([])), botDelayMs: 60_000, warn: (m: string) => warnings.push(m) };
    const before = new TableService(opts);
    const created = await before.create({ game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'A' } });
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.table.id;
    const claimed = await before.perform<'claim'>({ op: 'claim', tableId: id, seat: 1, req: { name: 'B' } });
    if (!claimed.ok) throw new Error(claimed.error.message);
    expect((await before.act(id, created.value.seat!.token, { type: 'pick', n: 1 })).ok).toBe(true);
    expect((await before.act(id, claimed.value.token, { type: 'pick', n: 2 })).ok).toBe(true);
    await before.close();
    // Picking 2 is no longer allowed: the second stored action does not replay.
    const pick = testGames[0]!;
    const changed: AnyGame = { ...pick, legalActions: (s, seat) => pick.legalActions(s, seat).filter((a) => (a as { n?: number }).n !== 2) };
    const after = new TableService({ ...opts, registry: testRegistry([changed]) });
    const table = await after.getTable(id);
    expect(table?.stored.seq).toBe(1);
    expect(table?.log.map((e) => e.text)).toEqual(['seat 1 picks 1']);
    expect(warnings).toEqual([expect.stringMatching(/^table \S+: action 2 \(seat 1: .*\) was refused: .*; stopping there$/)]);
    await after.close();
    await store.close();
  });

  it('announces nothing when the commit fails, and the table stays where it was', async () => {
    const real = openSqliteStore(':memory:');
    let failing = false;
    const store: Store = {
      ...real,
      appendAction: (e) => (failing ? Promise.reject(new Error('disk full')) : real.appendAction(e)),
    };
    const registry = testRegistry();
    const s = await createDreyServer({ store, registry, bots: createInlineRunner(registry), botDelayMs: 0, webRoot: '/none' });
    const u = (await s.listen(0, '127.0.0.1')).url;
    try {
      const { table, seat } = (
        await s.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'A' } } })
      ).json<CreateTableResponse>();
      await s.app.inject({ method: 'POST', url: `/api/tables/${table.id}/seats/2`, payload: { name: 'B' } });
      const c = await client(u);
      clients.push(c);
      await c.emit('watch', { tableId: table.id, token: seat!.token });
      failing = true;
      const ack = await c.emit<ActAck>('act', { tableId: table.id, token: seat!.token, seq: 0, action: { type: 'pick', n: 1 } });
      expect(ack).toMatchObject({ ok: false, error: { code: 'storage-error' } });
      expect(c.updates.filter((m) => m.seq > 0)).toEqual([]);
      failing = false;
      expect(await c.emit<ActAck>('act', { tableId: table.id, token: seat!.token, seq: 0, action: { type: 'pick', n: 1 } })).toEqual({ ok: true, seq: 1 });
    } finally {
      await s.close();
    }
  });

  it('resumes every table from its event log after a restart, bots included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drey-'));
    const db = join(dir, 'drey.sqlite');
    try {
      let s = await makeServer({ db, botDelayMs: 60_000 });
      const { table, seat } = (
        await s.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }], options: { rounds: 2 }, join: { seat: 0, name: 'A' } } })
      ).json<CreateTableResponse>();
      expect((await s.service.act(table.id, seat!.token, { type: 'pick', n: 2 })).ok).toBe(true);
      await s.close();
      // The bot had not acted (its delay is long): after the restart it picks up where it was.
      s = await makeServer({ db, botDelayMs: 0 });
      const live = await s.service.getTable(table.id);
      expect(live?.stored.seq).toBe(1);
      await expect.poll(() => live?.stored.seq).toBe(2);
      expect((await s.service.act(table.id, seat!.token, { type: 'collect' })).ok).toBe(true);
      await s.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
