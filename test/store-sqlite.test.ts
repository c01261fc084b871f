import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import { storeContract, type StoreUnderTest } from './store-contract.js';

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
