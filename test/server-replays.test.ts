/**
 * Issue 15, item 3: a replay is built once per table and viewer, off the event loop, and
 * concurrent requests share it; the answer is the same ReplayResponse as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTINS } from '../src/games/index.js';
import { createDreyServer, type DreyServer } from '../src/server/app.js';
import { createInlineRunner, createWorkerPool, type BotRunner } from '../src/server/bots/pool.js';
import type { CreateTableResponse, ReplayResponse, TableSummary } from '../src/server/protocol.js';
import { seatLabel } from '../src/server/seat-label.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';

const pool = createWorkerPool(1);
const inline = createInlineRunner(BUILTINS);
// Bots decide on this thread (fast to set up); replays are built on the pool.
const runner: BotRunner = { run: (t) => inline.run(t), replay: pool.replay!, close: () => pool.close() };
let server: DreyServer;
const LIVE = ['spectator', 1] as const;
let id: string;

beforeAll(async () => {
  server = await createDreyServer({ store: openSqliteStore(':memory:'), registry: BUILTINS, bots: runner, botDelayMs: 0, webRoot: '/nonexistent' });
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/tables',
    payload: { game: 'autumn-leaves', seats: [1, 2, 3, 4].map(() => ({ kind: 'bot', bot: 'random' })), options: { hands: 2 } },
  });
  id = created.json<CreateTableResponse>().table.id;
  // The live table tells these viewers' logs from here on, step by step, as a watching page reads them.
  const table = (await server.service.getTable(id))!;
  for (const viewer of LIVE) await server.service.histories.prepare(table, viewer);
  for (let i = 0; i < 600; i++) {
    const t = (await server.app.inject({ method: 'GET', url: `/api/tables/${id}` })).json<TableSummary>();
    if (t.status === 'finished') break;
    await new Promise((r) => setTimeout(r, 25));
  }
});
afterAll(async () => {
  await server.close();
});

describe('replays', () => {
  it('are built once per viewer off the event loop, shared by concurrent requests, and answer the same shape', async () => {
    const replays = server.service.replays;
    const before = replays.built;
    const asks = Array.from({ length: 20 }, (_, i) => server.app.inject({ method: 'GET', url: `/api/tables/${id}/replay?viewer=${i % 2 === 0 ? 'spectator' : 2}` }));
    // While they are built the event loop answers at once.
    const t0 = performance.now();
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const healthMs = performance.now() - t0;
    const answers = await Promise.all(asks);
    expect(replays.built - before).toBe(2);
    expect(healthMs).toBeLessThan(100);
    for (const a of answers) expect(a.statusCode).toBe(200);
    const spectator = answers[0]!.json<ReplayResponse>();
    const seat2 = answers[1]!.json<ReplayResponse>();
    expect(spectator.viewer).toBe('spectator');
    expect(seat2.viewer).toBe(1);
    expect(spectator.table.id).toBe(id);
    expect(spectator.frames).toHaveLength(spectator.table.seq + 1);
    expect((spectator.record as { actions: unknown[] }).actions).toHaveLength(spectator.table.seq);
    expect(spectator.frames[1]!.entry).toMatchObject({ seq: 1 });
    expect(JSON.stringify(spectator.frames)).not.toEqual(JSON.stringify(seat2.frames));
    // Asked again: served from the cache.
    const again = await server.app.inject({ method: 'GET', url: `/api/tables/${id}/replay` });
    expect(again.body).toBe(answers[0]!.body);
    expect(replays.built - before).toBe(2);
  });

  it('carry the lines the live table told each viewer, word for word (issue 24: the page narrates nothing)', async () => {
    const table = (await server.service.getTable(id))!;
    for (const viewer of LIVE) {
      const live = server.service.histories.current(table, viewer)!;
      expect(live.dropped).toBe(0);
      const r = await server.app.inject({ method: 'GET', url: `/api/tables/${id}/replay?viewer=${viewer === 'spectator' ? viewer : viewer + 1}` });
      const replay = r.json<ReplayResponse>();
      expect(replay.frames).toHaveLength(table.stored.seq + 1);
      let narrated = 0;
      let ownSilent = 0;
      for (const frame of replay.frames) {
        const told = live.lines.filter((l) => l.seq === frame.seq).map((l) => l.text);
        if (told.length > 0) {
          expect(frame.lines, `step ${frame.seq} seen by ${viewer}`).toEqual(told);
          narrated++;
        } else if (frame.entry) {
          // Nothing told live (a card chosen in secret): the step's log line, seats by name, never "seat 0".
          expect(frame.lines).toHaveLength(1);
          expect(frame.lines[0]).not.toMatch(/\bseat \d/);
          // A seat's own secret step reads "You …" to that seat, as its live lines do, never its name.
          if (frame.entry.seat === viewer) {
            expect(frame.lines[0], `step ${frame.seq} seen by its own seat`).toMatch(/^You [a-z]/);
            expect(frame.lines[0]).not.toContain(seatLabel(replay.table.seats[viewer], viewer));
            ownSilent++;
          }
        }
      }
      // The seat's own chosen cards (told to nobody live) are among the silent steps.
      if (viewer !== 'spectator') expect(ownSilent).toBeGreaterThan(0);
      // Most steps told something, and a seat reads its own cards where a spectator does not.
      expect(narrated).toBeGreaterThan(replay.frames.length / 3);
      // Each frame says whose turn it was after it (the table draws it): the next step's seat was among
      // them, and nobody is to act once the game is over.
      for (let i = 0; i + 1 < replay.frames.length; i++) expect(replay.frames[i]!.toAct, `after step ${i}`).toContain(replay.frames[i + 1]!.entry!.seat);
      expect(replay.frames.at(-1)!.toAct).toEqual([]);
    }
  });
});
