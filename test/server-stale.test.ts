/** Issue 15, item 6: an action is tied to the frame it was chosen in; a message sent again never applies twice. */
import { describe, expect, it } from 'vitest';
import type { ActAck, ClaimSeatResponse, CreateTableResponse } from '../src/server/protocol.js';
import { liveServerPerTest } from './server-helpers.js';

// Every old message is sent again after each move: more than a socket may send a second.
const live = liveServerPerTest({ socketMessagesPerSecond: 10_000, socketBurst: 10_000 });

describe('stale actions', () => {
  it('refuses every replayed act message of a whole game with stale-action, and changes nothing', async () => {
    const { table, seat } = (
      await live.server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], options: { rounds: 4 }, join: { seat: 0, name: 'Ann' } } })
    ).json<CreateTableResponse>();
    const bo = (await live.server.app.inject({ method: 'POST', url: `/api/tables/${table.id}/seats/2`, payload: { name: 'Bo' } })).json<ClaimSeatResponse>();
    const tokens = [seat!.token, bo.token];
    const players = [await live.open(), await live.open()];
    for (const [i, p] of players.entries()) await p.emit('watch', { tableId: table.id, token: tokens[i] });
    const sent: Record<string, unknown>[] = [];
    // Both play their last legal action (picks of 3 collide, so the game runs its rounds) until the end.
    for (let guard = 0; guard < 100; guard++) {
      const latest = [...players[0]!.snapshots, ...players[0]!.updates].sort((a, b) => b.seq - a.seq)[0]!;
      if (latest.status === 'finished') break;
      for (const [i, p] of players.entries()) {
        const mine = [...p.snapshots, ...p.updates].filter((m) => m.seq === latest.seq).at(-1) ?? (await p.waitFor((m) => m.seq === latest.seq));
        if (mine.legal.length === 0) continue;
        const msg = { tableId: table.id, token: tokens[i], seq: mine.seq, action: mine.legal.at(-1) };
        expect((await p.emit<ActAck>('act', msg)).ok).toBe(true);
        sent.push(msg);
        // Mid-game, every message sent so far comes back: none applies again.
        for (const old of sent) expect(await p.emit<ActAck>('act', old)).toMatchObject({ ok: false, error: { code: 'stale-action' } });
        break;
      }
      await players[0]!.waitFor((m) => m.seq > latest.seq);
    }
    const end = (await live.server.service.getTable(table.id))!.stored;
    expect(end.status).toBe('finished');
    expect(sent.length).toBeGreaterThan(6);
    for (const msg of sent) expect(await players[0]!.emit<ActAck>('act', msg)).toMatchObject({ ok: false, error: { code: 'stale-action' } });
    expect((await live.server.service.getTable(table.id))!.stored.seq).toBe(end.seq);
  });

  it('accepts a simultaneous choice chosen before another seat acted, once', async () => {
    const { table, seat } = (
      await live.server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' } } })
    ).json<CreateTableResponse>();
    const bo = (await live.server.app.inject({ method: 'POST', url: `/api/tables/${table.id}/seats/2`, payload: { name: 'Bo' } })).json<ClaimSeatResponse>();
    const c = await live.open();
    // Both chose at move 0; Bo's lands first. Ann's choice is still hers to make: accepted.
    expect(await c.emit<ActAck>('act', { tableId: table.id, token: bo.token, seq: 0, action: { type: 'pick', n: 1 } })).toEqual({ ok: true, seq: 1 });
    const ann = { tableId: table.id, token: seat!.token, seq: 0, action: { type: 'pick', n: 2 } };
    expect(await c.emit<ActAck>('act', ann)).toEqual({ ok: true, seq: 2 });
    expect(await c.emit<ActAck>('act', ann)).toMatchObject({ ok: false, error: { code: 'stale-action' } });
    expect(await c.emit<ActAck>('act', { ...ann, seq: 9 })).toMatchObject({ ok: false, error: { code: 'stale-action' } });
  });
});
