import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHECKPOINT_PAGES, openSqliteStore } from '../src/server/storage/sqlite.js';
import type { Store } from '../src/server/storage/types.js';
import { step, storeContract, storedTable, type StoreUnderTest } from './store-contract.js';

const dir = mkdtempSync(join(tmpdir(), 'drey-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
let file = '';
const sqlite: StoreUnderTest = {
  async fresh() {
    file = join(dir, `${++n}.sqlite`);
    return openSqliteStore(file);
  },
  async reopen() {
    return openSqliteStore(file);
  },
};

storeContract('SQLite', () => sqlite);

describe('the writer checkpoints the WAL by size (issue 24, server-capacity)', () => {
  /** Pages the WAL file holds (its header is 32 bytes, each frame a 24-byte header and a page). */
  const walPages = (f: string): number => {
    const size = existsSync(`${f}-wal`) ? statSync(`${f}-wal`).size : 0;
    return size <= 32 ? 0 : (size - 32) / (4096 + 24);
  };
  /** Appends one action per commit to a few tables until `until` says stop or `most` were made; answers how many. */
  const appendUntil = async (store: Store, tables: string[], most: number, until: () => boolean): Promise<number> => {
    const seqs = tables.map(() => 0);
    let made = 0;
    while (made < most && !until()) {
      const t = made % tables.length;
      await store.appendAction(step(tables[t]!, ++seqs[t]!));
      made++;
    }
    return made;
  };

  it(`lets the WAL grow past SQLite's 1,000 pages up to DEFAULT_CHECKPOINT_PAGES (${DEFAULT_CHECKPOINT_PAGES})`, async () => {
    const f = join(dir, 'wal-default.sqlite');
    const store = openSqliteStore(f, { synchronous: 'normal' });
    try {
      const tables = ['w1', 'w2', 'w3', 'w4'];
      for (const id of tables) await store.createTable(storedTable(id, { status: 'running' }));
      // SQLite's own setting checkpoints at 1,000 pages and then reuses the file from its start.
      await appendUntil(store, tables, 4_000, () => walPages(f) > 1_200);
      expect(walPages(f)).toBeGreaterThan(1_200);
      expect(walPages(f)).toBeLessThan(DEFAULT_CHECKPOINT_PAGES);
    } finally {
      await store.close();
    }
  });

  it('checkpoints once the WAL holds checkpointPages, and every action stays', async () => {
    const f = join(dir, 'wal-small.sqlite');
    const store = openSqliteStore(f, { synchronous: 'normal', checkpointPages: 40 });
    const tables = ['s1', 's2', 's3'];
    let made = 0;
    try {
      for (const id of tables) await store.createTable(storedTable(id, { status: 'running' }));
      let largest = 0;
      made = await appendUntil(store, tables, 600, () => {
        largest = Math.max(largest, walPages(f));
        return false;
      });
      // A commit writes a few pages: the WAL never holds much more than the threshold.
      expect(largest).toBeGreaterThan(20);
      expect(largest).toBeLessThanOrEqual(40 + 10);
    } finally {
      await store.close();
    }
    const again = openSqliteStore(f);
    try {
      const counts = await Promise.all(tables.map(async (id) => (await again.getActions(id)).length));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(made);
      expect((await again.getTable('s1'))?.seq).toBe(200);
    } finally {
      await again.close();
    }
  });
});
