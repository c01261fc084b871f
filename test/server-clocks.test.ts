/**
 * Table clocks and absent players under a fake clock (no real waiting for any clock or grace
 * period): every profile's bank, increment and per-move time to the millisecond, simultaneous
 * choices running every choosing seat's clock, a run-out clock or a disconnect past the grace
 * period handing the seat to the easy bot, the player coming back, the creator's new seat link
 * and hand-over, and clocks resumed exactly from the log after a restart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BUILTINS } from '../src/games/index.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import { applyTimeEvent, initialTime, TIME_PROFILES, type Clock } from '../src/server/clocks.js';
import type { CreateTableRequest, CreateTableResponse, TableSummary, TableTime } from '../src/server/protocol.js';
import { TableService } from '../src/server/service.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import type { Store } from '../src/server/storage/types.js';
import { makeServer, testRegistry } from './server-helpers.js';

/** A clock that moves only when told; its timers fire in time order as it moves. */
class FakeClock implements Clock {
  t = Date.parse('2026-03-01T12:00:00.000Z');
  private timers: { id: number; at: number; fn: () => void }[] = [];
  private nextId = 1;
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ id, at: this.t + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  /** Moves on by `ms`, firing every timer that falls due on the way (and letting its work finish). */
  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.t = due.at;
      due.fn();
      await settle();
    }
    this.t = target;
    await settle();
  }
}

/** Lets queued table work (storage, bots answering inline) finish. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
}

const services: TableService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.close();
});

function makeService(store: Store, clock: FakeClock): TableService {
  const s = new TableService({ store, registry: testRegistry(), bots: createInlineRunner(testRegistry()), botDelayMs: 0, clock });
  services.push(s);
  return s;
}

/** A running two-player table of `pick` (both pick at once, then the round's leader collects). */
async function twoPlayers(svc: TableService, time: CreateTableRequest['time']) {
  const created = await svc.create({ game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' }, ...(time ? { time } : {}) });
  if (!created.ok) throw new Error(created.error.message);
  const id = created.value.table.id;
  const claimed = await svc.perform<'claim'>({ op: 'claim', tableId: id, seat: 1, req: { name: 'Bo' } });
  if (!claimed.ok) throw new Error(claimed.error.message);
  // Both sit at the table (an open page each).
  const table = (await svc.getTable(id))!;
  svc.presence(table, 0, 1);
  svc.presence(table, 1, 1);
  return { id, ann: created.value.seat!.token, bo: claimed.value.token, creator: created.value.creator.token };
}

async function timeOf(svc: TableService, id: string): Promise<TableTime> {
  const table = await svc.getTable(id);
  return svc.snapshot(table!, 'spectator').time;
}

const remaining = (t: TableTime): (number | null)[] => t.seats.map((s) => s.remainingMs);
const running = (t: TableTime): boolean[] => t.seats.map((s) => s.running);

async function untilTrue(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error('never happened');
}

describe('clocks per time profile', () => {
  it('real time: a 5-minute bank charged while a seat is to act, 5 s added after each of its moves; a simultaneous choice runs both clocks', async () => {
    const clock = new FakeClock();
    const svc = makeService(openSqliteStore(':memory:'), clock);
    const t = await twoPlayers(svc, 'realtime');
    expect(await timeOf(svc, t.id)).toMatchObject({ profile: 'realtime', seats: [{ remainingMs: 300_000, running: true }, { remainingMs: 300_000, running: true }] });
    await clock.advance(10_000);
    expect(remaining(await timeOf(svc, t.id))).toEqual([290_000, 290_000]);
    expect((await svc.act(t.id, t.ann, { type: 'pick', n: 2 })).ok).toBe(true);
    expect(remaining(await timeOf(svc, t.id))).toEqual([295_000, 290_000]);
    expect(running(await timeOf(svc, t.id))).toEqual([false, true]);
    await clock.advance(20_000);
    expect(remaining(await timeOf(svc, t.id))).toEqual([295_000, 270_000]);
    expect((await svc.act(t.id, t.bo, { type: 'pick', n: 3 })).ok).toBe(true);
    // Round 0's leader (Ann, seat 0) collects: only her clock runs.
    expect(running(await timeOf(svc, t.id))).toEqual([true, false]);
    await clock.advance(1_500);
    expect(remaining(await timeOf(svc, t.id))).toEqual([293_500, 275_000]);
  });

  it('Autumn Leaves: the simultaneous choice runs every choosing seat’s clock, and each stops as its seat chooses', async () => {
    const clock = new FakeClock();
    const svc = new TableService({ store: openSqliteStore(':memory:'), registry: BUILTINS, bots: createInlineRunner(BUILTINS), botDelayMs: 0, clock });
    services.push(svc);
    const created = await svc.create({ game: 'autumn-leaves', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' }, time: 'realtime' });
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.table.id;
    const tokens = [created.value.seat!.token];
    for (const seat of [1, 2]) {
      const c = await svc.perform<'claim'>({ op: 'claim', tableId: id, seat, req: { name: `P${seat}` } });
      if (!c.ok) throw new Error(c.error.message);
      tokens.push(c.value.token);
    }
    const table = (await svc.getTable(id))!;
    expect([...table.game.toAct(table.match.state)]).toEqual([0, 1, 2]);
    await clock.advance(7_000);
    expect(running(await timeOf(svc, id))).toEqual([true, true, true]);
    expect(remaining(await timeOf(svc, id))).toEqual([293_000, 293_000, 293_000]);
    const choice = table.game.legalActions(table.match.state, 1)[0];
    expect((await svc.act(id, tokens[1]!, choice)).ok).toBe(true);
    await clock.advance(3_000);
    expect(remaining(await timeOf(svc, id))).toEqual([290_000, 298_000, 290_000]);
    expect(running(await timeOf(svc, id))).toEqual([true, false, true]);
  });

  it('Acorn Run: the increment belongs to a turn, not to each step of it (a turn of several steps earns 5 s once)', async () => {
    const clock = new FakeClock();
    const svc = new TableService({ store: openSqliteStore(':memory:'), registry: BUILTINS, bots: createInlineRunner(BUILTINS), botDelayMs: 0, clock });
    services.push(svc);
    const created = await svc.create({ game: 'acorn-run', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' }, time: 'realtime' });
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.table.id;
    const c = await svc.perform<'claim'>({ op: 'claim', tableId: id, seat: 1, req: { name: 'Bo' } });
    if (!c.ok) throw new Error(c.error.message);
    const table = (await svc.getTable(id))!;
    const seat = table.game.toAct(table.match.state)[0]!;
    // Play the seat's turn step by step, a second each: end the turn, then keep or discard.
    let steps = 0;
    for (; steps < 40 && [...table.game.toAct(table.match.state)].includes(seat); steps++) {
      await clock.advance(1_000);
      const legal = table.game.legalActions(table.match.state, seat) as readonly { type: string }[];
      const pick = legal.find((a) => a.type === 'end') ?? legal.find((a) => a.type === 'keep') ?? legal[0]!;
      expect((await svc.act(id, seat === 0 ? created.value.seat!.token : c.value.token, pick)).ok).toBe(true);
      if (steps === 0) expect(remaining(await timeOf(svc, id))[seat]).toBe(299_000);
    }
    expect(steps).toBeGreaterThan(1);
    expect(table.game.toAct(table.match.state)).not.toContain(seat);
    expect(remaining(await timeOf(svc, id))[seat]).toBe(300_000 - steps * 1_000 + 5_000);
  });

  it('the fold: a seat that acts and stays to act (a step of its turn) gets no increment; one whose turn passes does', () => {
    const s = initialTime(TIME_PROFILES.relaxed, [true, true]);
    applyTimeEvent(s, { kind: 'start', at: 0, toAct: [0] });
    applyTimeEvent(s, { kind: 'action', at: 1_000, seat: 0, toAct: [0] });
    applyTimeEvent(s, { kind: 'action', at: 2_000, seat: 0, toAct: [0] });
    expect(s.remaining).toEqual([1_198_000, 1_200_000]);
    applyTimeEvent(s, { kind: 'action', at: 3_000, seat: 0, toAct: [1] });
    expect(s.remaining).toEqual([1_227_000, 1_200_000]);
    // Turn-based: the day is set back when the turn passes, not at each step.
    const t = initialTime(TIME_PROFILES['turn-based'], [true, true]);
    applyTimeEvent(t, { kind: 'start', at: 0, toAct: [0] });
    applyTimeEvent(t, { kind: 'action', at: 3_600_000, seat: 0, toAct: [0] });
    expect(t.remaining[0]).toBe(23 * 3_600_000);
    applyTimeEvent(t, { kind: 'action', at: 7_200_000, seat: 0, toAct: [1] });
    expect(t.remaining[0]).toBe(24 * 3_600_000);
  });

  it('relaxed: a 20-minute bank and 30 s a move', async () => {
    const clock = new FakeClock();
    const svc = makeService(openSqliteStore(':memory:'), clock);
    const t = await twoPlayers(svc, 'relaxed');
    await clock.advance(60_000);
    expect((await svc.act(t.id, t.bo, { type: 'pick', n: 1 })).ok).toBe(true);
    expect(remaining(await timeOf(svc, t.id))).toEqual([1_140_000, 1_170_000]);
  });

  it('turn-based: a day for each move, set back to a day after every move', async () => {
    const clock = new FakeClock();
    const svc = makeService(openSqliteStore(':memory:'), clock);
    const t = await twoPlayers(svc, 'turn-based');
    await clock.advance(5 * 3_600_000);
    expect(remaining(await timeOf(svc, t.id))).toEqual([19 * 3_600_000, 19 * 3_600_000]);
    expect((await svc.act(t.id, t.ann, { type: 'pick', n: 1 })).ok).toBe(true);
    expect(remaining(await timeOf(svc, t.id))).toEqual([24 * 3_600_000, 19 * 3_600_000]);
    // Away from the page for hours is normal at a turn-based table: no grace period.
    const table = (await svc.getTable(t.id))!;
    svc.presence(table, 1, -1);
    await clock.advance(18 * 3_600_000);
    expect((await timeOf(svc, t.id)).seats[1]).toMatchObject({ standIn: null, remainingMs: 3_600_000 });
  });

  it('no clock: nothing runs, and a practice table has none unless asked', async () => {
    const clock = new FakeClock();
    const svc = makeService(openSqliteStore(':memory:'), clock);
    const practice = await svc.create({ game: 'pick', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }], join: { seat: 0, name: 'Ann' } });
    if (!practice.ok) throw new Error(practice.error.message);
    expect(practice.value.table.time).toBe('none');
    const friends = await twoPlayers(svc, 'none');
    await clock.advance(3 * 24 * 3_600_000);
    expect(await timeOf(svc, friends.id)).toMatchObject({ profile: 'none', seats: [{ remainingMs: null, running: false, standIn: null }, { remainingMs: null, running: false, standIn: null }] });
    // Two people and no choice: relaxed.
    const defaulted = await twoPlayers(svc, undefined);
    expect((await timeOf(svc, defaulted.id)).profile).toBe('relaxed');
  });
});

describe('absent players', () => {
  it('a clock that runs out hands the seat to the easy bot, which plays for it; acting again takes it back', async () => {
    const clock = new FakeClock();
    const store = openSqliteStore(':memory:');
    const svc = makeService(store, clock);
    const t = await twoPlayers(svc, 'realtime');
    expect((await svc.act(t.id, t.ann, { type: 'pick', n: 2 })).ok).toBe(true);
    await clock.advance(299_999);
    expect((await timeOf(svc, t.id)).seats[1]).toMatchObject({ standIn: null, remainingMs: 1 });
    await clock.advance(1);
    // The bot picked for Bo at once; now Ann (the leader) collects.
    await untilTrue(async () => (await svc.summary(t.id))?.seq === 2);
    const time = await timeOf(svc, t.id);
    expect(time.seats[1]).toMatchObject({ standIn: 'timeout', remainingMs: 0, running: false, botMoves: 1 });
    expect(await store.getNotes(t.id, { kinds: ['takeover'] })).toMatchObject([{ seat: 1, data: { reason: 'timeout', seq: 1 } }]);
    expect((await svc.summary(t.id))?.botPlayed).toEqual([{ seat: 1, moves: 1 }]);
    // Ann collects; round 2 both pick: Bo acts himself and is back with a minute on his clock.
    // (Bo acts in the same tick as Ann's collect, before the stand-in's decision is due.)
    expect((await svc.act(t.id, t.ann, { type: 'collect' })).ok).toBe(true);
    expect(await svc.act(t.id, t.bo, { type: 'pick', n: 1 })).toMatchObject({ ok: true });
    expect((await timeOf(svc, t.id)).seats[1]).toMatchObject({ standIn: null, remainingMs: 65_000, botMoves: 1 });
  });

  it('a player disconnected past the grace period is replaced by the bot; opening the seat again brings them back', async () => {
    const clock = new FakeClock();
    const store = openSqliteStore(':memory:');
    const svc = makeService(store, clock);
    const t = await twoPlayers(svc, 'realtime');
    const table = (await svc.getTable(t.id))!;
    expect((await svc.act(t.id, t.ann, { type: 'pick', n: 3 })).ok).toBe(true);
    svc.presence(table, 1, -1);
    await clock.advance(119_999);
    expect((await timeOf(svc, t.id)).seats[1]!.standIn).toBe(null);
    await clock.advance(1);
    await untilTrue(async () => (await svc.summary(t.id))?.seq === 2);
    expect((await timeOf(svc, t.id)).seats[1]).toMatchObject({ standIn: 'disconnected', botMoves: 1, remainingMs: 300_000 - 120_000 });
    // Bo opens his seat link again (a watch with his token): his seat is his.
    svc.presence(table, 1, 1);
    await settle();
    expect((await timeOf(svc, t.id)).seats[1]).toMatchObject({ standIn: null, botMoves: 1 });
    expect((await store.getNotes(t.id)).map((n) => n.kind)).toEqual(['clock-start', 'takeover', 'returned']);
  });

  it('the creator gives a lost seat a new link (the old one stops working) and hands an absent seat to the bot', async () => {
    const clock = new FakeClock();
    const store = openSqliteStore(':memory:');
    const svc = makeService(store, clock);
    const t = await twoPlayers(svc, 'none');
    expect(await svc.perform<'new-link'>({ op: 'new-link', tableId: t.id, seat: 1, creatorToken: t.ann })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const link = await svc.perform<'new-link'>({ op: 'new-link', tableId: t.id, seat: 1, creatorToken: t.creator });
    if (!link.ok) throw new Error(link.error.message);
    expect(await svc.act(t.id, t.bo, { type: 'pick', n: 1 })).toMatchObject({ ok: false, error: { code: 'bad-token' } });
    expect((await svc.act(t.id, t.ann, { type: 'pick', n: 2 })).ok).toBe(true);
    expect((await svc.act(t.id, link.value.token, { type: 'pick', n: 1 })).ok).toBe(true);

    // Round 1: Ann collects, then both pick; Bo is at the table, so his seat is not handed over.
    expect((await svc.act(t.id, t.ann, { type: 'collect' })).ok).toBe(true);
    const table = (await svc.getTable(t.id))!;
    expect(await svc.perform<'hand-to-bot'>({ op: 'hand-to-bot', tableId: t.id, seat: 1, creatorToken: t.creator })).toMatchObject({ ok: false, error: { code: 'bad-seat' } });
    svc.presence(table, 1, -1);
    // No clock and no grace: nobody replaces him but the creator.
    await clock.advance(7 * 24 * 3_600_000);
    expect((await timeOf(svc, t.id)).seats[1]!.standIn).toBe(null);
    expect(await svc.perform<'hand-to-bot'>({ op: 'hand-to-bot', tableId: t.id, seat: 1, creatorToken: t.creator })).toEqual({ ok: true, value: { seat: 1 } });
    await untilTrue(async () => (await svc.summary(t.id))?.seq === 4);
    expect((await timeOf(svc, t.id)).seats[1]).toMatchObject({ standIn: 'creator', botMoves: 1 });
    expect((await store.getNotes(t.id)).map((n) => n.kind)).toEqual(['clock-start', 'token-replaced', 'takeover']);
  });
});

describe('a restart', () => {
  it('resumes every clock and stand-in from the log and the notes, charging the time the server was away', async () => {
    const clock = new FakeClock();
    const store = openSqliteStore(':memory:');
    const first = makeService(store, clock);
    const t = await twoPlayers(first, 'realtime');
    await clock.advance(10_000);
    expect((await first.act(t.id, t.ann, { type: 'pick', n: 2 })).ok).toBe(true);
    await clock.advance(290_000);
    await untilTrue(async () => (await first.summary(t.id))?.seq === 2);
    await clock.advance(4_000);
    const before = await timeOf(first, t.id);
    expect(remaining(before)).toEqual([291_000, 0]);
    expect(before.seats[1]).toMatchObject({ standIn: 'timeout', botMoves: 1 });
    await first.close();
    services.splice(services.indexOf(first), 1);

    // Down for 30 seconds; Ann (the leader, to collect) is charged for them.
    await clock.advance(30_000);
    const second = makeService(store, clock);
    await second.start();
    const after = await timeOf(second, t.id);
    expect(remaining(after)).toEqual([261_000, 0]);
    expect(after.seats.map((s) => [s.running, s.standIn, s.botMoves])).toEqual([[true, null, 0], [false, 'timeout', 1]]);
    // Her clock runs out on time after the restart, too (she came back to the page meanwhile).
    second.presence((await second.getTable(t.id))!, 0, 1);
    await clock.advance(260_999);
    expect((await timeOf(second, t.id)).seats[0]).toMatchObject({ standIn: null, remainingMs: 1 });
    await clock.advance(1);
    await untilTrue(async () => (await timeOf(second, t.id)).seats[0]!.standIn === 'timeout');
  });

  it('starts the grace period of a player who left while the table waited for players when it starts', async () => {
    const clock = new FakeClock();
    const svc = makeService(openSqliteStore(':memory:'), clock);
    const created = await svc.create({ game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' }, time: 'realtime' });
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.table.id;
    await clock.advance(600_000);
    const claimed = await svc.perform<'claim'>({ op: 'claim', tableId: id, seat: 1, req: { name: 'Bo' } });
    if (!claimed.ok) throw new Error(claimed.error.message);
    svc.presence((await svc.getTable(id))!, 1, 1);
    await clock.advance(119_999);
    expect((await timeOf(svc, id)).seats[0]!.standIn).toBe(null);
    await clock.advance(1);
    expect((await timeOf(svc, id)).seats.map((s) => s.standIn)).toEqual(['disconnected', null]);
  });

  it('starts the grace period of every seat again: whoever does not come back is replaced', async () => {
    const clock = new FakeClock();
    const store = openSqliteStore(':memory:');
    const first = makeService(store, clock);
    const t = await twoPlayers(first, 'realtime');
    await first.close();
    services.splice(services.indexOf(first), 1);
    const second = makeService(store, clock);
    await second.start();
    second.presence((await second.getTable(t.id))!, 0, 1);
    await clock.advance(120_000);
    await untilTrue(async () => (await timeOf(second, t.id)).seats[1]!.standIn === 'disconnected');
    expect((await timeOf(second, t.id)).seats[0]!.standIn).toBe(null);
  });
});

describe('several processes', () => {
  it('a table of people with a clock whose process went away is taken over by the sweep: its clocks run out with nobody acting', async () => {
    const store = openSqliteStore(':memory:');
    const cluster = (owner: string) => ({ owner, leaseTtlMs: 300 });
    const clock = new FakeClock();
    const first = new TableService({ store, registry: testRegistry(), bots: createInlineRunner(testRegistry()), botDelayMs: 0, clock: new FakeClock(), cluster: cluster('first') });
    services.push(first);
    await first.start();
    const t = await twoPlayers(first, 'realtime');
    expect(first.ownership!.holds(t.id)).toBe(true);
    // The process goes; its lease with it (as when a dead process's lease runs out).
    await first.close();
    services.splice(services.indexOf(first), 1);

    // Nobody comes back to the table: no act, no watch, nothing asks the new process for it.
    const second = new TableService({ store, registry: testRegistry(), bots: createInlineRunner(testRegistry()), botDelayMs: 0, clock, cluster: cluster('second') });
    services.push(second);
    await second.start();
    await untilTrue(async () => second.ownership!.holds(t.id));
    await clock.advance(119_999);
    expect(await store.getNotes(t.id, { kinds: ['takeover'] })).toEqual([]);
    // Past the grace period both seats are the easy bot's, which plays the game out.
    await clock.advance(1);
    await untilTrue(async () => (await store.getTable(t.id))?.status === 'finished');
    expect((await store.getNotes(t.id, { kinds: ['takeover'] })).map((n) => [n.seat, (n.data as { reason: string }).reason])).toEqual([
      [0, 'disconnected'],
      [1, 'disconnected'],
    ]);
  });
});

describe('the HTTP routes of absence', () => {
  it('parse their input, check the creator token and the seat token, and answer in Drey’s error shape', async () => {
    const server = await makeServer();
    try {
      const post = (url: string, payload: unknown) => server.app.inject({ method: 'POST', url, payload: payload as object });
      const made = (await post('/api/tables', { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' }, time: 'realtime' })).json<CreateTableResponse>();
      expect(made.table.time).toBe('realtime');
      const id = made.table.id;
      const bo = (await post(`/api/tables/${id}/seats/2`, { name: 'Bo' })).json<{ token: string }>();
      expect((await post(`/api/tables/${id}/seats/2/new-link`, { creatorToken: 'x' })).statusCode).toBe(400);
      const refused = await post(`/api/tables/${id}/seats/2/new-link`, { creatorToken: bo.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'forbidden' } });
      const fresh = await post(`/api/tables/${id}/seats/2/new-link`, { creatorToken: made.creator.token });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).toMatchObject({ seat: 1 });
      // Bo's old token is gone; the new one opens the seat.
      expect((await post(`/api/tables/${id}/back`, { token: bo.token })).json()).toMatchObject({ error: { code: 'bad-token' } });
      expect((await post(`/api/tables/${id}/back`, { token: fresh.json<{ token: string }>().token })).json()).toEqual({ seat: 1 });
      // Nobody is connected to seat 2, so the creator may hand it to the bot.
      expect((await post(`/api/tables/${id}/seats/2/bot`, { creatorToken: made.creator.token })).json()).toEqual({ seat: 1 });
      const summary = (await server.app.inject({ method: 'GET', url: `/api/tables/${id}` })).json<TableSummary>();
      expect(summary.toAct).toBeDefined();
    } finally {
      await server.close();
    }
  });
});
