/**
 * Issue 15, item 5: table creation and seat claims are rate-limited per address; the lobby pages;
 * open tables nobody joins expire; only running tables with bots load at start; finished tables
 * loaded on demand are let go again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DreyServer } from '../src/server/app.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import type { CreateTableResponse, TableSummary } from '../src/server/protocol.js';
import { TableService } from '../src/server/service.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import type { Store } from '../src/server/storage/types.js';
import { makeServer, testRegistry } from './server-helpers.js';

let server: DreyServer | undefined;
const services: TableService[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const s of services.splice(0)) await s.close();
});

const twoSeats = { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' } };
type ErrorBody = { error: { code: string; message: string } };

describe('the lobby under a flood', () => {
  it('rate-limits table creation and seat claims per address, in Drey’s error shape', async () => {
    server = await makeServer();
    const app = server.app;
    const made: CreateTableResponse[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await app.inject({ method: 'POST', url: '/api/tables', payload: twoSeats });
      expect(r.statusCode).toBe(201);
      made.push(r.json<CreateTableResponse>());
    }
    const refused = await app.inject({ method: 'POST', url: '/api/tables', payload: twoSeats });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>().error).toMatchObject({ code: 'rate-limited', message: expect.stringContaining('try again in') });
    // Another address is not affected.
    expect((await app.inject({ method: 'POST', url: '/api/tables', payload: twoSeats, remoteAddress: '10.0.0.2' })).statusCode).toBe(201);
    for (const m of made) expect((await app.inject({ method: 'POST', url: `/api/tables/${m.table.id}/seats/2`, payload: { name: 'Bo' } })).statusCode).toBe(200);
    const sniped = await app.inject({ method: 'POST', url: `/api/tables/${made[0]!.table.id}/seats/2`, payload: { name: 'Bo' } });
    expect(sniped.statusCode).toBe(429);
    expect(sniped.json<ErrorBody>().error.code).toBe('rate-limited');
  });

  it('pages the lobby: one status at a time, after the last table seen', async () => {
    server = await makeServer();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await server.app.inject({ method: 'POST', url: '/api/tables', payload: twoSeats, remoteAddress: `10.0.1.${i}` });
      ids.push(r.json<CreateTableResponse>().table.id);
    }
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 5; page++) {
      const r = await server.app.inject({ method: 'GET', url: `/api/tables?status=open&limit=3${before ? `&before=${before}` : ''}` });
      const tables = r.json<TableSummary[]>();
      seen.push(...tables.map((t) => t.id));
      if (tables.length < 3) break;
      before = tables.at(-1)!.id;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect((await server.app.inject({ method: 'GET', url: '/api/tables?status=closed' })).statusCode).toBe(400);
    expect((await server.app.inject({ method: 'GET', url: '/api/tables?limit=1000' })).statusCode).toBe(400);
  });
});

describe('tables in memory', () => {
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const make = (store: Store, opts: { finishedTtlMs?: number } = {}): TableService => {
    const s = new TableService({
      store,
      registry: testRegistry(),
      bots: createInlineRunner(testRegistry()),
      botDelayMs: 0,
      openTableTtlMs: 60_000,
      now: () => new Date(clock),
      ...opts,
    });
    services.push(s);
    return s;
  };

  it('leaves abandoned tables out of "Playing now": nobody at the table and no move for 30 minutes (issue 25)', async () => {
    const store = openSqliteStore(':memory:');
    const s = make(store);
    const practice = await s.create({ game: 'pick', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }], join: { seat: 0, name: 'A' } });
    const daily = await s.create({ game: 'pick', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }], join: { seat: 0, name: 'A' }, time: 'turn-based' });
    if (!practice.ok || !daily.ok) throw new Error('not created');
    const id = practice.value.table.id;
    const running = async (): Promise<string[]> => (await s.list({ status: 'running' })).map((t) => t.id);
    expect(await running()).toContain(id);
    // The player left (no page open) and nothing was played for 29 minutes: still playing now.
    clock += 29 * 60_000;
    expect(await running()).toContain(id);
    clock += 2 * 60_000;
    expect(await running()).not.toContain(id);
    expect((await s.list()).map((t) => t.id)).not.toContain(id);
    // A turn-based table waits for days by design: never abandoned.
    expect(await running()).toContain(daily.value.table.id);
    // The table itself is still there, and comes back to the list when the player opens it again.
    expect(await s.summary(id)).toMatchObject({ status: 'running' });
    const table = (await s.getTable(id))!;
    s.presence(table, 0, 1);
    expect(await running()).toContain(id);
    s.presence(table, 0, -1);
    expect(await running()).not.toContain(id);
  });

  it('deletes open tables nobody joined within the time-to-live, and nothing else', async () => {
    const store = openSqliteStore(':memory:');
    const s = make(store);
    const stale = await s.create({ game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }] });
    const running = await s.create({ game: 'pick', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }], join: { seat: 0, name: 'A' } });
    clock += 50_000;
    const fresh = await s.create({ game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }] });
    clock += 20_000;
    if (!stale.ok || !running.ok || !fresh.ok) throw new Error('not created');
    expect(await s.expireOpenTables()).toBe(1);
    expect(await s.summary(stale.value.table.id)).toBeUndefined();
    expect(await s.summary(fresh.value.table.id)).toMatchObject({ status: 'open' });
    expect(await s.summary(running.value.table.id)).toBeDefined();
    expect((await s.list()).map((t) => t.id)).not.toContain(stale.value.table.id);
  });

  it('loads only running tables with bots or a running clock at start, and lets finished tables loaded on demand go again', async () => {
    const store = openSqliteStore(':memory:');
    const first = make(store);
    const ids: Record<string, string> = {};
    for (const [name, req] of Object.entries({
      open: { game: 'pick', seats: [{ kind: 'human' as const }, { kind: 'human' as const }] },
      humans: { game: 'pick', seats: [{ kind: 'human' as const }, { kind: 'human' as const }], join: { seat: 0, name: 'A' }, time: 'none' as const },
      clocked: { game: 'pick', seats: [{ kind: 'human' as const }, { kind: 'human' as const }], join: { seat: 0, name: 'A' }, time: 'relaxed' as const },
      bots: { game: 'pick', seats: [{ kind: 'human' as const }, { kind: 'bot' as const, bot: 'random' }], join: { seat: 0, name: 'A' } },
      finished: { game: 'pick', options: { rounds: 1 }, seats: [{ kind: 'bot' as const, bot: 'random' }, { kind: 'bot' as const, bot: 'random' }] },
    })) {
      const r = await first.create(req);
      if (!r.ok) throw new Error(r.error.message);
      ids[name] = r.value.table.id;
    }
    expect((await first.perform<'claim'>({ op: 'claim', tableId: ids.humans!, seat: 1, req: { name: 'B' } })).ok).toBe(true);
    expect((await first.perform<'claim'>({ op: 'claim', tableId: ids.clocked!, seat: 1, req: { name: 'B' } })).ok).toBe(true);
    for (let i = 0; i < 200 && (await first.summary(ids.finished!))?.status !== 'finished'; i++) await new Promise((r) => setTimeout(r, 5));
    await first.close();

    const second = make(store, { finishedTtlMs: 30 });
    await second.start();
    // The table with a bot, and the clocked table (its clocks run on, absence.ts).
    expect(second.tablesInMemory()).toBe(2);
    expect(await second.summary(ids.finished!)).toMatchObject({ status: 'finished' });
    expect(second.tablesInMemory()).toBe(3);
    await new Promise((r) => setTimeout(r, 80));
    expect(second.tablesInMemory()).toBe(2);
  });
});
