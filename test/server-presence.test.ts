/**
 * Issue 15, item 7: one seat holder spamming watch/leave cannot make the server push a frame per
 * message to everyone watching: messages per socket are rate-limited and presence is coalesced.
 */
import { describe, expect, it } from 'vitest';
import type { ClaimSeatResponse, CreateTableResponse, WatchAck } from '../src/server/protocol.js';
import { liveServerPerTest, type TestClient } from './server-helpers.js';

const live = liveServerPerTest();

describe('presence amplification', () => {
  it('spamming watch/leave reaches watchers as a handful of frames; the spammer is refused, then cut off', async () => {
    const { table } = (
      await live.server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' } } })
    ).json<CreateTableResponse>();
    const bo = (await live.server.app.inject({ method: 'POST', url: `/api/tables/${table.id}/seats/2`, payload: { name: 'Bo' } })).json<ClaimSeatResponse>();
    const watchers: TestClient[] = [];
    for (let i = 0; i < 7; i++) {
      const w = await live.open();
      expect((await w.emit<WatchAck>('watch', { tableId: table.id })).ok).toBe(true);
      watchers.push(w);
    }
    const spammer = await live.open();
    let disconnected = false;
    spammer.socket.on('disconnect', () => (disconnected = true));
    for (let i = 0; i < 600 && !disconnected; i++) {
      spammer.socket.emit('watch', { tableId: table.id, token: bo.token });
      spammer.socket.emit('leave', { tableId: table.id });
      if (i % 20 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, 1_000));
    const frames = watchers.reduce((n, w) => n + w.updates.length, 0);
    // Without limits: two frames per watch/leave pair to each of 7 watchers (8,400 here).
    expect(frames).toBeLessThanOrEqual(7 * 10);
    expect(spammer.errors).toContainEqual(expect.objectContaining({ code: 'rate-limited' }));
    expect(disconnected).toBe(true);
    // The table is unchanged and still serves an honest client.
    const fresh = await live.open();
    expect(await fresh.emit<WatchAck>('watch', { tableId: table.id, token: bo.token })).toEqual({ ok: true, seq: 0, you: 1 });
  });

  it('still tells watchers who connected and who left', async () => {
    const { table } = (
      await live.server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'pick', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' } } })
    ).json<CreateTableResponse>();
    const bo = (await live.server.app.inject({ method: 'POST', url: `/api/tables/${table.id}/seats/2`, payload: { name: 'Bo' } })).json<ClaimSeatResponse>();
    const w = await live.open();
    await w.emit('watch', { tableId: table.id });
    const b = await live.open();
    await b.emit('watch', { tableId: table.id, token: bo.token });
    await w.waitFor((m) => m.seats[1]?.kind === 'human' && m.seats[1].connected);
    b.close();
    await w.waitFor((m) => m.seats[1]?.kind === 'human' && !m.seats[1].connected);
  });
});
