/**
 * One action, each viewer's view built once (issue 24, item 1): at a 3-seat Autumn Leaves table
 * with a spectator, all four pages watching (so each has a kept narrated history), one action
 * sends every page its update and extends every history, and the game's `view` runs at most once
 * per viewer for it (it ran twice per viewer before: once for the frame, once for the history).
 */
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyGame } from '../src/engine/game.js';
import { BUILTINS, createRegistry } from '../src/games/index.js';
import { createDreyServer, type DreyServer } from '../src/server/app.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import type { ClaimSeatResponse, CreateTableResponse, SnapshotMessage, UpdateMessage } from '../src/server/protocol.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import { work } from '../src/server/views.js';

let server: DreyServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await server?.close();
  server = undefined;
});

/** The built-in games, Autumn Leaves with its `view` calls counted. */
let viewsRun = 0;
const counted = createRegistry(
  BUILTINS.packages.map((pkg) => {
    if (pkg.game.id !== 'autumn-leaves') return pkg;
    const game: AnyGame = pkg.game;
    return { ...pkg, game: { ...game, view: (state: unknown, viewer: Parameters<AnyGame['view']>[1]) => (viewsRun++, game.view(state, viewer)) } };
  }),
);

describe('views once per action', () => {
  it('builds each viewer’s view once and tells each history once for one action', async () => {
    server = await createDreyServer({ store: openSqliteStore(':memory:'), registry: counted, bots: createInlineRunner(counted), botDelayMs: 0, webRoot: '/nonexistent' });
    const { url } = await server.listen(0, '127.0.0.1');
    const response = await server.app.inject({ method: 'POST', url: '/api/tables', payload: { game: 'autumn-leaves', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' } } });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<CreateTableResponse>();
    const id = created.table.id;
    const tokens = [created.seat!.token];
    for (const [seat, name] of [[2, 'Bo'], [3, 'Cy']] as const) {
      tokens.push((await server.app.inject({ method: 'POST', url: `/api/tables/${id}/seats/${seat}`, payload: { name } })).json<ClaimSeatResponse>().token);
    }
    // Three seats and a spectator watch; each gets its snapshot with its narrated history.
    const latest: (SnapshotMessage | UpdateMessage | null)[] = [null, null, null, null];
    const watchers = [...tokens, undefined].map((token, i) => {
      const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(socket);
      socket.on('snapshot', (m: SnapshotMessage) => (latest[i] = m));
      socket.on('update', (m: UpdateMessage) => (latest[i] = m));
      socket.emit('watch', { tableId: id, ...(token === undefined ? {} : { token }) });
      return socket;
    });
    await expect.poll(() => latest.every((m) => m !== null && 'narration' in m && m.narration !== undefined)).toBe(true);
    expect(watchers).toHaveLength(4);
    const actor = latest.findIndex((m, i) => i < 3 && m !== null && m.legal.length > 0);
    expect(actor).toBeGreaterThanOrEqual(0);
    const before = { ...work, viewsRun };
    const acted = await server.service.act(id, tokens[actor]!, latest[actor]!.legal[0], latest[actor]!.seq);
    expect(acted.ok).toBe(true);
    await expect.poll(() => latest.every((m) => m?.seq === 1)).toBe(true);
    expect(work.actions - before.actions).toBe(1);
    // Four viewers: four views at most (the frame and the history share each), four narrations.
    expect(viewsRun - before.viewsRun).toBeLessThanOrEqual(4);
    expect(work.viewsBuilt - before.viewsBuilt).toBeLessThanOrEqual(4);
    expect(work.narrationsTold - before.narrationsTold).toBe(4);
  });
});
