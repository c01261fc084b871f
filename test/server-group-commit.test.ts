/**
 * Group commit seen from the server (issue 24): the actions of many tables are saved together,
 * each is acknowledged only once saved, and a batch the database cannot commit fails each of its
 * actions with a retryable answer and changes nothing anyone sees.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createDreyServer, type DreyServer } from '../src/server/app.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import type { ClaimSeatResponse, CreateTableResponse } from '../src/server/protocol.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import type { AppendAction } from '../src/server/storage/types.js';
import { testRegistry } from './server-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'drey-group-commit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const servers: DreyServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function serve(file: string): Promise<DreyServer> {
  const registry = testRegistry();
  const server = await createDreyServer({
    store: openSqliteStore(file, { busyTimeoutMs: 200 }),
    registry,
    bots: createInlineRunner(registry),
    botDelayMs: 0,
    webRoot: '/nonexistent',
    limits: { tablesPerMinute: 10_000, seatsPerMinute: 10_000 },
  });
  servers.push(server);
  return server;
}

async function table(server: DreyServer): Promise<{ id: string; tokens: string[] }> {
  const { table: t, seat } = (
    await server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' } } })
  ).json<CreateTableResponse>();
  const bo = (await server.app.inject({ method: 'POST', url: `/api/tables/${t.id}/seats/2`, payload: { name: 'Bo' } })).json<ClaimSeatResponse>();
  return { id: t.id, tokens: [seat!.token, bo.token] };
}

describe('group commit', () => {
  it('saves the actions of many tables made at once, each acknowledged only once it survives a restart', async () => {
    const file = join(dir, 'many.sqlite');
    const server = await serve(file);
    const tables = await Promise.all(Array.from({ length: 30 }, () => table(server)));
    const answers = await Promise.all(tables.map((t) => server.service.act(t.id, t.tokens[0]!, { type: 'pick', n: 2 })));
    expect(answers.every((a) => a.ok && a.value.seq === 1)).toBe(true);
    await server.close();
    servers.length = 0;
    // Opened again from the file: every acknowledged action is there.
    const again = await serve(file);
    for (const t of tables) expect((await again.service.summary(t.id))?.seq).toBe(1);
  });

  it('a batch the database cannot commit fails each of its actions as retryable and changes nothing; trying again works', async () => {
    const file = join(dir, 'locked.sqlite');
    const server = await serve(file);
    const tables = await Promise.all(Array.from({ length: 5 }, () => table(server)));
    // Another connection holds the write lock: the store's transaction cannot start.
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    const refused = await Promise.all(tables.map((t) => server.service.act(t.id, t.tokens[0]!, { type: 'pick', n: 2 })));
    for (const r of refused) {
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('storage-unavailable');
        expect(r.error.message).toMatch(/not saved.*try again/);
      }
    }
    for (const t of tables) {
      const watched = await server.service.perform<'sync'>({ op: 'sync', tableId: t.id, seat: 0 });
      expect(watched.ok && watched.value.seq).toBe(0);
      expect(watched.ok && watched.value.narration?.lines).toEqual([]);
    }
    other.exec('ROLLBACK');
    other.close();
    const retried = await Promise.all(tables.map((t) => server.service.act(t.id, t.tokens[0]!, { type: 'pick', n: 2 })));
    expect(retried.map((r) => r.ok && r.value.seq)).toEqual(tables.map(() => 1));
  });

  it("marks a bot's actions, and no person's, for the group commit to answer after the people's (issue 24)", async () => {
    const registry = testRegistry();
    const store = openSqliteStore(join(dir, 'bots.sqlite'), { busyTimeoutMs: 200 });
    const appended: AppendAction[] = [];
    const append = store.appendAction.bind(store);
    store.appendAction = (entry) => {
      appended.push(entry);
      return append(entry);
    };
    const server = await createDreyServer({ store, registry, bots: createInlineRunner(registry), botDelayMs: 0, webRoot: '/nonexistent' });
    servers.push(server);
    const { table: t, seat } = (
      await server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }], join: { seat: 0, name: 'Ann' } } })
    ).json<CreateTableResponse>();
    await vi.waitFor(async () => {
      if (!appended.some((e) => e.seat === 0)) await server.service.act(t.id, seat!.token, { type: 'pick', n: 2 });
      expect(appended.some((e) => e.seat === 0) && appended.some((e) => e.seat === 1)).toBe(true);
    });
    for (const e of appended) expect({ seat: e.seat, bot: e.bot }).toEqual({ seat: e.seat, bot: e.seat === 1 ? true : undefined });
  });
});
