/** Issue 15, item 9: every request and message gets an answer in Drey's shape; names are what they look like. */
import { describe, expect, it } from 'vitest';
import { DisplayNameSchema, type ClaimSeatResponse, type CreateTableResponse } from '../src/server/protocol.js';
import { liveServerPerTest } from './server-helpers.js';

const live = liveServerPerTest();
type Answer = { ok: boolean; error?: { code: string; message: string } };

describe('HTTP answers', () => {
  it('answers unknown routes 404, undecodable URLs and wrong media types in Drey’s shape', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['POST', '/api/nope'], ['PUT', '/api/tables'], ['DELETE', '/api/tables/abcdefgh'], ['OPTIONS', '/api/tables'], ['PATCH', '/x']] as const) {
      // With a body, an empty body or one that is not JSON: still no such route.
      for (const body of method === 'GET' ? [undefined] : [undefined, '{}', 'not json']) {
        const res = await fetch(live.url + path, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body }) });
        expect(res.status, `${method} ${path} ${String(body)}`).toBe(404);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not-found');
      }
    }
    const bad = await fetch(`${live.url}/%`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: { code: 'bad-request', message: expect.any(String) } });
    const xml = await fetch(`${live.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<x/>' });
    expect(xml.status).toBe(415);
    expect(((await xml.json()) as { error: { code: string } }).error.code).toBe('bad-request');
  });
});

describe('socket answers', () => {
  it('answers unknown events, leave, and acknowledged messages without a payload', async () => {
    const c = await live.open();
    const unknown = await c.emit<Answer>('hello', { x: 1 });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'bad-request', message: expect.stringContaining("no event 'hello'") } });
    // It names every event the server dispatches.
    for (const event of ['watch', 'sync', 'act', 'leave', 'undo', 'chat', 'rematch']) expect(unknown.error?.message).toContain(event);
    c.socket.emit('hello');
    await expect.poll(() => c.errors.length).toBe(1);
    expect(c.errors[0]).toMatchObject({ code: 'bad-request' });
    for (const event of ['watch', 'sync', 'act', 'leave']) {
      const answer = (await c.socket.timeout(2000).emitWithAck(event)) as Answer;
      expect(answer).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    }
    const { table } = (await live.server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }] } })).json<CreateTableResponse>();
    await c.emit('watch', { tableId: table.id });
    expect(await c.emit<Answer>('leave', { tableId: table.id })).toEqual({ ok: true });
  });

  it('keeps no listener per event on a connection: one middleware dispatches every event (the heap each connection holds, issue 24)', async () => {
    const [a, b] = [await live.open(), await live.open()];
    const sockets = [...live.server.io.of('/').sockets.values()];
    expect(sockets).toHaveLength(2);
    for (const socket of sockets) {
      for (const event of ['watch', 'sync', 'act', 'leave', 'undo', 'chat', 'rematch']) expect(socket.listenerCount(event), event).toBe(0);
      expect(socket.listenersAny()).toHaveLength(0);
    }
    // The listeners a connection has are the server's, shared: none is made per connection.
    const [first, second] = sockets;
    expect(first!.listenersAnyOutgoing()).toHaveLength(1);
    expect(first!.listenersAnyOutgoing()[0]).toBe(second!.listenersAnyOutgoing()[0]);
    expect(first!.listeners('disconnect')).toHaveLength(1);
    expect(first!.listeners('disconnect')[0]).toBe(second!.listeners('disconnect')[0]);
    // Still answered on both connections, through the dispatch alone.
    const create = async () => (await live.server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }] } })).json<CreateTableResponse>().table;
    const [table, other] = [await create(), await create()];
    for (const c of [a, b]) {
      expect(await c.emit<Answer & { seq?: number }>('watch', { tableId: table.id })).toMatchObject({ ok: true, seq: 0 });
      expect(await c.emit<Answer>('sync', { tableId: other.id })).toMatchObject({ ok: false, error: { code: 'unknown-table' } });
    }
  });
});

describe('display names', () => {
  const ok = (name: string) => DisplayNameSchema.safeParse(name);
  it('are normalised: NFC, one space between words', () => {
    expect(ok('Zoe\u0308').data).toBe('Zoë');
    expect(ok('  Ann \t  Lee ').data).toBe('Ann Lee');
    for (const name of ['李小龍', '☺ Ann', 'Ørjan', 'Ann-Marie O’Neil', '🐿️ Hazel', 'Ζωή', 'Анна', 'Tomoko 友子', '김민수 Kim', 'Dž']) expect(ok(name).success, name).toBe(true);
  });

  it('refuse format characters, odd spaces and mixed alphabets that make one name look like another (issue 24)', () => {
    // U+FE0F only where it does not follow an emoji; U+034F, U+FEFF; U+3000, U+2028, no-break spaces.
    for (const name of ['Ann\uFE0F', 'A\u034Fnn', '\uFEFFAnn', 'Ann\u3000Lee', 'Ann\u2028', 'Ann\u00a0Lee', 'Ann\u202FLee', 'Ann\u2009Lee']) {
      expect(ok(name).success, JSON.stringify(name)).toBe(false);
    }
    // A Cyrillic А (U+0410) or а (U+0430) among Latin letters; a Greek ο (U+03BF) in "Bob".
    for (const name of ['\u0410nn', 'P\u0430ul', 'B\u03BFb', 'Hazel \u0410nn']) {
      const answer = ok(name);
      expect(answer.success, name).toBe(false);
      expect(answer.error?.issues[0]?.message).toMatch(/alphabets/);
    }
  });

  it('say which alphabets a refused name mixes, in the order its letters come (issue 24)', () => {
    const why = (name: string) => ok(name).error?.issues[0]?.message;
    expect(why('\u0410nn')).toContain('(here Cyrillic and Latin)');
    expect(why('B\u03BFb')).toContain('(here Latin and Greek)');
    expect(why('\u0391lpha')).toContain('(here Greek and Latin)');
    // Three systems, none of them Latin: Greek ζ, Cyrillic д, Armenian ա.
    expect(why('\u03B6\u0434\u0561')).toContain('(here Greek, Cyrillic and Armenian)');
  });

  it('refuse invisible, bidi and blank-looking characters', () => {
    for (const name of ['Ann\u202Eevil', 'A\u200Bnn', '\u200D', 'Ann\u2066x\u2069', '\u3164', '\u2800\u2800', 'x\uE000', ' ', '...', 'a\u0301\u0301\u0301\u0301', '<b>', 'A'.repeat(25), 'a\u0000b']) {
      expect(ok(name).success, JSON.stringify(name)).toBe(false);
    }
  });

  it('a refused name changes nothing at the table', async () => {
    const { table } = (await live.server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }] } })).json<CreateTableResponse>();
    const bad = await live.server.app.inject({ method: 'POST', url: `/api/tables/${table.id}/seats/1`, payload: { name: 'Ann\u202Eevil' } });
    expect(bad.statusCode).toBe(400);
    const good = (await live.server.app.inject({ method: 'POST', url: `/api/tables/${table.id}/seats/1`, payload: { name: ' Zoe\u0308 ' } })).json<ClaimSeatResponse>();
    expect(good.table.seats[0]).toMatchObject({ name: 'Zoë' });
  });
});
