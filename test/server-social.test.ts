/** Issue 16 on the server: undo over the wire, table chat and rematch. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyGame } from '../src/engine/game.js';
import type { UndoRules } from '../src/engine/match.js';
import { createRegistry } from '../src/games/index.js';
import type { DreyServer } from '../src/server/app.js';
import type { ActAck, ChatAck, ChatEvent, ClaimSeatResponse, CreateTableResponse, RematchAck, RematchEvent, TableSummary, UndoAck } from '../src/server/protocol.js';
import { pickGame } from './fixtures/pick-game.js';
import { diceAdd, diceUndo } from './fixtures/dice-add.js';
import { bareGamePackage, client, makeServer, type TestClient } from './server-helpers.js';

const registry = createRegistry([
  { ...bareGamePackage(diceAdd as unknown as AnyGame), undo: diceUndo as unknown as UndoRules },
  bareGamePackage(pickGame as unknown as AnyGame),
]);

let server: DreyServer | undefined;
let url = '';
const clients: TestClient[] = [];
const dirs: string[] = [];
async function start(db = ':memory:', limits = { socketMessagesPerSecond: 10_000, socketBurst: 10_000 }): Promise<void> {
  server = await makeServer({ registry, db, limits });
  url = (await server.listen(0, '127.0.0.1')).url;
}
async function open(): Promise<TestClient> {
  const c = await client(url);
  clients.push(c);
  return c;
}
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server?.close();
  server = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function twoPlayers(game: string, options: unknown = {}) {
  const s = server!;
  const { table, seat } = (
    await s.app.inject({ method: 'POST', url: '/api/tables', payload: { game, seats: [{ kind: 'human' }, { kind: 'human' }], options, join: { seat: 0, name: 'Ann' } } })
  ).json<CreateTableResponse>();
  const bo = (await s.app.inject({ method: 'POST', url: `/api/tables/${table.id}/seats/2`, payload: { name: 'Bo' } })).json<ClaimSeatResponse>();
  return { tableId: table.id, ann: seat!.token, bo: bo.token };
}

function onEvent<T>(c: TestClient, event: string): T[] {
  const got: T[] = [];
  c.socket.on(event, (m: T) => got.push(m));
  return got;
}

describe('undo over the wire', () => {
  it('a frame offers the step to take back; undo goes back, is logged as its own step, and survives a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drey-undo-'));
    dirs.push(dir);
    await start(join(dir, 'db.sqlite'));
    const { tableId, ann, bo } = await twoPlayers('dice-add');
    const a = await open();
    await a.emit('watch', { tableId, token: ann });
    expect(await a.emit<ActAck>('act', { tableId, token: ann, seq: 0, action: { type: 'add', n: 2 } })).toEqual({ ok: true, seq: 1 });
    const f1 = await a.waitFor((m) => m.seq === 1);
    expect(f1.undo).toBe(1);
    // Bo watching: no undo for him, and his log says only that Ann took back a step.
    const b = await open();
    await b.emit('watch', { tableId, token: bo });
    expect((await b.waitFor((m) => m.seq === 1)).undo).toBeNull();
    expect(await b.emit<UndoAck>('undo', { tableId, token: bo, step: 1 })).toMatchObject({ ok: false, error: { code: 'not-your-step' } });
    expect(await a.emit<UndoAck>('undo', { tableId, token: ann, step: 1 })).toEqual({ ok: true, seq: 2 });
    const f2 = await a.waitFor((m) => m.seq === 2 && 'lines' in m);
    expect((f2.view as { total: number }).total).toBe(0);
    expect(f2.undo).toBeNull();
    const heard = await b.waitFor((m) => m.seq === 2 && 'lines' in m);
    expect('lines' in heard && heard.lines[0]).toEqual({ seq: 2, seat: 0, text: 'Ann took back a step.' });
    // Stale: the same undo again changes nothing.
    expect(await a.emit<UndoAck>('undo', { tableId, token: ann, step: 1 })).toMatchObject({ ok: false, error: { code: 'nothing-to-undo' } });
    // A roll drew at random: refused with the reason.
    expect((await a.emit<ActAck>('act', { tableId, token: ann, seq: 2, action: { type: 'roll' } })).ok).toBe(true);
    expect(await a.emit<UndoAck>('undo', { tableId, token: ann, step: 3 })).toMatchObject({ ok: false, error: { code: 'random-draw', message: expect.stringContaining('random') } });
    expect(await a.emit<UndoAck>('undo', { tableId, token: ann, step: 0 })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    const total = (server!.service.snapshot((await server!.service.getTable(tableId))!, 0).view as { total: number }).total;
    // After a restart the table rebuilds from the log with the undo in it: same state, the undone step marked.
    await server!.close();
    for (const c of clients.splice(0)) c.close();
    await start(join(dir, 'db.sqlite'));
    const rebuilt = (await server!.service.getTable(tableId))!;
    const snap = server!.service.snapshot(rebuilt, 0);
    expect((snap.view as { total: number }).total).toBe(total);
    expect(rebuilt.log.map((e) => [e.seq, e.undone ?? false, e.undo ?? null])).toEqual([
      [1, true, null],
      [2, false, 1],
      [3, false, null],
    ]);
  });
});

describe('undo is the game package’s word', () => {
  it('the same game in a package without `undo` offers no undo, though another server in this process plays it with one', async () => {
    // Before issue 24 a hidden global keyed by the game object kept the first package's rules
    // for every later server; each table now reads its own package's facet.
    await start();
    const withUndo = await twoPlayers('dice-add');
    const a = await open();
    await a.emit('watch', { tableId: withUndo.tableId, token: withUndo.ann });
    await a.emit<ActAck>('act', { tableId: withUndo.tableId, token: withUndo.ann, seq: 0, action: { type: 'add', n: 2 } });
    expect((await a.waitFor((m) => m.seq === 1)).undo).toBe(1);
    const first = server!;
    const plain = await makeServer({ registry: createRegistry([bareGamePackage(diceAdd as unknown as AnyGame)]), limits: { socketMessagesPerSecond: 10_000, socketBurst: 10_000 } });
    try {
      server = plain;
      url = (await plain.listen(0, '127.0.0.1')).url;
      const { tableId, ann } = await twoPlayers('dice-add');
      const b = await open();
      await b.emit('watch', { tableId, token: ann });
      expect(await b.emit<ActAck>('act', { tableId, token: ann, seq: 0, action: { type: 'add', n: 2 } })).toEqual({ ok: true, seq: 1 });
      expect((await b.waitFor((m) => m.seq === 1)).undo).toBeNull();
      expect(await b.emit<UndoAck>('undo', { tableId, token: ann, step: 1 })).toMatchObject({ ok: false, error: { code: 'no-undo' } });
    } finally {
      server = first;
      await plain.close();
    }
  });
});

describe('chat', () => {
  it('two players chat; text only, control characters out, length-limited; spectators read only; kept after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drey-chat-'));
    dirs.push(dir);
    await start(join(dir, 'db.sqlite'));
    const { tableId, ann, bo } = await twoPlayers('pick');
    const a = await open();
    const b = await open();
    const spectator = await open();
    const heardByB = onEvent<ChatEvent>(b, 'chat');
    const heardBySpectator = onEvent<ChatEvent>(spectator, 'chat');
    await a.emit('watch', { tableId, token: ann });
    await b.emit('watch', { tableId, token: bo });
    await spectator.emit('watch', { tableId });
    // A line's n is its place in the table's notes, which the clocks write to as well.
    const first = await a.emit<ChatAck>('chat', { tableId, token: ann, text: '  hello <b>Bo</b>\u202e\u0007 ' });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.n).toBeGreaterThanOrEqual(1);
    expect(await b.emit<ChatAck>('chat', { tableId, token: bo, text: 'hi Ann' })).toEqual({ ok: true, n: first.n + 1 });
    await expect.poll(() => heardBySpectator.flatMap((e) => e.lines).length).toBe(2);
    expect(heardByB.flatMap((e) => e.lines).map((l) => [l.name, l.text])).toEqual([
      ['Ann', 'hello <b>Bo</b>'],
      ['Bo', 'hi Ann'],
    ]);
    expect(await spectator.emit<ChatAck>('chat', { tableId, token: 'x'.repeat(43), text: 'me too' })).toMatchObject({ ok: false, error: { code: 'spectator' } });
    expect(await a.emit<ChatAck>('chat', { tableId, token: ann, text: 'x'.repeat(301) })).toMatchObject({ ok: false, error: { code: 'bad-request', message: expect.stringContaining('300') } });
    expect(await a.emit<ChatAck>('chat', { tableId, token: ann, text: '\u0000\u200b ' })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    await server!.close();
    for (const c of clients.splice(0)) c.close();
    await start(join(dir, 'db.sqlite'));
    const late = await open();
    const history = onEvent<ChatEvent>(late, 'chat');
    await late.emit('watch', { tableId });
    await expect.poll(() => history.length).toBe(1);
    expect(history[0]!.lines.map((l) => l.text)).toEqual(['hello <b>Bo</b>', 'hi Ann']);
  });

  it('is rate-limited per seat', async () => {
    await start();
    const { tableId, ann, bo } = await twoPlayers('pick');
    const a = await open();
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await a.emit<ChatAck>('chat', { tableId, token: ann, text: `line ${i}` });
      codes.push(r.ok ? 'ok' : r.error.code);
    }
    expect(codes.slice(0, 5)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    expect(codes.slice(5)).toEqual(['rate-limited', 'rate-limited', 'rate-limited']);
    // Bo's seat has its own allowance.
    expect((await a.emit<ChatAck>('chat', { tableId, token: bo, text: 'mine' })).ok).toBe(true);
  });
});

describe('rematch', () => {
  it('counts a started rematch against the address\'s table quota, as POST /api/tables does (issue 24)', async () => {
    server = await makeServer({ registry, db: ':memory:', limits: { socketMessagesPerSecond: 10_000, socketBurst: 10_000, tablesPerMinute: 3 } });
    url = (await server.listen(0, '127.0.0.1')).url;
    const finished = async (): Promise<{ tableId: string; ann: string }> => {
      const { tableId, ann } = await twoPlayers('dice-add');
      const a = await open();
      await a.emit('watch', { tableId, token: ann });
      for (let seq = 0; seq < 6; seq++) expect((await a.emit<ActAck>('act', { tableId, token: ann, seq, action: { type: 'add', n: 2 } })).ok).toBe(true);
      return { tableId, ann };
    };
    // Two tables made over HTTP, then a rematch: the third table of this address this minute.
    const first = await finished();
    const second = await finished();
    const a = await open();
    expect((await a.emit<RematchAck>('rematch', { tableId: first.tableId, token: first.ann })).ok).toBe(true);
    // The fourth is refused, over a socket as over HTTP, and changes nothing.
    const refused = await a.emit<RematchAck>('rematch', { tableId: second.tableId, token: second.ann });
    expect(refused).toMatchObject({ ok: false, error: { code: 'rate-limited', message: expect.stringContaining('try again in') } });
    expect(await server.service.rematchOf(second.tableId)).toBeNull();
    const http = await server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'dice-add', seats: [{ kind: 'human' }, { kind: 'human' }] } });
    expect(http.statusCode).toBe(429);
  });

  it('one click starts a new table with the same seats and options and a new seed; the other joins the same one', async () => {
    await start();
    const { tableId, ann, bo } = await twoPlayers('dice-add');
    const a = await open();
    const b = await open();
    const invited = onEvent<RematchEvent>(b, 'rematch');
    await a.emit('watch', { tableId, token: ann });
    await b.emit('watch', { tableId, token: bo });
    expect(await a.emit<RematchAck>('rematch', { tableId, token: ann })).toMatchObject({ ok: false, error: { code: 'not-finished' } });
    for (let seq = 0; seq < 6; seq++) expect((await a.emit<ActAck>('act', { tableId, token: ann, seq, action: { type: 'add', n: 2 } })).ok).toBe(true);
    const r1 = await a.emit<RematchAck>('rematch', { tableId, token: ann });
    if (!r1.ok) throw new Error(r1.error.message);
    expect(r1.seat).toBe(0);
    await expect.poll(() => invited.length).toBe(1);
    expect(invited[0]!.rematch).toEqual({ tableId: r1.tableId, by: 'Ann' });
    const r2 = await b.emit<RematchAck>('rematch', { tableId, token: bo });
    if (!r2.ok) throw new Error(r2.error.message);
    expect(r2).toMatchObject({ tableId: r1.tableId, seat: 1 });
    expect(r2.token).not.toBe(bo);
    const old = (await server!.service.getTable(tableId))!.stored;
    const fresh = (await server!.service.getTable(r1.tableId))!.stored;
    expect(fresh.status).toBe('running');
    expect(fresh.seats.map((s) => (s.kind === 'human' ? s.name : s.bot))).toEqual(['Ann', 'Bo']);
    expect(fresh.options).toEqual(old.options);
    expect(fresh.seed).not.toBe(old.seed);
    // It names the table it follows and keeps its clock (its creator token is its own).
    expect(fresh.settings).toMatchObject({ rematchOf: tableId, time: (old.settings as { time: unknown }).time });
    // A third click (Ann again) never makes a second rematch: her seat there is taken.
    expect(await a.emit<RematchAck>('rematch', { tableId, token: ann })).toMatchObject({ ok: false, error: { code: 'seat-taken' } });
    // Someone who watches later is invited too.
    const late = await open();
    const lateInvite = onEvent<RematchEvent>(late, 'rematch');
    await late.emit('watch', { tableId });
    await expect.poll(() => lateInvite.length).toBe(1);
    // And the new table plays: Bo's new token opens seat 1 there.
    expect(server!.service.seatOf((await server!.service.getTable(r1.tableId))!, r2.token)).toBe(1);
  });

  it('keeps every other seat of the rematch for its player: the invite link cannot take it, their join can', async () => {
    await start();
    const { tableId, ann, bo } = await twoPlayers('dice-add');
    const a = await open();
    await a.emit('watch', { tableId, token: ann });
    for (let seq = 0; seq < 6; seq++) expect((await a.emit<ActAck>('act', { tableId, token: ann, seq, action: { type: 'add', n: 2 } })).ok).toBe(true);
    const r1 = await a.emit<RematchAck>('rematch', { tableId, token: ann });
    if (!r1.ok) throw new Error(r1.error.message);
    const s = server!;
    // The new table says whose the free seat is, and its invite link cannot take it.
    const summary = (await s.app.inject({ method: 'GET', url: `/api/tables/${r1.tableId}` })).json<TableSummary>();
    expect(summary.status).toBe('open');
    expect(summary.seats[1]).toMatchObject({ kind: 'human', name: null, reservedFor: 'Bo' });
    const stranger = await s.app.inject({ method: 'POST', url: `/api/tables/${r1.tableId}/seats/2`, payload: { name: 'Mallory' } });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json()).toMatchObject({ error: { code: 'seat-reserved' } });
    expect(stranger.json<{ error: { message: string } }>().error.message).toContain('Bo');
    // A wrong creator token does not open it either.
    const forged = await s.app.inject({ method: 'POST', url: `/api/tables/${r1.tableId}/seats/2/open`, payload: { creatorToken: ann } });
    expect(forged.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await s.service.getTable(r1.tableId))!.stored.seats[1]).toMatchObject({ tokenHash: null, reservedFor: 'Bo' });
    // Bo's join from the old table takes it; then the seat is his like any other.
    const b = await open();
    await b.emit('watch', { tableId, token: bo });
    const r2 = await b.emit<RematchAck>('rematch', { tableId, token: bo });
    expect(r2).toMatchObject({ ok: true, tableId: r1.tableId, seat: 1 });
    // Only the player who started the rematch is its creator.
    expect(r1).toHaveProperty('creator.token');
    expect(r2).not.toHaveProperty('creator');
    const after = (await s.app.inject({ method: 'GET', url: `/api/tables/${r1.tableId}` })).json<TableSummary>();
    expect(after.status).toBe('running');
    expect(after.seats[1]).toEqual({ kind: 'human', name: 'Bo', connected: false });
  });

  it('gives the player who starts the rematch the new table\'s creator token: new seat links, opening a kept seat', async () => {
    await start();
    const { tableId, ann, bo } = await twoPlayers('dice-add');
    const a = await open();
    await a.emit('watch', { tableId, token: ann });
    for (let seq = 0; seq < 6; seq++) expect((await a.emit<ActAck>('act', { tableId, token: ann, seq, action: { type: 'add', n: 2 } })).ok).toBe(true);
    const r1 = await a.emit<RematchAck>('rematch', { tableId, token: ann });
    if (!r1.ok || !r1.creator) throw new Error(`no creator token: ${JSON.stringify(r1)}`);
    const s = server!;
    const post = (url: string, payload: object) => s.app.inject({ method: 'POST', url, payload });
    // It is the creator's token of the new table: it opens Bo's kept seat, and the invite link takes it then.
    expect((await post(`/api/tables/${r1.tableId}/seats/2/open`, { creatorToken: r1.creator.token })).json()).toEqual({ seat: 1 });
    const cy = await post(`/api/tables/${r1.tableId}/seats/2`, { name: 'Cy' });
    expect(cy.statusCode).toBe(200);
    const cyToken = cy.json<ClaimSeatResponse>().token;
    // And it gives a seat there a new link (Cy's old token stops working).
    const link = await post(`/api/tables/${r1.tableId}/seats/2/new-link`, { creatorToken: r1.creator.token });
    expect(link.json()).toMatchObject({ seat: 1 });
    expect(s.service.seatOf((await s.service.getTable(r1.tableId))!, cyToken)).toBe(null);
    // It opens nothing at the old table; Bo, whose seat the creator opened, finds it taken.
    expect((await post(`/api/tables/${tableId}/seats/2/new-link`, { creatorToken: r1.creator.token })).json()).toMatchObject({ error: { code: 'forbidden' } });
    const b = await open();
    await b.emit('watch', { tableId, token: bo });
    const r2 = await b.emit<RematchAck>('rematch', { tableId, token: bo });
    expect(r2).toMatchObject({ ok: false, error: { code: 'seat-taken' } });
  });
});
