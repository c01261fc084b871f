/**
 * Issue 15, item 4: the deal of a table with other people is the server's; its commitment is
 * published from the start and the seed revealed at the end, and the record replays that deal.
 * Fixed seeds and arrangements stay for practice tables, marked as such.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { matchFromRecord, type MatchRecord } from '../src/engine/match.js';
import type { ClaimSeatResponse, CreateTableResponse, ReplayResponse, TableSummary } from '../src/server/protocol.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import { liveServerPerTest, testGames } from './server-helpers.js';

const live = liveServerPerTest();

const create = (payload: Record<string, unknown>) => live.server.app.inject({ method: 'POST', url: '/api/tables', payload });
const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

describe('the deal', () => {
  it('refuses a fixed seed or arrangement at a table with other people', async () => {
    for (const fix of [{ seed: 'known' }, { arrangement: { anything: 1 } }]) {
      const r = await create({ game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Eve' }, ...fix });
      expect(r.statusCode).toBe(400);
      expect(r.json<{ error: { code: string; message: string } }>().error).toMatchObject({ code: 'bad-options', message: expect.stringContaining('practice table') });
    }
    expect((await live.server.app.inject({ method: 'GET', url: '/api/tables' })).json<TableSummary[]>()).toEqual([]);
  });

  it('keeps fixed seeds for practice tables, and says so', async () => {
    const r = await create({ game: 'pick', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }], seed: 'tutorial', join: { seat: 0, name: 'Ann' } });
    expect(r.statusCode).toBe(201);
    const { table } = r.json<CreateTableResponse>();
    expect(table.deal).toEqual({ kind: 'fixed', commitment: sha256('tutorial'), seed: null });
    expect((await live.server.app.inject({ method: 'GET', url: '/api/tables' })).json<TableSummary[]>()[0]!.deal.kind).toBe('fixed');
  });

  it('commits to the server seed at the start, reveals it at the end, and the record replays that deal', async () => {
    const { table, seat } = (await create({ game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], options: { rounds: 1 }, join: { seat: 0, name: 'Ann' } })).json<CreateTableResponse>();
    expect(table.deal).toMatchObject({ kind: 'server', seed: null });
    expect(table.deal.commitment).toMatch(/^[0-9a-f]{64}$/);
    const bo = (await live.server.app.inject({ method: 'POST', url: `/api/tables/${table.id}/seats/2`, payload: { name: 'Bo' } })).json<ClaimSeatResponse>();
    const ann = await live.open();
    await ann.emit('watch', { tableId: table.id, token: seat!.token });
    expect(ann.snapshots[0]!.deal).toEqual(table.deal);
    await ann.emit('act', { tableId: table.id, token: seat!.token, seq: 0, action: { type: 'pick', n: 1 } });
    await ann.emit('act', { tableId: table.id, token: bo.token, seq: 1, action: { type: 'pick', n: 2 } });
    const frame = await ann.waitFor((m) => m.seq === 2);
    await ann.emit('act', { tableId: table.id, token: frame.toAct[0] === 0 ? seat!.token : bo.token, seq: 2, action: { type: 'collect' } });
    const done = await ann.waitFor((m) => m.status === 'finished');
    expect(done.deal.seed).not.toBeNull();
    expect(sha256(done.deal.seed!)).toBe(table.deal.commitment);
    // What `drey replay` does with the record: the same deal, the same end.
    const replay = (await live.server.app.inject({ method: 'GET', url: `/api/tables/${table.id}/replay` })).json<ReplayResponse>();
    const record = replay.record as MatchRecord;
    expect(record.seed).toBe(done.deal.seed);
    const again = matchFromRecord(testGames[0]!, record);
    expect(again.ok && testGames[0]!.outcome(again.value.state)).toEqual(done.outcome);
  });

  it('opens files made before the deal was stored', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drey-old-'));
    try {
      const file = join(dir, 'old.sqlite');
      const old = new Database(file);
      old.exec(`CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, seed TEXT NOT NULL, options TEXT NOT NULL, arrangement TEXT,
        seats TEXT NOT NULL, status TEXT NOT NULL, seq INTEGER NOT NULL, outcome TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
      old.prepare(`INSERT INTO tables VALUES ('old-table', 'pick', 's', '{"rounds":1}', NULL, '[]', 'open', 0, NULL, 'x', 'x')`).run();
      old.close();
      const store = openSqliteStore(file);
      expect(await store.getTable('old-table')).toMatchObject({ id: 'old-table', seed: 's' });
      expect((await store.getTable('old-table'))?.fixedDeal).toBeUndefined();
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
