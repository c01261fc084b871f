/**
 * Playtests on the server (issue 27, part 2): which tables are playtests (a `drey serve --content`
 * server's by default, the request's choice otherwise, a rematch as the table it follows), and the
 * players' feedback at the end — kept as the `playtest-feedback` note of their seat, or refused
 * with the reason and nothing stored.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportContent } from '../src/content/files.js';
import type { AnyGame } from '../src/engine/game.js';
import type { UndoRules } from '../src/engine/match.js';
import { BUILTINS, createRegistry, type Registry } from '../src/games/index.js';
import { createDreyServer, type DreyServer } from '../src/server/app.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import { FEEDBACK_PER_SEAT } from '../src/server/playtest-feedback.js';
import { isPlaytest, PLAYTEST_FEEDBACK_KIND } from '../src/server/playtest.js';
import type { ActAck, ClaimSeatResponse, CreateTableResponse, FeedbackResponse, RematchAck, SnapshotMessage, TableSummary } from '../src/server/protocol.js';
import { contentRegistry } from '../src/server/start.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import type { Store } from '../src/server/storage/types.js';
import { diceAdd, diceUndo } from './fixtures/dice-add.js';
import { bareGamePackage, client, type TestClient } from './server-helpers.js';

const diceRegistry = createRegistry([{ ...bareGamePackage(diceAdd as unknown as AnyGame), undo: diceUndo as unknown as UndoRules }]);

let server: DreyServer | undefined;
let store: Store;
let url = '';
const clients: TestClient[] = [];

async function start(registry: Registry): Promise<DreyServer> {
  store = openSqliteStore(':memory:');
  // Bots wait long: these tests never need them to move.
  server = await createDreyServer({ store, registry, bots: createInlineRunner(registry), botDelayMs: 60_000, webRoot: '/nonexistent', limits: { socketMessagesPerSecond: 10_000, socketBurst: 10_000 } });
  url = (await server.listen(0, '127.0.0.1')).url;
  return server;
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
});

const post = async <T>(path: string, payload: unknown): Promise<{ status: number; body: T }> => {
  const res = await server!.app.inject({ method: 'POST', url: path, payload: payload as Record<string, unknown> });
  return { status: res.statusCode, body: res.json<T>() };
};

/** A dice-add table with Ann and Bo seated (running), and the creator's token. */
async function twoPlayers(extra: Record<string, unknown> = {}) {
  const created = await post<CreateTableResponse>('/api/tables', { game: 'dice-add', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' }, ...extra });
  expect(created.status).toBe(201);
  const { table, seat, creator } = created.body;
  const bo = await post<ClaimSeatResponse>(`/api/tables/${table.id}/seats/2`, { name: 'Bo' });
  return { tableId: table.id, ann: seat!.token, bo: bo.body.token, creator: creator.token };
}

/** Ann adds 2 six times: the total reaches 12 and the game is over. */
async function playOut(tableId: string, ann: string): Promise<void> {
  const a = await open();
  await a.emit('watch', { tableId, token: ann });
  for (let seq = 0; seq < 6; seq++) expect((await a.emit<ActAck>('act', { tableId, token: ann, seq, action: { type: 'add', n: 2 } })).ok).toBe(true);
  await expect.poll(async () => (await store.getTable(tableId))?.status).toBe('finished');
}

const feedbackNotes = (tableId: string) => store.getNotes(tableId, { kinds: [PLAYTEST_FEEDBACK_KIND] });

describe('feedback after a playtest', () => {
  it("keeps each player's feedback as a note of their seat; sent again, the last one counts", async () => {
    await start(diceRegistry);
    const { tableId, ann, bo } = await twoPlayers({ playtest: true });
    await playOut(tableId, ann);

    const first = await post<FeedbackResponse>(`/api/tables/${tableId}/feedback`, {
      token: ann,
      feedback: { fun: 4, length: 'right', unclear: '  when a turn ends ', comment: 'Quick and fun.\nMore dice!' },
    });
    expect(first.status).toBe(200);
    // Text is trimmed as it is kept; line breaks in a comment stay.
    const annSaid = { fun: 4, length: 'right', unclear: 'when a turn ends', comment: 'Quick and fun.\nMore dice!' };
    expect(first.body).toMatchObject({ seat: 0, feedback: annSaid, sent: 1, left: FEEDBACK_PER_SEAT - 1 });
    const boSent = await post<FeedbackResponse>(`/api/tables/${tableId}/feedback`, { token: bo, feedback: { fun: 2, length: 'too-long' } });
    expect(boSent.body).toMatchObject({ seat: 1, feedback: { fun: 2, length: 'too-long' }, sent: 1 });

    const notes = await feedbackNotes(tableId);
    expect(notes.map((n) => ({ kind: n.kind, seat: n.seat, data: n.data }))).toEqual([
      { kind: 'playtest-feedback', seat: 0, data: annSaid },
      { kind: 'playtest-feedback', seat: 1, data: { fun: 2, length: 'too-long' } },
    ]);

    // Ann changes her mind: a new note; what her seat reads back is the last one.
    const again = await post<FeedbackResponse>(`/api/tables/${tableId}/feedback`, { token: ann, feedback: { length: 'too-long' } });
    expect(again.body).toMatchObject({ seat: 0, feedback: { length: 'too-long' }, sent: 2, left: FEEDBACK_PER_SEAT - 2 });
    const mine = await post<FeedbackResponse>(`/api/tables/${tableId}/feedback/mine`, { token: ann });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ seat: 0, feedback: { length: 'too-long' }, sent: 2 });
    expect((await feedbackNotes(tableId)).map((n) => n.seat)).toEqual([0, 1, 0]);
    // Nothing about a person beyond the seat: the notes hold the answers only.
    expect(JSON.stringify(await feedbackNotes(tableId))).not.toMatch(/Ann|Bo|127\.0\.0\.1/);
  });

  it('refuses feedback with the reason, and stores nothing, when the table is not a playtest, not over, or the token is no player\'s', async () => {
    await start(diceRegistry);
    const plain = await twoPlayers();
    await playOut(plain.tableId, plain.ann);
    const notPlaytest = await post<{ error: { code: string; message: string } }>(`/api/tables/${plain.tableId}/feedback`, { token: plain.ann, feedback: { fun: 5 } });
    expect(notPlaytest.status).toBe(409);
    expect(notPlaytest.body.error).toMatchObject({ code: 'not-a-playtest', message: expect.stringContaining('not a playtest') });
    expect(await feedbackNotes(plain.tableId)).toEqual([]);

    const running = await twoPlayers({ playtest: true });
    const early = await post<{ error: { code: string; message: string } }>(`/api/tables/${running.tableId}/feedback`, { token: running.ann, feedback: { fun: 5 } });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'not-finished', message: expect.stringContaining('once the game is over') });
    expect(await feedbackNotes(running.tableId)).toEqual([]);

    const done = await twoPlayers({ playtest: true });
    await playOut(done.tableId, done.ann);
    // The creator's token opens no seat; nor does a seat token of another table.
    for (const token of [done.creator, running.bo]) {
      const refused = await post<{ error: { code: string; message: string } }>(`/api/tables/${done.tableId}/feedback`, { token, feedback: { fun: 5 } });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'bad-token', message: expect.stringContaining('only the people who played') });
    }
    // A spectator has no token at all.
    expect((await post(`/api/tables/${done.tableId}/feedback`, { feedback: { fun: 5 } })).status).toBe(400);
    const unknown = await post<{ error: { code: string } }>('/api/tables/nosuchtable1/feedback', { token: done.ann, feedback: { fun: 5 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('unknown-table');
    expect(await feedbackNotes(done.tableId)).toEqual([]);
  });

  it('refuses answers out of bounds with what is wrong, and stores nothing', async () => {
    await start(diceRegistry);
    const { tableId, ann } = await twoPlayers({ playtest: true });
    await playOut(tableId, ann);
    const cases: [unknown, string][] = [
      [{ fun: 6 }, 'fun is 1 to 5'],
      [{ fun: 2.5 }, 'feedback.fun'],
      [{ length: 'meh' }, 'length'],
      [{ unclear: 'x'.repeat(201) }, 'the unclear rule has at most 200 characters'],
      [{ comment: 'y'.repeat(1001) }, 'a comment has at most 1000 characters'],
      [{ comment: 'ring \u0007 bell' }, 'may not contain control characters'],
      [{}, 'feedback needs at least one answer'],
      [{ unclear: '   ', comment: '' }, 'feedback needs at least one answer'],
      // Nothing personal rides along: unknown fields are refused, not dropped silently.
      [{ fun: 3, email: 'ann@example.com' }, 'email'],
    ];
    for (const [feedback, why] of cases) {
      const r = await post<{ error: { code: string; message: string } }>(`/api/tables/${tableId}/feedback`, { token: ann, feedback });
      expect(r.status, JSON.stringify(feedback)).toBe(400);
      expect(r.body.error.code).toBe('bad-request');
      expect(r.body.error.message, JSON.stringify(feedback)).toContain(why);
    }
    expect(await feedbackNotes(tableId)).toEqual([]);
  });

  it(`lets one seat send at most ${FEEDBACK_PER_SEAT} times; past that it is refused and the last kept stands`, async () => {
    await start(diceRegistry);
    const { tableId, ann, bo } = await twoPlayers({ playtest: true });
    await playOut(tableId, ann);
    // Sent all at once: the table's sends run one at a time, so the count holds.
    const answers = await Promise.all(
      Array.from({ length: FEEDBACK_PER_SEAT + 2 }, (_, i) => post<FeedbackResponse>(`/api/tables/${tableId}/feedback`, { token: ann, feedback: { comment: `take ${i}` } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(FEEDBACK_PER_SEAT);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((r) => r.status)).toEqual([429, 429]);
    expect((refused[0]!.body as unknown as { error: { code: string; message: string } }).error).toMatchObject({ code: 'feedback-limit', message: expect.stringContaining('the last one sent is kept') });
    expect(await feedbackNotes(tableId)).toHaveLength(FEEDBACK_PER_SEAT);
    const mine = await post<FeedbackResponse>(`/api/tables/${tableId}/feedback/mine`, { token: ann });
    expect(mine.body).toMatchObject({ sent: FEEDBACK_PER_SEAT, left: 0 });
    // The bound is per seat: Bo may still send his.
    expect((await post(`/api/tables/${tableId}/feedback`, { token: bo, feedback: { fun: 3 } })).status).toBe(200);
  });
});

describe('which tables are playtests', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'drey-playtest-'));
  let variantRegistry: Registry;
  beforeAll(async () => {
    // A designer's variant of Acorn Run (every Dash card costs 1), served as `drey serve --content acorn-run=DIR`.
    const dir = join(tmp, 'dash-one');
    await exportContent(BUILTINS.get('acorn-run')!, dir);
    const market = JSON.parse(readFileSync(join(dir, 'market-cards.json'), 'utf8')) as { cheap: { id: string; cost: number }[] };
    for (const c of market.cheap) if (c.id.endsWith('-dash')) c.cost = 1;
    for (const f of readdirSync(dir)) rmSync(join(dir, f));
    writeFileSync(join(dir, 'market-cards.json'), JSON.stringify(market));
    const loaded = await contentRegistry([{ game: 'acorn-run', dir }]);
    if (!loaded.ok) throw new Error(loaded.error);
    variantRegistry = loaded.value;
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('on a --content server a new table of that game is a playtest of the variant, unless asked otherwise', async () => {
    await start(variantRegistry);
    const variant = variantRegistry.get('acorn-run')!.content;
    const make = async (extra: Record<string, unknown>, seats: unknown[] = [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }]) => {
      const r = await post<CreateTableResponse>('/api/tables', { game: 'acorn-run', seats, ...extra });
      expect(r.status).toBe(201);
      return r.body.table.id;
    };
    const byDefault = await make({ join: { seat: 0, name: 'Ann' } });
    const stored = (await store.getTable(byDefault))!;
    expect(isPlaytest(stored)).toBe(true);
    expect(stored.settings).toMatchObject({ playtest: true, content: { hash: variant.hash, variant: 'dash-one' } });
    const summary = (await server!.app.inject({ method: 'GET', url: `/api/tables/${byDefault}` })).json<TableSummary>();
    expect(summary).toMatchObject({ playtest: true, content: { variant: 'dash-one' } });
    expect((await server!.app.inject({ method: 'GET', url: '/api/tables' })).json<TableSummary[]>().find((t) => t.id === byDefault)?.playtest).toBe(true);

    // The designer may play a table that is not a playtest; a table of bots alone has nobody to ask.
    const declined = await make({ playtest: false });
    expect(isPlaytest((await store.getTable(declined))!)).toBe(false);
    expect((await server!.app.inject({ method: 'GET', url: `/api/tables/${declined}` })).json<TableSummary>().playtest).toBeUndefined();
    const bots = await make({}, [{ kind: 'bot', bot: 'easy' }, { kind: 'bot', bot: 'easy' }]);
    expect(isPlaytest((await store.getTable(bots))!)).toBe(false);
    // A bounded request: a playtest is a yes or no.
    expect((await post('/api/tables', { game: 'acorn-run', seats: [{ kind: 'human' }, { kind: 'human' }], playtest: 'yes' })).status).toBe(400);
  });

  it('on the builtin content a table is a playtest only when asked; the table page is told; a rematch stays what it was', async () => {
    await start(diceRegistry);
    const plain = await twoPlayers();
    expect(isPlaytest((await store.getTable(plain.tableId))!)).toBe(false);
    const test = await twoPlayers({ playtest: true });
    expect(isPlaytest((await store.getTable(test.tableId))!)).toBe(true);
    // Every frame of a playtest says so (the table's header); a plain table's do not.
    const a = await open();
    await a.emit('watch', { tableId: test.tableId, token: test.ann });
    expect(((await a.waitFor((m) => m.tableId === test.tableId)) as SnapshotMessage).playtest).toBe(true);
    const s = await open();
    await s.emit('watch', { tableId: plain.tableId });
    expect(((await s.waitFor((m) => m.tableId === plain.tableId)) as SnapshotMessage).playtest).toBeUndefined();

    for (const t of [test, plain]) {
      await playOut(t.tableId, t.ann);
      const c = await open();
      const r = await c.emit<RematchAck>('rematch', { tableId: t.tableId, token: t.ann });
      if (!r.ok) throw new Error(r.error.message);
      expect(isPlaytest((await store.getTable(r.tableId))!)).toBe(t === test);
    }
  });
});
