/**
 * `drey db copy` and `drey db migrate` through the real binary: a history made of real matches
 * (played by the engine and stored as the server stores them: actions, notes, open/running/finished
 * tables) goes SQLite → PostgreSQL → SQLite and comes back identical, verified by replay.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { dreyRun, type Run } from './cli-run.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, play } from '../src/engine/match.js';
import { BUILTINS } from '../src/games/index.js';
import { MIGRATIONS } from '../src/server/storage/postgres.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import type { Store, StoredSeat } from '../src/server/storage/types.js';
import { dropSchemas, newSchema, pgSkipReason, PG_URL } from './pg-helpers.js';

const skip = await pgSkipReason();
const dir = mkdtempSync(join(tmpdir(), 'drey-db-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await dropSchemas();
});

const drey = (args: string[]): Promise<Run> => dreyRun(args);

/** A URL whose connections work in `schema` (created here). */
async function schemaUrl(schema: string): Promise<string> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

const at = (i: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
const human = (name: string): StoredSeat => ({ kind: 'human', name, tokenHash: `hash-${name}` });

/** Plays `game` with the first legal action each time, `steps` actions at most, storing each as the server does. */
async function storeMatch(store: Store, id: string, gameId: string, seats: number, steps: number): Promise<void> {
  const game = BUILTINS.get(gameId)!.game;
  const created = createMatch(game, { seats, seed: `seed-${id}` });
  if (!created.ok) throw new Error(created.error.message);
  const match = created.value;
  await store.createTable({
    id,
    game: gameId,
    seed: `seed-${id}`,
    options: match.record.options,
    seats: Array.from({ length: seats }, (_, s) => (s === 0 ? human(`p${id}`) : { kind: 'bot', bot: 'easy' })),
    status: 'running',
    seq: 0,
    outcome: null,
    createdAt: at(0),
    updatedAt: at(0),
    settings: { clock: 'relaxed' },
  });
  for (let seq = 1; seq <= steps; seq++) {
    const seat = game.toAct(match.state)[0]!;
    const action = game.legalActions(match.state, seat)[0];
    const played = play(match, seat, action);
    if (!played.ok) throw new Error(played.error.message);
    const outcome = played.value.outcome;
    await store.appendAction({ tableId: id, seq, seat, action, status: outcome ? 'finished' : 'running', outcome, at: at(seq) });
    if (seq % 25 === 0) await store.appendNote({ tableId: id, kind: 'chat', seat: 0, data: { text: `move ${seq}` }, at: at(seq) });
    if (outcome) break;
  }
}

async function everything(store: Store): Promise<unknown[]> {
  const tables = await store.listTables({});
  return Promise.all(tables.map(async (t) => ({ t, actions: await store.getActions(t.id), notes: await store.getNotes(t.id) })));
}

describe.skipIf(skip !== undefined)('drey db', { timeout: 180_000 }, () => {
  const source = join(dir, 'source.sqlite');
  let before: unknown[] = [];

  beforeAll(async () => {
    const store = openSqliteStore(source);
    await storeMatch(store, 'fin-al', 'autumn-leaves', 3, 10_000);
    await storeMatch(store, 'fin-ac', 'acorns', 2, 10_000);
    await storeMatch(store, 'run-ar', 'acorn-run', 2, 40);
    await store.createTable({
      id: 'open-1',
      game: 'acorns',
      seed: 'seed-open',
      options: {},
      seats: [human('Ann'), { kind: 'human', name: null, tokenHash: null }],
      status: 'open',
      seq: 0,
      outcome: null,
      createdAt: at(1),
      updatedAt: at(2),
    });
    await store.appendNote({ tableId: 'open-1', kind: 'chat', seat: 0, data: { text: 'anyone?' }, at: at(2) });
    before = await everything(store);
    await store.close();
    expect((await Promise.resolve(before)).length).toBe(4);
  });

  it('copies SQLite to PostgreSQL and back without loss, verified by replay, and refuses a non-empty target', async () => {
    const url = await schemaUrl(newSchema('drey_db'));
    const there = await drey(['db', 'copy', '--from', `sqlite:${source}`, '--to', url]);
    expect(there.stderr).toBe('');
    expect(there.code).toBe(0);
    const copied = /copied 4 tables \(2 finished, 1 open, 1 running\), (\d+) actions, (\d+) notes/.exec(there.stdout);
    expect(copied, there.stdout).not.toBeNull();
    expect(there.stdout).toContain('verified 4 of 4 copied matches by replay');
    expect(there.stdout).not.toContain('drey:drey@'); // the password is not printed

    const back = join(dir, 'back.sqlite');
    const home = await drey(['db', 'copy', '--from', url, '--to', `sqlite:${back}`]);
    expect(home.code, home.stderr).toBe(0);
    expect(home.stdout).toContain(`copied 4 tables (2 finished, 1 open, 1 running), ${copied![1]} actions, ${copied![2]} notes`);
    const again = openSqliteStore(back);
    expect(await everything(again)).toEqual(before);
    await again.close();

    // A second copy into the same target is refused and changes nothing; --append skips what is identical.
    const refused = await drey(['db', 'copy', '--from', `sqlite:${source}`, '--to', url]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('the target already has tables');
    const appended = await drey(['db', 'copy', '--from', `sqlite:${source}`, '--to', url, '--append']);
    expect(appended.code, appended.stderr).toBe(0);
    expect(appended.stdout).toContain('copied 0 tables');
    expect(appended.stdout).toContain('skipped 4 tables the target already had, identical');
  });

  it('reports a target whose copy differs (with --append) and exits 1', async () => {
    const url = await schemaUrl(newSchema('drey_db'));
    expect((await drey(['db', 'copy', '--from', `sqlite:${source}`, '--to', url])).code).toBe(0);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`UPDATE actions SET action = '{"type":"forged"}' WHERE table_id = 'fin-ac' AND seq = 2`);
    await client.end();
    const run = await drey(['db', 'copy', '--from', `sqlite:${source}`, '--to', url, '--append']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('fin-ac: the action log differs');
    expect(run.stdout).toContain('skipped 3 tables');
  });

  it('migrates a new PostgreSQL database once, and says so', async () => {
    const url = await schemaUrl(newSchema('drey_db'));
    const first = await drey(['db', 'migrate', '--database', url]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('applied: 1 tables, actions and notes');
    // Every migration there is (the leases of several processes came as version 2).
    expect(first.stdout).toContain(`schema at version ${MIGRATIONS.length} (${MIGRATIONS.length} applied now)`);
    const second = await drey(['db', 'migrate', '--database', url]);
    expect(second.stdout).toContain(`already applied: ${MIGRATIONS.length}`);
    expect(second.stdout).toContain('(0 applied now)');
    const sqlite = await drey(['db', 'migrate', '--database', `sqlite:${join(dir, 'new.sqlite')}`]);
    expect(sqlite.code).toBe(0);
    expect(sqlite.stdout).toContain('schema is current');
    const bad = await drey(['db', 'migrate', '--database', 'postgres://drey:wrong@127.0.0.1:1/none']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^drey: cannot migrate postgres:\/\/drey:\*\*\*@127\.0\.0\.1:1\/none/);
  });
});
