/**
 * The narrated history a snapshot carries (issue 14): an Acorn Run table with bots and dummies is
 * played to mid-game while pages (the web's table store, in Node) watch it from the start and
 * narrate every update; then fresh pages watch it, as after a reload, and must read the same log
 * — dummy turns, combo rewards and acorn spends included — each viewer only what it may know.
 */
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Viewer } from '../src/engine/game.js';
import type { AnyNarrator } from '../src/engine/narration.js';
import { createMatch, play } from '../src/engine/match.js';
import { createRng, nextInt } from '../src/engine/rng.js';
import { BUILTINS } from '../src/games/index.js';
import { createDreyServer, type DreyServer } from '../src/server/app.js';
import { createInlineRunner, createWorkerPool, type BotRunner } from '../src/server/bots/pool.js';
import { tellRecord } from '../src/server/narration-history.js';
import type { CreateTableResponse } from '../src/server/protocol.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import { createTableStore, type TableStore } from '../web/src/store/table-store.js';

const narratorFor = (game: string): AnyNarrator | undefined => BUILTINS.get(game)?.narrator;

let server: DreyServer | undefined;
let url = '';
const sockets: Socket[] = [];
const stores: TableStore[] = [];

afterEach(async () => {
  for (const s of stores.splice(0)) s.close();
  for (const s of sockets.splice(0)) s.close();
  await server?.close();
  server = undefined;
});

async function start(bots: BotRunner = createInlineRunner(BUILTINS)): Promise<void> {
  server = await createDreyServer({ store: openSqliteStore(':memory:'), registry: BUILTINS, bots, botDelayMs: 0, webRoot: '/nonexistent', limits: { socketMessagesPerSecond: 1000, socketBurst: 1000 } });
  url = (await server.listen(0, '127.0.0.1')).url;
}

/** Ann plays seat 0 against an easy bot and two dummies, on a fixed deal. */
async function raceTable(): Promise<{ id: string; token: string }> {
  const r = await server!.app.inject({
    method: 'POST',
    url: '/api/tables',
    payload: {
      game: 'acorn-run',
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }],
      options: { dummies: 2 },
      seed: 'history-1',
      join: { seat: 0, name: 'Ann' },
    },
  });
  expect(r.statusCode).toBe(201);
  const body = r.json<CreateTableResponse>();
  return { id: body.table.id, token: body.seat!.token };
}

function watch(tableId: string, token?: string): TableStore {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  const store = createTableStore({ socket, tableId, ...(token === undefined ? {} : { token }) });
  sockets.push(socket);
  stores.push(store);
  return store;
}

/** Resolves once the store's state satisfies `pred`. */
function until(store: TableStore, pred: (s: ReturnType<TableStore['getState']>) => boolean, ms = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (pred(store.getState())) return resolve();
    const timer = setTimeout(() => (stop(), reject(new Error(`timed out at move ${store.getState().frame?.seq}`))), ms);
    const stop = store.subscribe(() => {
      if (!pred(store.getState())) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** Ann's turn with the table at rest: the bots have played up to her. */
const annToAct = (s: ReturnType<TableStore['getState']>): boolean => s.frame !== null && s.frame.legal.length > 0 && !s.pending;

/** Ann plays (a seeded choice among her legal actions) until the table has passed `moves`. */
async function playTo(ann: TableStore, moves: number, seed: string): Promise<void> {
  const rng = createRng(seed);
  for (;;) {
    await until(ann, annToAct);
    const frame = ann.getState().frame!;
    if (frame.seq >= moves) return;
    const ack = await ann.act(frame.legal[nextInt(rng, frame.legal.length)]);
    if (!ack.ok) throw new Error(`Ann's action was refused: ${ack.error.message}`);
    await until(ann, (s) => (s.frame?.seq ?? 0) >= ack.seq);
  }
}

/** Ann plays until a step of hers can be taken back (issue 16), and takes it back. */
async function takeBack(ann: TableStore): Promise<void> {
  const rng = createRng('undo');
  for (let tries = 0; tries < 40; tries++) {
    await until(ann, annToAct);
    const frame = ann.getState().frame!;
    const ack = await ann.act(frame.legal[nextInt(rng, frame.legal.length)]);
    if (!ack.ok) throw new Error(`Ann's action was refused: ${ack.error.message}`);
    await until(ann, (s) => (s.frame?.seq ?? 0) >= ack.seq);
    const step = ann.getState().frame!.undo;
    if (step === null) continue;
    const undone = await ann.undo(step);
    if (!undone.ok) throw new Error(`the undo was refused: ${undone.error.message}`);
    await until(ann, (s) => annToAct(s) && s.frame!.seq >= undone.seq);
    return;
  }
  throw new Error('Ann found no step to take back');
}

const told = (store: TableStore): string[] => store.getState().narration.lines.map((l) => l.text);

describe('the narrated history on watch (issue 14)', () => {
  it('a fresh watch mid-game reads what a page watching from the start told, for a seat and for a spectator', async () => {
    await start();
    const { id, token } = await raceTable();
    const ann = watch(id, token);
    const spectator = watch(id);
    await until(ann, (s) => s.frame !== null);
    await until(spectator, (s) => s.frame !== null);
    // They watched from (nearly) the start: what they hold was told live, update by update.
    const firstSeq = Math.max(ann.getState().frame!.seq, spectator.getState().frame!.seq);
    await playTo(ann, 150, 'ann');
    // Ann takes a step back: pages read it as it happened ("Ann took back a step.").
    await takeBack(ann);
    const seq = ann.getState().frame!.seq;
    await until(spectator, (s) => s.frame?.seq === seq);
    expect(ann.getState().frame!.status).toBe('running');
    expect(seq - firstSeq).toBeGreaterThan(100);

    // Both viewers' histories were told once, on their first watch, and kept current since.
    const built = server!.service.histories.built;
    expect(built).toBe(2);
    const annAgain = watch(id, token);
    const spectatorAgain = watch(id);
    await until(annAgain, (s) => s.frame?.seq === seq);
    await until(spectatorAgain, (s) => s.frame?.seq === seq);
    expect(server!.service.histories.built).toBe(built);
    const annLines = told(ann);
    const spectatorLines = told(spectator);
    expect(told(annAgain)).toEqual(annLines);
    expect(told(spectatorAgain)).toEqual(spectatorLines);
    // The whole game so far, not the view's tail: from the first round on.
    expect(annLines[0]).toBe('Round 1 begins.');
    expect(annLines.some((l) => l.startsWith('…'))).toBe(false);
    expect(annLines.filter((l) => l.startsWith('Takes back: '))).toHaveLength(1);
    expect(spectatorLines.filter((l) => l === 'Ann took back a step.')).toHaveLength(1);
    for (const lines of [annLines, spectatorLines]) {
      // Dummy turns in full, combo rewards, acorn spends.
      expect(lines.filter((l) => l.startsWith("The dummies' turn: they draw")).length).toBeGreaterThan(3);
      expect(lines.some((l) => /^(Twinkle|Bloom) (moves|jumps) /.test(l))).toBe(true);
      expect(lines.some((l) => /jumps? .* with a combo of \d cards .*, winning \d combo VP token/.test(l))).toBe(true);
      expect(lines.some((l) => /spends? an acorn on the "/.test(l))).toBe(true);
    }

    // Each viewer reads only what it may know: the same events, told line for line, but a seat's
    // drawn cards are named in its own history alone.
    const pipSync = await server!.service.perform<'sync'>({ op: 'sync', tableId: id, seat: 1 });
    if (!pipSync.ok) throw new Error(pipSync.error.message);
    const pipLines = pipSync.value.narration!.lines.map((l) => l.text);
    expect(server!.service.histories.built).toBe(built + 1);
    expect(pipSync.value.seq).toBe(seq);
    expect(spectatorLines).toHaveLength(annLines.length);
    expect(pipLines).toHaveLength(annLines.length);
    expect(pipLines.filter((l) => l === 'Ann took back a step.')).toHaveLength(1);
    const ownDraw = /^You (?:shuffle your discard pile into a new deck and )?draw (.+)\.$/;
    const counted = (who: string): RegExp => new RegExp(`^${who} (?:shuffles their discard pile into a new deck and )?draws \\d+ cards?\\.$`);
    let annDraws = 0;
    let pipDraws = 0;
    annLines.forEach((line, i) => {
      const named = ownDraw.exec(line);
      if (!named) return;
      annDraws++;
      expect(named[1]).toMatch(/[A-Z][a-z]+ [A-Z][a-z]+/); // card names, e.g. "Green Leaf"
      expect(spectatorLines[i]).toMatch(counted('Ann'));
      expect(pipLines[i]).toMatch(counted('Ann'));
    });
    pipLines.forEach((line, i) => {
      if (!ownDraw.test(line)) return;
      pipDraws++;
      expect(annLines[i]).toMatch(counted('Pip'));
      expect(spectatorLines[i]).toMatch(counted('Pip'));
    });
    expect(annDraws).toBeGreaterThan(3);
    expect(pipDraws).toBeGreaterThan(3);
  });

  it('steps committed while a long history is told off the event loop are told after it, once', async () => {
    // Histories of long records are told by the worker pool's task; here it is held back until
    // the table has moved on, as a busy pool would.
    const inline = createInlineRunner(BUILTINS);
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    const asked: number[] = [];
    await start({
      ...inline,
      narration: async (task) => {
        asked.push(task.record.actions.length);
        await held;
        return inline.narration!(task);
      },
    });
    const { id, token } = await raceTable();
    const ann = watch(id, token);
    await playTo(ann, 100, 'ann-2');
    const before = ann.getState().frame!.seq;
    // Pip's history (no page asked for it yet) is long: it goes to the (held) task.
    const syncing = server!.service.perform<'sync'>({ op: 'sync', tableId: id, seat: 1 });
    await expect.poll(() => asked).toEqual([before]);
    // Ann plays on, and Pip and the dummies: steps committed while the task is out.
    await playTo(ann, before + 10, 'ann-3');
    const now = ann.getState().frame!.seq;
    expect(now - before).toBeGreaterThanOrEqual(10);
    release();
    const synced = await syncing;
    if (!synced.ok) throw new Error(synced.error.message);
    expect(synced.value.seq).toBe(now);
    // The same lines as telling the whole record at once.
    const table = (await server!.service.getTable(id))!;
    const whole = tellRecord(table.game, narratorFor('acorn-run')!, { game: 'acorn-run', record: table.match.record, viewer: 1 as Viewer, names: ['Ann', 'Pip'] });
    if (!whole.ok) throw new Error(whole.error.message);
    expect(whole.value.seq).toBe(now);
    expect(synced.value.narration).toEqual(whole.value.history);
  });

  it('a history the pool cannot tell is told on this thread: a late page reads what a page there from the start reads', async () => {
    const inline = createInlineRunner(BUILTINS);
    await start({ ...inline, narration: async () => ({ ok: false, error: { code: 'pool-closed', message: 'the pool is closed' } }) });
    const { id, token } = await raceTable();
    const ann = watch(id, token); // told on this thread: the record is short
    await playTo(ann, 100, 'ann-4');
    expect(ann.getState().narration.lines[0]?.text).toBe('Round 1 begins.');
    const late = watch(id);
    const seq = ann.getState().frame!.seq;
    await until(late, (s) => s.frame !== null && s.frame.seq >= seq);
    await until(ann, (s) => s.frame!.seq === late.getState().frame!.seq);
    // The spectator's lines: the same count of lines as Ann's (only her own draws are named for her).
    expect(told(late)[0]).toBe('Round 1 begins.');
    expect(told(late)).toHaveLength(told(ann).length);
    expect(late.getState().narration.lines.map((l) => [l.seq, l.seat])).toEqual(ann.getState().narration.lines.map((l) => [l.seq, l.seat]));
  });

  it("the worker pool's narration task tells a record as this thread does", { timeout: 60_000 }, async () => {
    const pkg = BUILTINS.get('acorn-run')!;
    const created = createMatch(pkg.game, { seats: 2, seed: 'history-pool', options: { dummies: 2 } });
    if (!created.ok) throw new Error(created.error.message);
    const match = created.value;
    const rng = createRng('history-pool');
    for (let i = 0; i < 200 && pkg.game.toAct(match.state).length > 0; i++) {
      const seat = pkg.game.toAct(match.state)[0]!;
      const legal = pkg.game.legalActions(match.state, seat);
      const played = play(match, seat, legal[nextInt(rng, legal.length)]);
      if (!played.ok) throw new Error(played.error.message);
    }
    const pool = createWorkerPool(1);
    try {
      for (const viewer of [0, 'spectator'] as Viewer[]) {
        const task = { game: 'acorn-run', record: match.record, viewer, names: ['Ann', 'Pip'] };
        const here = tellRecord(pkg.game, pkg.narrator!, task);
        const there = await pool.narration!(task);
        if (!here.ok || !there.ok) throw new Error('a history could not be told');
        expect(there.value).toEqual(here.value);
        expect(there.value.seq).toBe(match.record.actions.length);
        expect(there.value.history.lines.length).toBeGreaterThan(60);
      }
    } finally {
      await pool.close();
    }
  });
});
