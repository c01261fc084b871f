/**
 * The `Store` contract (src/server/storage/types.ts), one suite run against every implementation:
 * test/store-sqlite.test.ts and test/store-postgres.test.ts call `storeContract` with a way to
 * open a fresh store and to open it again on the same data (persistence).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LeaseLostError, type AppendAction, type Store, type StoredTable } from '../src/server/storage/types.js';

export interface StoreUnderTest {
  /** A store on fresh, empty data. */
  fresh(): Promise<Store>;
  /** Another store on the data of the last `fresh` one (after that one is closed). */
  reopen(): Promise<Store>;
}

export const storedTable = (id: string, over: Partial<StoredTable> = {}): StoredTable => ({
  id,
  game: 'autumn-leaves',
  seed: `seed-${id}`,
  options: { players: 3, variant: 'classic' },
  seats: [
    { kind: 'human', name: 'Ada', tokenHash: 'h0' },
    { kind: 'human', name: null, tokenHash: null },
    { kind: 'bot', bot: 'easy' },
  ],
  status: 'open',
  seq: 0,
  outcome: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const step = (tableId: string, seq: number, over: Partial<AppendAction> = {}): AppendAction => ({
  tableId,
  seq,
  seat: seq % 3,
  action: { type: 'play', card: `c${seq}`, nested: { z: 1, a: [seq, 'ü'] } },
  status: 'running',
  outcome: null,
  at: `2026-01-01T00:00:${String(seq).padStart(2, '0')}.000Z`,
  ...over,
});

export function storeContract(name: string, under: () => StoreUnderTest | undefined): void {
  describe(`Store contract: ${name}`, () => {
    const opened: Store[] = [];
    const fresh = async (): Promise<Store> => {
      const s = await under()!.fresh();
      opened.push(s);
      return s;
    };
    const reopen = async (): Promise<Store> => {
      const s = await under()!.reopen();
      opened.push(s);
      return s;
    };
    afterEach(async () => {
      for (const s of opened.splice(0)) await s.close();
    });

    it('creates and gets a table as it was given, optional fields included', async () => {
      const store = await fresh();
      const full = storedTable('full', { arrangement: { hands: [[1, 2], [3]] }, fixedDeal: true, settings: { clock: 'relaxed', rematchOf: 'x' } });
      await store.createTable(full);
      await store.createTable(storedTable('bare'));
      expect(await store.getTable('full')).toEqual(full);
      const bare = await store.getTable('bare');
      expect(bare).toEqual(storedTable('bare'));
      expect(bare && 'arrangement' in bare).toBe(false);
      expect(bare && 'fixedDeal' in bare).toBe(false);
      expect(bare && 'settings' in bare).toBe(false);
      expect(await store.getTable('nope')).toBeUndefined();
      expect(await store.getActions('nope')).toEqual([]);
      await expect(store.createTable(storedTable('full'))).rejects.toThrow();
      expect(await store.getTable('full')).toEqual(full);
    });

    it('updates seats and status; an unknown table is refused', async () => {
      const store = await fresh();
      await store.createTable(storedTable('t'));
      const seats = [
        { kind: 'human', name: 'Ada', tokenHash: 'h0' },
        { kind: 'human', name: 'Bo', tokenHash: 'h1' },
        { kind: 'bot', bot: 'hard' },
      ] as const;
      await store.updateSeats('t', [...seats], 'running', '2026-01-01T00:01:00.000Z');
      const t = await store.getTable('t');
      expect(t?.seats).toEqual(seats);
      expect(t?.status).toBe('running');
      expect(t?.updatedAt).toBe('2026-01-01T00:01:00.000Z');
      await expect(store.updateSeats('nope', [], 'running', 'x')).rejects.toThrow();
    });

    it('appends actions in order and advances the table row with them', async () => {
      const store = await fresh();
      await store.createTable(storedTable('t', { status: 'running' }));
      for (let seq = 1; seq <= 5; seq++) await store.appendAction(step('t', seq));
      const outcome = { scores: [3, 1, 2], ranks: [1, 3, 2], winners: [0], details: ['3 points', '1 point', '2 points'], rounds: 2 };
      await store.appendAction(step('t', 6, { status: 'finished', outcome }));
      const actions = await store.getActions('t');
      expect(actions.map((a) => a.seq)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(actions[2]).toEqual({ seq: 3, seat: 0, action: step('t', 3).action, at: step('t', 3).at });
      const t = await store.getTable('t');
      expect(t).toMatchObject({ seq: 6, status: 'finished', outcome, updatedAt: step('t', 6).at });
    });

    it('refuses a duplicate or a gap and changes nothing', async () => {
      const store = await fresh();
      await store.createTable(storedTable('t', { status: 'running' }));
      await store.appendAction(step('t', 1));
      await store.appendAction(step('t', 2));
      const before = { table: await store.getTable('t'), actions: await store.getActions('t') };
      await expect(store.appendAction(step('t', 2, { action: { other: true } }))).rejects.toThrow();
      await expect(store.appendAction(step('t', 1))).rejects.toThrow();
      await expect(store.appendAction(step('t', 4))).rejects.toThrow();
      await expect(store.appendAction(step('t', 0))).rejects.toThrow();
      await expect(store.appendAction(step('nope', 1))).rejects.toThrow();
      expect({ table: await store.getTable('t'), actions: await store.getActions('t') }).toEqual(before);
      expect(await store.getTable('nope')).toBeUndefined();
      await store.appendAction(step('t', 3));
      expect((await store.getActions('t')).map((a) => a.seq)).toEqual([1, 2, 3]);
    });

    it('group commit: appends of many tables made at once share transactions, and a refused one fails alone', async () => {
      const store = await fresh();
      const ids = Array.from({ length: 40 }, (_, i) => `g${i}`);
      for (const id of ids) await store.createTable(storedTable(id, { status: 'running' }));
      const before = store.commitStats?.();
      // Every table's first step, a gap at one table, and a table's second step sent before its
      // first has settled (it must land after it, never before or beside it).
      const tries = [
        ...ids.map((id) => store.appendAction(step(id, 1))),
        store.appendAction(step('g3', 5)),
        store.appendAction(step('g7', 2)),
      ];
      const settled = await Promise.allSettled(tries);
      expect(settled.slice(0, ids.length).every((s) => s.status === 'fulfilled')).toBe(true);
      expect(settled[ids.length]?.status).toBe('rejected');
      expect(settled[ids.length + 1]?.status).toBe('fulfilled');
      for (const id of ids) expect((await store.getActions(id)).map((a) => a.seq)).toEqual(id === 'g7' ? [1, 2] : [1]);
      expect((await store.getTable('g3'))?.seq).toBe(1);
      const after = store.commitStats?.();
      if (before && after) {
        expect(after.appends - before.appends).toBe(ids.length + 2);
        expect(after.batches - before.batches).toBeLessThan(ids.length / 4);
      }
    });

    it('lets exactly one of concurrent appends of the same step win', async () => {
      const store = await fresh();
      const other = await reopen(); // a second connection or process on the same data
      await store.createTable(storedTable('t', { status: 'running' }));
      for (let seq = 1; seq <= 3; seq++) {
        const tries = Array.from({ length: 6 }, (_, i) =>
          (i % 2 === 0 ? store : other).appendAction(step('t', seq, { action: { writer: i } })),
        );
        const settled = await Promise.allSettled(tries);
        expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
        const winner = settled.findIndex((s) => s.status === 'fulfilled');
        const actions = await other.getActions('t');
        expect(actions).toHaveLength(seq);
        expect(actions[seq - 1]?.action).toEqual({ writer: winner });
        expect((await store.getTable('t'))?.seq).toBe(seq);
      }
    });

    it('lists tables newest first, by status, in pages', async () => {
      const store = await fresh();
      const at = (m: number): string => `2026-01-01T00:${String(m).padStart(2, '0')}:00.000Z`;
      // Same updatedAt for b/B/a: ties go by id, byte order (upper case first).
      await store.createTable(storedTable('b', { updatedAt: at(5) }));
      await store.createTable(storedTable('a', { updatedAt: at(5) }));
      await store.createTable(storedTable('B', { updatedAt: at(5) }));
      await store.createTable(storedTable('c', { updatedAt: at(7), status: 'running' }));
      await store.createTable(storedTable('d', { updatedAt: at(1), status: 'finished' }));
      await store.createTable(storedTable('e', { updatedAt: at(9) }));
      const ids = async (f: Parameters<Store['listTables']>[0]): Promise<string[]> => (await store.listTables(f)).map((t) => t.id);
      expect(await ids({})).toEqual(['e', 'c', 'B', 'a', 'b', 'd']);
      expect(await ids({ statuses: ['open'] })).toEqual(['e', 'B', 'a', 'b']);
      expect(await ids({ statuses: ['running', 'finished'] })).toEqual(['c', 'd']);
      expect(await ids({ statuses: [] })).toEqual(['e', 'c', 'B', 'a', 'b', 'd']);
      expect(await ids({ limit: 2 })).toEqual(['e', 'c']);
      expect(await ids({ limit: 2, before: 'c' })).toEqual(['B', 'a']);
      expect(await ids({ limit: 2, before: 'a' })).toEqual(['b', 'd']);
      expect(await ids({ statuses: ['open'], before: 'e' })).toEqual(['B', 'a', 'b']);
      expect(await ids({ before: 'd' })).toEqual([]);
      expect(await ids({ before: 'unknown' })).toEqual([]);
      expect((await store.listTables({ limit: 1 }))[0]).toEqual(storedTable('e', { updatedAt: at(9) }));
    });

    it('deletes only old open tables, at most `limit` at a time', async () => {
      const store = await fresh();
      const at = (m: number): string => `2026-01-01T00:${String(m).padStart(2, '0')}:00.000Z`;
      await store.createTable(storedTable('old1', { updatedAt: at(1) }));
      await store.createTable(storedTable('old2', { updatedAt: at(2) }));
      await store.createTable(storedTable('old3', { updatedAt: at(3) }));
      await store.createTable(storedTable('new', { updatedAt: at(30) }));
      await store.createTable(storedTable('run', { updatedAt: at(1), status: 'running' }));
      const first = await store.deleteOpenTables(at(10), 2);
      expect(first).toHaveLength(2);
      const second = await store.deleteOpenTables(at(10), 10);
      expect([...first, ...second].sort()).toEqual(['old1', 'old2', 'old3']);
      expect(await store.deleteOpenTables(at(10), 10)).toEqual([]);
      expect((await store.listTables({})).map((t) => t.id).sort()).toEqual(['new', 'run']);
    });

    it('numbers notes per table from 1, filters them and keeps settings', async () => {
      const store = await fresh();
      await store.createTable(storedTable('a', { settings: { clock: 'relaxed' } }));
      await store.createTable(storedTable('b'));
      expect((await store.appendNote({ tableId: 'a', kind: 'chat', seat: 0, data: { text: 'hi' }, at: 't1' })).n).toBe(1);
      expect((await store.appendNote({ tableId: 'b', kind: 'chat', seat: null, data: null, at: 't1' })).n).toBe(1);
      expect(await store.appendNote({ tableId: 'a', kind: 'takeover', seat: 1, data: { bot: 'easy' }, at: 't2' })).toEqual({
        tableId: 'a',
        n: 2,
        kind: 'takeover',
        seat: 1,
        data: { bot: 'easy' },
        at: 't2',
      });
      expect((await store.appendNote({ tableId: 'a', kind: 'chat', seat: 1, data: { text: 'yo' }, at: 't3' })).n).toBe(3);
      expect((await store.getNotes('a')).map((n) => n.n)).toEqual([1, 2, 3]);
      expect((await store.getNotes('a', { kinds: ['chat'] })).map((n) => n.data)).toEqual([{ text: 'hi' }, { text: 'yo' }]);
      expect((await store.getNotes('a', { after: 1, limit: 1 })).map((n) => n.kind)).toEqual(['takeover']);
      expect(await store.getNotes('a', { kinds: [] })).toEqual([]);
      expect(await store.getNotes('b')).toEqual([{ tableId: 'b', n: 1, kind: 'chat', seat: null, data: null, at: 't1' }]);
      expect((await store.getTable('a'))?.settings).toEqual({ clock: 'relaxed' });
      expect((await store.getTable('b'))?.settings).toBeUndefined();
      await expect(store.appendNote({ tableId: 'nope', kind: 'chat', seat: 0, data: null, at: 't' })).rejects.toThrow();
      expect(await store.getNotes('nope')).toEqual([]);
    });

    it('numbers concurrent notes without gaps or repeats', async () => {
      const store = await fresh();
      const other = await reopen();
      await store.createTable(storedTable('a'));
      const made = await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? store : other).appendNote({ tableId: 'a', kind: 'chat', seat: null, data: { i }, at: 't' })),
      );
      expect(made.map((n) => n.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect((await store.getNotes('a')).map((n) => n.n)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    });

    it('leases: one holder at a time; a lease is taken over only once it expired; finished tables need none', async () => {
      const store = await fresh();
      await store.createTable(storedTable('t', { status: 'running' }));
      await store.createTable(storedTable('done', { status: 'finished' }));
      const t0 = '2026-01-01T00:00:00.000Z';
      expect(await store.acquireLease('t', 'A', '2026-01-01T00:00:05.000Z', t0)).toEqual({ kind: 'acquired' });
      expect(await store.acquireLease('t', 'B', '2026-01-01T00:00:06.000Z', '2026-01-01T00:00:01.000Z')).toEqual({
        kind: 'held',
        owner: 'A',
        until: '2026-01-01T00:00:05.000Z',
      });
      // The holder extends its own lease.
      expect(await store.acquireLease('t', 'A', '2026-01-01T00:00:07.000Z', '2026-01-01T00:00:02.000Z')).toEqual({ kind: 'acquired' });
      expect(await store.renewLeases('A', '2026-01-01T00:00:08.000Z')).toEqual(['t']);
      expect(await store.renewLeases('B', '2026-01-01T00:00:08.000Z')).toEqual([]);
      // Running with a bot seat and expired: listed for takeover; not before.
      expect(await store.listExpiredLeases('2026-01-01T00:00:07.000Z', 10)).toEqual([]);
      expect(await store.listExpiredLeases('2026-01-01T00:00:09.000Z', 10)).toEqual(['t']);
      expect(await store.acquireLease('t', 'B', '2026-01-01T00:00:14.000Z', '2026-01-01T00:00:09.000Z')).toEqual({ kind: 'acquired' });
      expect(await store.renewLeases('A', '2026-01-01T00:00:15.000Z')).toEqual([]);
      await store.releaseLease('t', 'A'); // not A's: nothing happens
      expect(await store.acquireLease('t', 'C', '2026-01-01T00:00:15.000Z', '2026-01-01T00:00:10.000Z')).toMatchObject({ kind: 'held', owner: 'B' });
      await store.releaseLease('t', 'B');
      expect(await store.acquireLease('t', 'C', '2026-01-01T00:00:15.000Z', '2026-01-01T00:00:10.000Z')).toEqual({ kind: 'acquired' });
      expect(await store.acquireLease('done', 'A', '2026-01-01T00:00:15.000Z', t0)).toEqual({ kind: 'finished' });
      expect(await store.acquireLease('nope', 'A', '2026-01-01T00:00:15.000Z', t0)).toEqual({ kind: 'missing' });
    });

    it('leases: a running table of people only is listed for takeover when it has a clock, not without one', async () => {
      const store = await fresh();
      const people: StoredTable['seats'] = [
        { kind: 'human', name: 'Ada', tokenHash: 'h0' },
        { kind: 'human', name: 'Bo', tokenHash: 'h1' },
      ];
      await store.createTable(storedTable('clocked', { status: 'running', seats: people, settings: { time: 'realtime', creatorTokenHash: 'c' } }));
      await store.createTable(storedTable('untimed', { status: 'running', seats: people, settings: { time: 'none' } }));
      await store.createTable(storedTable('old', { status: 'running', seats: people }));
      await store.createTable(storedTable('waiting', { status: 'open', seats: people, settings: { time: 'relaxed' } }));
      expect(await store.listExpiredLeases('2026-01-01T00:00:09.000Z', 10)).toEqual(['clocked']);
      await store.acquireLease('clocked', 'A', '2026-01-01T00:00:10.000Z', '2026-01-01T00:00:09.000Z');
      expect(await store.listExpiredLeases('2026-01-01T00:00:09.500Z', 10)).toEqual([]);
      expect(await store.listExpiredLeases('2026-01-01T00:00:10.000Z', 10)).toEqual(['clocked']);
    });

    it('fencing: a process that lost its lease cannot append or change seats, and nothing changes', async () => {
      const store = await fresh();
      await store.createTable(storedTable('t', { status: 'running' }));
      await store.acquireLease('t', 'A', '2026-01-01T00:00:05.000Z', '2026-01-01T00:00:00.000Z');
      await store.appendAction(step('t', 1, { owner: 'A' }));
      // A is paused past its lease; B takes the table over and plays on.
      expect(await store.acquireLease('t', 'B', '2026-01-01T00:00:11.000Z', '2026-01-01T00:00:06.000Z')).toEqual({ kind: 'acquired' });
      const before = await store.getTable('t');
      const log = await store.getActions('t');
      // A wakes up and appends the step it had prepared, at the right number: refused.
      await expect(store.appendAction(step('t', 2, { owner: 'A' }))).rejects.toBeInstanceOf(LeaseLostError);
      await expect(store.updateSeats('t', [], 'running', 'x', 'A')).rejects.toBeInstanceOf(LeaseLostError);
      expect(await store.getTable('t')).toEqual(before);
      expect(await store.getActions('t')).toEqual(log);
      await store.appendAction(step('t', 2, { owner: 'B' }));
      expect((await store.getActions('t')).map((a) => a.seq)).toEqual([1, 2]);
      // A wrong sequence number from the holder is still a plain refusal, not a lost lease.
      await expect(store.appendAction(step('t', 2, { owner: 'B' }))).rejects.not.toBeInstanceOf(LeaseLostError);
    });

    it('keeps everything when opened again', async () => {
      const store = await fresh();
      await store.createTable(storedTable('t', { status: 'running', settings: { clock: 'blitz' } }));
      await store.appendAction(step('t', 1));
      await store.appendAction(step('t', 2, { status: 'finished', outcome: { scores: [1, 0, 0], ranks: [1, 2, 2], winners: [0], rounds: 1 } }));
      await store.appendNote({ tableId: 't', kind: 'chat', seat: 2, data: { text: 'gg' }, at: 't9' });
      const table = await store.getTable('t');
      const actions = await store.getActions('t');
      await store.close();
      const again = await reopen();
      expect(await again.getTable('t')).toEqual(table);
      expect(await again.getActions('t')).toEqual(actions);
      expect(await again.getNotes('t')).toEqual([{ tableId: 't', n: 1, kind: 'chat', seat: 2, data: { text: 'gg' }, at: 't9' }]);
      await again.appendAction(step('t', 3));
      expect((await again.getTable('t'))?.seq).toBe(3);
    });
  });
}
