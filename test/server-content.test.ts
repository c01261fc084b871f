/**
 * `drey serve --content` (issue 17): a server plays an Acorn Run variant whose Dash cards cost 1.
 * Its bots think on the worker pool with the variant and decide as the inline runner does; the
 * browser gets the variant's files and draws the market's costs from them; the finished table's
 * record carries the variant's hash; a server restarted without the variant refuses the table
 * with a message saying what it needs, and opens it again once restarted with it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportContent } from '../src/content/files.js';
import { createMatch } from '../src/engine/match.js';
import { actionKey } from '../src/engine/index.js';
import { kindOf } from '../src/games/acorn-run/cards.js';
import { filesContent } from '../src/games/acorn-run/content/files.js';
import { BUILTINS, type Registry } from '../src/games/index.js';
import type { AnyGamePackage } from '../src/games/package.js';
import { variantsOf } from '../src/games/variants.js';
import { createDreyServer, type DreyServer } from '../src/server/app.js';
import { createInlineRunner, createWorkerPool, type BotRunner, type BotTask } from '../src/server/bots/pool.js';
import type { CreateTableResponse, GameContentResponse, GameInfo, ReplayResponse, TableSummary } from '../src/server/protocol.js';
import { contentRegistry } from '../src/server/start.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import { tablesOf } from '../src/games/acorn-run/tables.js';

const tmp = mkdtempSync(join(tmpdir(), 'drey-serve-content-'));
const dir = join(tmp, 'dash-one');
let registry: Registry;
let variant: AnyGamePackage;
const builtin = BUILTINS.get('acorn-run')!;
const runners: BotRunner[] = [];
const servers: DreyServer[] = [];

beforeAll(async () => {
  // A designer's variant: the market-cards file alone, every Dash card costing 1 instead of 2.
  await exportContent(builtin, dir);
  const market = JSON.parse(readFileSync(join(dir, 'market-cards.json'), 'utf8')) as { cheap: { id: string; cost: number }[] };
  for (const c of market.cheap) if (c.id.endsWith('-dash')) c.cost = 1;
  for (const f of readdirSync(dir)) rmSync(join(dir, f));
  writeFileSync(join(dir, 'market-cards.json'), JSON.stringify(market, null, 2));
  const loaded = await contentRegistry([{ game: 'acorn-run', dir }]);
  if (!loaded.ok) throw new Error(loaded.error);
  registry = loaded.value;
  variant = registry.get('acorn-run')!;
});

afterAll(async () => {
  for (const s of servers) await s.close();
  for (const r of runners) await r.close();
  rmSync(tmp, { recursive: true, force: true });
});

const OPTIONS = { trees: 3, roundLimit: 6 };

async function serve(reg: Registry, db: string, bots?: BotRunner): Promise<{ server: DreyServer; url: string }> {
  const server = await createDreyServer({ store: openSqliteStore(db), registry: reg, botWorkers: 2, botDelayMs: 0, webRoot: '/nonexistent', ...(bots ? { bots } : {}) });
  servers.push(server);
  return { server, url: (await server.listen(0, '127.0.0.1')).url };
}

async function getJson<T>(url: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as T };
}

async function createTable(url: string, body: unknown): Promise<CreateTableResponse> {
  const res = await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return (await res.json()) as CreateTableResponse;
}

async function finished(url: string, id: string): Promise<TableSummary> {
  const until = Date.now() + 90_000;
  for (;;) {
    const { body } = await getJson<TableSummary>(`${url}/api/tables/${id}`);
    if (body.status === 'finished') return body;
    if (Date.now() > until) throw new Error(`table ${id} did not finish (move ${body.seq})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a variant on the bot worker pool', () => {
  it('decides on a worker exactly as the inline runner does with the variant; a worker without it refuses', async () => {
    expect(variant.content.variant).toBe('dash-one');
    expect(variant.content.hash).not.toBe(builtin.content.hash);
    const pool = createWorkerPool(1, {}, variantsOf(registry));
    const plain = createWorkerPool(1);
    runners.push(pool, plain);
    const inline = createInlineRunner(registry);
    const shipped = createInlineRunner(BUILTINS);
    const created = createMatch(variant.game, { seats: 2, seed: 'parity', options: OPTIONS });
    if (!created.ok) throw new Error(created.error.message);
    const { state } = created.value;
    let compared = 0;
    let differing = 0;
    for (let step = 0; step < 120 && variant.game.toAct(state).length > 0; step++) {
      const seat = variant.game.toAct(state)[0]!;
      const task: BotTask = { game: 'acorn-run', bot: 'medium', seat, state: variant.game.clone(state), rngSeed: `p:${step}`, content: variant.content.hash };
      const here = await inline.run(task);
      // The variant is another game: the shipped bots would not always choose the same.
      const { content: _variant, ...plainTask } = task;
      if (JSON.stringify(await shipped.run(plainTask)) !== JSON.stringify(here)) differing++;
      if (step % 8 === 0) {
        expect(await pool.run(task)).toEqual(here);
        compared++;
      }
      if (!here.ok) throw new Error(here.error);
      variant.game.apply(state, seat, here.action);
    }
    expect(compared).toBeGreaterThan(5);
    expect(differing).toBeGreaterThan(0);
    const task: BotTask = { game: 'acorn-run', bot: 'easy', seat: 0, state: created.value.state, rngSeed: 'x', content: variant.content.hash };
    expect(await plain.run(task)).toMatchObject({ ok: false, code: 'unknown-content' });
  });
});

describe('drey serve with a variant', () => {
  it('plays a bot table to the end with the variant, tells the browser about it, and refuses the table without it', async () => {
    const db = join(tmp, 'drey.sqlite');
    const { server, url } = await serve(registry, db);

    const games = (await getJson<GameInfo[]>(`${url}/api/games`)).body;
    expect(games.find((g) => g.id === 'acorn-run')!.content).toEqual({ hash: variant.content.hash, variant: 'dash-one' });
    expect(games.find((g) => g.id === 'acorns')!.content).toEqual({ hash: BUILTINS.get('acorns')!.content.hash });
    const content = (await getJson<GameContentResponse>(`${url}/api/games/acorn-run/content`)).body;
    expect(content.hash).toBe(variant.content.hash);

    const request = { game: 'acorn-run', seats: [{ kind: 'bot', bot: 'medium' }, { kind: 'bot', bot: 'easy' }], options: OPTIONS, seed: 'dash-table' };
    const { table } = await createTable(url, request);
    expect(table.content).toEqual({ hash: variant.content.hash, variant: 'dash-one' });
    const done = await finished(url, table.id);
    expect(done.content?.variant).toBe('dash-one');
    const lobby = (await getJson<TableSummary[]>(`${url}/api/tables`)).body;
    expect(lobby.find((t) => t.id === table.id)?.content?.variant).toBe('dash-one');

    const replay = (await getJson<ReplayResponse<{ market: Record<'cheap' | 'expensive', { row: (number | null)[] }> }>>(`${url}/api/tables/${table.id}/replay?viewer=spectator`))
      .body;
    const record = replay.record as { contentHash?: string; actions: unknown[] };
    expect(record.contentHash).toBe(variant.content.hash);

    // The market as the browser draws it: the page builds the tables of the server's files, then reads each card's cost.
    const T = tablesOf(filesContent(content.files));
    const dashCosts = replay.frames.flatMap((f) => f.view.market.cheap.row.flatMap((n) => (n !== null && kindOf(T, n).id.endsWith('-dash') ? [kindOf(T, n).cost] : [])));
    expect(dashCosts.length).toBeGreaterThan(0);
    expect(new Set(dashCosts)).toEqual(new Set([1]));

    // The workers played the variant's bots: the same table on the calling thread makes the same moves.
    const inline = await serve(registry, ':memory:', createInlineRunner(registry));
    const twin = await createTable(inline.url, request);
    await finished(inline.url, twin.table.id);
    const twinReplay = (await getJson<ReplayResponse>(`${inline.url}/api/tables/${twin.table.id}/replay?viewer=spectator`)).body;
    expect((twinReplay.record as { actions: unknown[] }).actions).toEqual(record.actions);

    // A table still running when the server stops, then a restart without the variant.
    const running = await createTable(url, { game: 'acorn-run', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }], options: OPTIONS, join: { seat: 0, name: 'Designer' } });
    await server.close();
    const plain = await serve(BUILTINS, db);
    for (const path of [`/api/tables/${table.id}`, `/api/tables/${table.id}/replay?viewer=spectator`, `/api/tables/${running.table.id}`]) {
      const refused = await getJson<{ error: { code: string; message: string } }>(`${plain.url}${path}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('unknown-content');
      expect(refused.body.error.message).toContain(`variant 'dash-one' of Acorn Run (content ${variant.content.hash.slice(0, 12)})`);
      expect(refused.body.error.message).toContain('--content acorn-run=DIR');
    }
    const act = await fetch(`${plain.url}/api/tables/${running.table.id}/seats/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Someone' }) });
    expect(((await act.json()) as { error: { code: string } }).error.code).toBe('unknown-content');
    await plain.server.close();

    // With the variant again, the tables open as they were.
    const back = await serve(registry, db);
    expect((await getJson<TableSummary>(`${back.url}/api/tables/${table.id}`)).status).toBe(200);
    expect((await getJson<TableSummary>(`${back.url}/api/tables/${running.table.id}`)).body.status).toBe('running');
  }, 180_000);

  it('refuses a table of the shipped game on a server playing the variant', async () => {
    const db = join(tmp, 'shipped.sqlite');
    const first = await serve(BUILTINS, db);
    const { table } = await createTable(first.url, { game: 'acorn-run', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }], options: OPTIONS });
    expect(table.content).toBeUndefined();
    await first.server.close();
    const second = await serve(registry, db);
    const refused = await getJson<{ error: { code: string; message: string } }>(`${second.url}/api/tables/${table.id}`);
    expect(refused.body.error.code).toBe('unknown-content');
    expect(refused.body.error.message).toContain('restart the server without --content for that game');
  });
});
