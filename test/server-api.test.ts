/** The HTTP API, through app.inject: lobby, creating tables, claiming seats, errors. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDreyServer, type DreyServer } from '../src/server/app.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import type { ClaimSeatResponse, CreateTableResponse, GameInfo, TableSummary } from '../src/server/protocol.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import type { Store } from '../src/server/storage/types.js';
import { api } from '../web/src/api.js';
import { makeServer, testRegistry } from './server-helpers.js';

let server: DreyServer;
beforeEach(async () => {
  server = await makeServer({ botDelayMs: 60_000 });
});
afterEach(async () => {
  await server.close();
});

const post = (url: string, payload: unknown) => server.app.inject({ method: 'POST', url, payload: payload as object });

describe('lobby API', () => {
  it('lists the games with their seat counts and the bots that play them', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/games' });
    expect(res.statusCode).toBe(200);
    const games = res.json<GameInfo[]>();
    expect(games.map((g) => g.id)).toEqual(['pick']);
    expect(games[0]!.seats).toEqual({ min: 2, max: 4 });
    expect(games[0]!.bots.map((b) => b.name)).toContain('random');
  });

  it('creates a table that waits for its human seats, and lists it as open', async () => {
    const res = await post('/api/tables', { game: 'pick', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }] });
    expect(res.statusCode).toBe(201);
    const { table, seat } = res.json<CreateTableResponse>();
    expect(seat).toBeUndefined();
    expect(table.status).toBe('open');
    expect(table.seats[0]).toEqual({ kind: 'human', name: null, connected: false });
    // Bots are named by seat from one list (src/engine/bot-names.ts), the same in the terminal.
    expect(table.seats[1]).toEqual({ kind: 'bot', bot: 'random', name: 'Pip' });
    const list = (await server.app.inject({ method: 'GET', url: '/api/tables' })).json<TableSummary[]>();
    expect(list.map((t) => [t.id, t.status])).toEqual([[table.id, 'open']]);
  });

  it('gives the creator a 256-bit token when they sit down at once, and starts a full table', async () => {
    const res = await post('/api/tables', {
      game: 'pick',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
      join: { seat: 0, name: 'Ann' },
    });
    const body = res.json<CreateTableResponse>();
    expect(body.seat?.seat).toBe(0);
    expect(Buffer.from(body.seat!.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(body.table.status).toBe('running');
    expect(body.table.seats[0]).toMatchObject({ name: 'Ann' });
  });

  it('lets one person claim a free seat and refuses the next who tries', async () => {
    const { table } = (await post('/api/tables', { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }] })).json<CreateTableResponse>();
    const first = await post(`/api/tables/${table.id}/seats/2`, { name: 'Bo' });
    expect(first.statusCode).toBe(200);
    const claimed = first.json<ClaimSeatResponse>();
    expect(claimed.seat).toBe(1);
    expect(claimed.table.status).toBe('open');
    const again = await post(`/api/tables/${table.id}/seats/2`, { name: 'Cy' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'seat-taken', message: 'seat 2 is already taken' } });
    const last = (await post(`/api/tables/${table.id}/seats/1`, { name: 'Di' })).json<ClaimSeatResponse>();
    expect(last.table.status).toBe('running');
    expect(claimed.token).not.toBe(last.token);
  });

  it('keeps only a hash of each token in storage', async () => {
    const { table, seat } = (
      await post('/api/tables', { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' } })
    ).json<CreateTableResponse>();
    const stored = JSON.stringify(await server.service.getTable(table.id).then((t) => t?.stored));
    expect(stored).not.toContain(seat!.token);
  });
});

describe('bad requests get a reason and change nothing', () => {
  it.each([
    ['an unknown game', { game: 'chess', seats: [{ kind: 'human' }, { kind: 'human' }] }, 404, 'unknown-game'],
    ['too few seats', { game: 'pick', seats: [{ kind: 'human' }] }, 400, 'bad-seats'],
    ['an unknown bot', { game: 'pick', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'genius' }] }, 400, 'unknown-bot'],
    ['bad options', { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], options: { rounds: 99 } }, 400, 'bad-options'],
    ['a seat kind that does not exist', { game: 'pick', seats: [{ kind: 'alien' }, { kind: 'human' }] }, 400, 'bad-request'],
    ['joining a bot seat', { game: 'pick', seats: [{ kind: 'bot', bot: 'random' }, { kind: 'human' }], join: { seat: 0, name: 'A' } }, 400, 'not-a-seat'],
    ['a name made of spaces', { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: '   ' } }, 400, 'bad-request'],
  ])('refuses %s', async (_what, body, status, code) => {
    const res = await post('/api/tables', body);
    expect(res.statusCode).toBe(status);
    expect(res.json<{ error: { code: string; message: string } }>().error.code).toBe(code);
    expect(res.json<{ error: { message: string } }>().error.message.length).toBeGreaterThan(3);
    const list = (await server.app.inject({ method: 'GET', url: '/api/tables' })).json<TableSummary[]>();
    expect(list).toEqual([]);
  });

  it('answers malformed JSON with a bad-request error', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/tables',
      headers: { 'content-type': 'application/json' },
      payload: '{"game": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('bad-request');
  });

  it('answers unknown tables and bad seat numbers', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/tables/nosuchtable' })).statusCode).toBe(404);
    expect((await post('/api/tables/nosuchtable/seats/1', { name: 'A' })).json<{ error: { code: string } }>().error.code).toBe('unknown-table');
    const { table } = (await post('/api/tables', { game: 'pick', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }] })).json<CreateTableResponse>();
    expect((await post(`/api/tables/${table.id}/seats/2`, { name: 'A' })).json<{ error: { code: string } }>().error.code).toBe('not-a-seat');
    expect((await post(`/api/tables/${table.id}/seats/0`, { name: 'A' })).statusCode).toBe(400);
    expect((await server.app.inject({ method: 'GET', url: `/api/tables/${table.id}/replay` })).json<{ error: { code: string } }>().error.code).toBe('not-finished');
  });
});

describe('rules pages', () => {
  it('serves each registered game its rules page as Markdown', async () => {
    const { createDreyServer } = await import('../src/server/app.js');
    const { openSqliteStore } = await import('../src/server/storage/sqlite.js');
    const { createInlineRunner } = await import('../src/server/bots/pool.js');
    const real = await createDreyServer({ store: openSqliteStore(':memory:'), bots: createInlineRunner(testRegistry([])), webRoot: '/none' });
    try {
      const games = (await real.app.inject({ method: 'GET', url: '/api/games' })).json<GameInfo[]>();
      const al = games.find((g) => g.id === 'autumn-leaves');
      expect(al?.hasRules).toBe(true);
      const res = await real.app.inject({ method: 'GET', url: '/api/games/autumn-leaves/rules' });
      expect(res.headers['content-type']).toContain('text/markdown');
      expect(res.body).toMatch(/^# Autumn Leaves/);
      expect((await real.app.inject({ method: 'GET', url: '/api/games/chess/rules' })).statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});

type ErrorBody = { error: { code: string; message: string } };

describe('error codes that say what happened', () => {
  it('answers an unknown route with 404 not-found', async () => {
    for (const [method, url] of [['GET', '/api/nothing'], ['POST', '/api/tables/abcdefgh/nothing'], ['GET', '/nothing']] as const) {
      const res = await server.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<ErrorBody>()).toEqual({ error: { code: 'not-found', message: `no route ${method} ${url}` } });
    }
  });

  it('answers a URL that cannot be decoded in Drey\'s error shape', async () => {
    for (const url of ['/%', '/api/tables/%zz']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error).toEqual({ code: 'bad-request', message: `'${url}' is not a valid url component` });
    }
  });

  it('says which part of a request is wrong', async () => {
    const res = await post('/api/tables', { game: 'pick', seats: 'two' });
    expect(res.json<ErrorBody>().error).toMatchObject({ code: 'bad-request', message: expect.stringMatching(/^seats: /) });
    const bad = await server.app.inject({ method: 'GET', url: '/api/tables/no!/replay' });
    expect(bad.json<ErrorBody>().error).toEqual({ code: 'bad-request', message: 'id: not a table id' });
  });

  it('labels a refused static file forbidden, and serves the app\'s pages', async () => {
    const web = mkdtempSync(join(tmpdir(), 'drey-web-'));
    writeFileSync(join(web, 'index.html'), '<p>the app</p>');
    const s = await createDreyServer({ store: openSqliteStore(':memory:'), registry: testRegistry(), bots: createInlineRunner(testRegistry([])), webRoot: web });
    try {
      const page = await s.app.inject({ method: 'GET', url: '/tables/abc' });
      expect(page.body).toBe('<p>the app</p>');
      const res = await s.app.inject({ method: 'GET', url: '/..%5c..%5cetc' });
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().error.code).toBe('forbidden');
      const asset = await s.app.inject({ method: 'GET', url: '/assets/missing.js' });
      expect([asset.statusCode, asset.json<ErrorBody>().error.code]).toEqual([404, 'not-found']);
    } finally {
      await s.close();
      rmSync(web, { recursive: true, force: true });
    }
  });

  it('tells a storage failure (storage-error) from a fault of the server (internal-error)', async () => {
    const real = openSqliteStore(':memory:');
    let failing = false;
    const store: Store = {
      ...real,
      createTable: (t) => (failing ? Promise.reject(new Error('disk full')) : real.createTable(t)),
      listTables: (f) => (failing ? Promise.reject(new Error('SELECT * FROM secrets')) : real.listTables(f)),
    };
    const s = await createDreyServer({ store, registry: testRegistry(), bots: createInlineRunner(testRegistry([])), webRoot: '/none' });
    try {
      failing = true;
      const created = await s.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }] } });
      expect(created.statusCode).toBe(500);
      expect(created.json<ErrorBody>().error).toEqual({ code: 'storage-error', message: 'the table could not be saved: disk full' });
      const listed = await s.app.inject({ method: 'GET', url: '/api/tables' });
      expect(listed.statusCode).toBe(500);
      // What broke inside is logged, not shown.
      expect(listed.json<ErrorBody>().error).toEqual({ code: 'internal-error', message: 'the server could not handle that request' });
    } finally {
      failing = false;
      await s.close();
    }
  });
});

describe('error codes the web client gives itself', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('unreachable when the request never reaches a server', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    const r = await api.games();
    expect(r.ok ? 'ok' : r.error).toEqual({ code: 'unreachable', message: 'cannot reach the server (fetch failed)' });
  });

  it('internal-error when something in between answers 5xx without Drey\'s error shape', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('Bad Gateway', { status: 502, headers: { 'content-type': 'text/plain' } })));
    const r = await api.tables();
    expect(r.ok ? 'ok' : r.error).toEqual({ code: 'internal-error', message: 'the server answered 502' });
  });
});
