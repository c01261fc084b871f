/**
 * "Since your last move" (issue 25): when your turn comes round again, or you come back to a
 * table, a bar over the table says what the others did since your last action and the log marks
 * those lines, and the piles that changed are marked on the table; "Got it" (or acting) marks them seen, and the mark outlives a reload. At 1280×800
 * and 390×844, with axe clean on the table showing it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateTableResponse } from '../src/server/protocol.js';
import { animationsSettled, browserTestServer, expectAccessible, launchBrowser } from './browser-helpers.js';

const SHOTS = process.env.DREY_SCREENSHOTS ?? '.tmp/screenshots';

const srv = browserTestServer('since');

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

const seqOf = async (page: Page): Promise<number> => Number(await page.locator('main.table-page').getAttribute('data-seq'));
const LEGAL = '.al-hand button.al-card.legal:not([disabled]), button.al-seat.target:not([disabled]), [data-testid=keep]:not([disabled])';

/**
 * Plays your legal moves until your turn comes round with news from the others (the bar shows):
 * in Autumn Leaves a move of yours is sometimes followed at once by another of yours.
 */
async function playUntilNews(page: Page): Promise<void> {
  for (let moves = 0; moves < 8; moves++) {
    await expect.poll(() => page.locator(LEGAL).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const before = await seqOf(page);
    await page.locator(LEGAL).first().click();
    await expect.poll(() => seqOf(page), { timeout: 15_000 }).toBeGreaterThan(before);
    await expect.poll(() => page.locator(LEGAL).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    if ((await page.locator('[data-testid=since]').count()) > 0) return;
  }
  throw new Error('eight moves and the others never moved in between');
}

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const)('Since your last move (%s)', (label, viewport) => {
  it('shows what the others did since your last move, when your turn comes again and on coming back', { timeout: 180_000 }, async () => {
    const b = await launchBrowser(viewport);
    try {
      const page = await b.context.newPage();
      const r = await fetch(`${srv.url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'autumn-leaves', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }, { kind: 'bot', bot: 'easy' }], options: { hands: 1 }, seed: 'since', join: { seat: 0, name: 'Ann' } }),
      });
      expect(r.status).toBe(201);
      const t = (await r.json()) as CreateTableResponse;
      await page.goto(srv.url);
      await page.evaluate(([id, tok]) => (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage.setItem(`drey:seat:${id}`, JSON.stringify({ seat: 0, token: tok })), [t.table.id, t.seat!.token] as const);
      await page.goto(`${srv.url}/t/${t.table.id}`);
      await expect.poll(() => page.locator('main.table-page').getAttribute('data-status'), { timeout: 15_000 }).toBe('running');
      const bar = page.locator('[data-testid=since]');
      // A first visit has nothing to catch up on.
      await expect.poll(() => page.locator(LEGAL).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect(bar.count()).resolves.toBe(0);

      // Your turn again: the bar counts what the bots did, and lists it on request.
      await playUntilNews(page);
      await expect.poll(() => bar.count(), { timeout: 10_000 }).toBe(1);
      const text = (await bar.textContent()) ?? '';
      const n = Number(/(\d+) things? happened/.exec(text)?.[1]);
      expect(n, text).toBeGreaterThan(0);
      await page.locator('[data-testid=since-toggle]').click();
      const listed = await page.locator('.since-lines li').allTextContents();
      expect(listed).toHaveLength(n);
      // Your own steps are not news; the bots' are: counted by the seat each of the server's lines
      // says acted (the log items carry it), not by its words.
      const markedSeats = await page.locator('.table-side .log li.since').evaluateAll((els) => els.map((e) => e.getAttribute('data-seat')));
      expect(markedSeats).toHaveLength(n);
      for (const seat of markedSeats) expect(seat).not.toBe('0');
      // The piles the others' cards went onto are marked on the table itself, in words ("grew"), and the bar says so.
      const marks = page.locator('.al-piles [data-testid=since-new]');
      const markedPieces = await marks.count();
      expect(markedPieces).toBeGreaterThan(0);
      expect(text).toContain(`(${markedPieces} marked on the table)`);
      await expect(marks.first().textContent()).resolves.toMatch(/^(grew|new) since your last move$/);
      expect(await page.locator('.al-piles .al-seat.since-changed').count()).toBe(markedPieces);
      await animationsSettled(page);
      await page.screenshot({ path: `${SHOTS}/since-last-move-${label}.png` });
      await expectAccessible(page, `the since-your-last-move bar at ${label} width`);
      if (label === 'desktop') {
        // The same lines are marked in the log, the last ones of it.
        const marked = await page.locator('.table-side .log li.since').allTextContents();
        expect(marked.map((l) => l.replace(/^Since your last move: /, ''))).toEqual(listed);
      }
      // Got it: gone, and gone after a reload too (the mark is kept in this browser).
      await page.locator('[data-testid=since-dismiss]').click();
      await expect(bar.count()).resolves.toBe(0);
      await expect(marks.count()).resolves.toBe(0);
      await expect(page.locator('.table-side .log li.since').count()).resolves.toBe(0);
      await page.reload();
      await expect.poll(() => page.locator(LEGAL).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect(bar.count()).resolves.toBe(0);

      // Play on, then come back to the table: the bar is there on arrival.
      await playUntilNews(page);
      await page.goto(srv.url);
      await page.goto(`${srv.url}/t/${t.table.id}`);
      await expect.poll(() => bar.count(), { timeout: 15_000 }).toBe(1);
      await expect(bar.textContent()).resolves.toMatch(/Since your last move: \d+ things? happened/);
      // Acting marks it seen (the bots may bring news again at once, so the mark kept in the browser is read).
      const seen = (): Promise<number> => page.evaluate((k) => Number((globalThis as unknown as { localStorage: { getItem: (k: string) => string | null } }).localStorage.getItem(k)), `drey:seen:${t.table.id}:0`);
      const seenBefore = await seen();
      await page.locator(LEGAL).first().click();
      await expect.poll(seen).toBeGreaterThan(seenBefore);
    } finally {
      await b.close();
    }
  });
});
