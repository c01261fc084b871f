/**
 * Issue 14 in Chromium: the table's log in the narrator's words reads the same after a reload, and
 * (issue 24) it is exactly the lines the server told that seat: the page narrates nothing itself.
 * Ann's page watches an Acorn Run table (Ann against a bot and two dummies) while the bot, the
 * dummies and Ann (played from the test through the web's table store) race for more moves than a
 * view's tail of events holds; the page is reloaded and must show the very same lines.
 */
import type { Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createRng, nextInt } from '../src/engine/rng.js';
import type { CreateTableResponse } from '../src/server/protocol.js';
import { createTableStore, type TableState, type TableStore } from '../web/src/store/table-store.js';
import { browserTestServer, launchBrowser } from './browser-helpers.js';

const srv = browserTestServer('browser-history', { botDelayMs: 5, limits: { socketMessagesPerSecond: 500, socketBurst: 500 } });

const seqOf = async (page: Page): Promise<number> => Number(await page.locator('main.table-page').getAttribute('data-seq'));
const logLines = (page: Page): Promise<string[]> => page.locator('[data-testid=log] li').allTextContents();

function until(store: TableStore, pred: (s: TableState) => boolean, ms = 30_000): Promise<void> {
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

const annToAct = (s: TableState): boolean => s.frame !== null && s.frame.legal.length > 0 && !s.pending;

describe('the narrated log after a reload (issue 14)', () => {
  it('reads the same lines, from the first round on', { timeout: 240_000 }, async () => {
    const r = await fetch(`${srv.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'acorn-run',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }],
        options: { dummies: 2 },
        seed: 'history-web',
        join: { seat: 0, name: 'Ann' },
      }),
    });
    expect(r.status).toBe(201);
    const body = (await r.json()) as CreateTableResponse;
    const tableId = body.table.id;
    const token = body.seat!.token;

    const browser = await launchBrowser();
    const socket: Socket = io(srv.url, { transports: ['websocket'], forceNew: true, reconnection: false });
    const ann = createTableStore({ socket, tableId, token });
    const errors: string[] = [];
    try {
      const page = await browser.context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(srv.url);
      await page.evaluate(
        ([t, tok]) => (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage.setItem(`drey:seat:${t}`, JSON.stringify({ seat: 0, token: tok })),
        [tableId, token],
      );
      await page.goto(`${srv.url}/t/${tableId}`);
      await expect.poll(() => logLines(page), { timeout: 15_000 }).toContain('Round 1 begins.');
      const watchedFrom = await seqOf(page);

      // Ann (from the test) and the bot play on, well past what a view's tail of events holds.
      const rng = createRng('history-web');
      for (;;) {
        await until(ann, annToAct);
        const frame = ann.getState().frame!;
        if (frame.seq >= 90) break;
        const ack = await ann.act(frame.legal[nextInt(rng, frame.legal.length)]);
        if (!ack.ok) throw new Error(`Ann's action was refused: ${ack.error.message}`);
        await until(ann, (s) => (s.frame?.seq ?? 0) >= ack.seq);
      }
      const seq = ann.getState().frame!.seq;
      await expect.poll(() => seqOf(page), { timeout: 15_000 }).toBe(seq);
      expect(seq - watchedFrom).toBeGreaterThan(60);
      const before = await logLines(page);
      // The page told it live, update by update: the whole race so far, in the narrator's words.
      expect(before[0]).toBe('Round 1 begins.');
      expect(before.length).toBeGreaterThan(40);
      expect(before.some((l) => l.startsWith("The dummies' turn"))).toBe(true);
      expect(before.some((l) => /^You (shuffle your discard pile into a new deck and )?draw [A-Z]/.test(l))).toBe(true);
      // The page narrates nothing itself (issue 24): its log is the lines the server told Ann.
      const table = (await srv.server.service.getTable(tableId))!;
      expect(before).toEqual(srv.server.service.histories.current(table, 0)!.lines.map((l) => l.text));

      await page.reload();
      await expect.poll(() => seqOf(page), { timeout: 15_000 }).toBe(seq);
      await expect.poll(() => logLines(page), { timeout: 15_000 }).toEqual(before);
      expect(errors).toEqual([]);
    } finally {
      ann.close();
      socket.close();
      await browser.close();
    }
  });
});
