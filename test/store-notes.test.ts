import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import type { StoredTable } from '../src/server/storage/types.js';

const table = (id: string): StoredTable => ({
  id,
  game: 'autumn-leaves',
  seed: 's',
  options: { players: 3 },
  seats: [],
  status: 'open',
  seq: 0,
  outcome: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  settings: { clock: 'relaxed' },
});

describe('table notes and settings (SQLite store)', () => {
  it('numbers notes per table from 1, filters them and keeps settings', async () => {
    const store = openSqliteStore(':memory:');
    await store.createTable(table('a'));
    await store.createTable({ ...table('b'), settings: undefined });
    expect((await store.appendNote({ tableId: 'a', kind: 'chat', seat: 0, data: { text: 'hi' }, at: 't1' })).n).toBe(1);
    expect((await store.appendNote({ tableId: 'b', kind: 'chat', seat: null, data: null, at: 't1' })).n).toBe(1);
    expect((await store.appendNote({ tableId: 'a', kind: 'takeover', seat: 1, data: { bot: 'easy' }, at: 't2' })).n).toBe(2);
    expect((await store.appendNote({ tableId: 'a', kind: 'chat', seat: 1, data: { text: 'yo' }, at: 't3' })).n).toBe(3);
    expect((await store.getNotes('a')).map((n) => n.n)).toEqual([1, 2, 3]);
    expect((await store.getNotes('a', { kinds: ['chat'] })).map((n) => n.data)).toEqual([{ text: 'hi' }, { text: 'yo' }]);
    expect((await store.getNotes('a', { after: 1, limit: 1 })).map((n) => n.kind)).toEqual(['takeover']);
    expect(await store.getNotes('a', { kinds: [] })).toEqual([]);
    expect((await store.getTable('a'))?.settings).toEqual({ clock: 'relaxed' });
    expect((await store.getTable('b'))?.settings).toBeUndefined();
    await expect(store.appendNote({ tableId: 'nope', kind: 'chat', seat: 0, data: null, at: 't' })).rejects.toThrow();
    expect(await store.getNotes('nope')).toEqual([]);
    await store.close();
  });
});
