/**
 * An absent player in Debian's Chromium: Ann and Bo play Acorns at a real-time table; the tab's
 * title and favicon tell whoever's turn it is; Ann closes her page, a bot takes her seat within
 * the (test server's short) grace period and plays for her, and she reclaims the seat from a
 * second browser with her seat link. Screenshots go to DREY_SCREENSHOTS when set.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUILTINS } from '../src/games/index.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import { browserTestServer, launchBrowser } from './browser-helpers.js';

const GRACE_MS = 1_500;
/** Polls wait long: eight agents share two cores. */
const SLOW = { timeout: 20_000 };

const srv = browserTestServer('absence', { bots: createInlineRunner(BUILTINS), absentGraceMs: GRACE_MS });

const shots = process.env.DREY_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, name), fullPage: false });
}

const seqOf = async (page: Page): Promise<number> => Number(await page.locator('main.table-page').getAttribute('data-seq'));
const favicon = (page: Page): Promise<string | null> => page.locator('link[rel="icon"]').first().getAttribute('href');

describe('an absent player', () => {
  it('is replaced by a bot within the grace period and reclaims her seat from another browser', { timeout: 120_000 }, async () => {
    const { service } = srv.server;
    const created = await service.create({ game: 'acorns', seats: [{ kind: 'human' }, { kind: 'human' }], join: { seat: 0, name: 'Ann' }, time: 'realtime' });
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.table.id;
    const annToken = created.value.seat!.token;
    /** Bo's token, once he has taken his seat in his browser. */
    const bo = { value: { token: '' } };
    const link = (seat: number, token: string): string => `${srv.url}/t/${id}#seat=${seat + 1}&key=${token}`;
    /** Bo plays his first legal action until it is Ann's turn (his moves do not matter here). */
    const untilAnnsTurn = async (): Promise<void> => {
      for (let i = 0; i < 50; i++) {
        const table = (await service.getTable(id))!;
        const toAct = table.game.toAct(table.match.state);
        if (!toAct.includes(1)) return;
        const action = table.game.legalActions(table.match.state, 1)[0];
        const r = await service.act(id, bo.value.token, action, table.stored.seq);
        if (!r.ok) throw new Error(r.error.message);
      }
    };

    const annBrowser = await launchBrowser();
    const boBrowser = await launchBrowser({ width: 1100, height: 800 });
    const annAgain = await launchBrowser();
    const errors: string[] = [];
    try {
      // Ann opens her seat link while the table waits for Bo (no grace period runs before the game starts).
      const annPage = await annBrowser.context.newPage();
      annPage.on('pageerror', (e) => errors.push(e.message));
      await annPage.goto(link(0, annToken));
      await expect.poll(() => annPage.locator('text=You play seat 1').count(), SLOW).toBe(1);
      // The seat link is taken out of the address bar once the browser keeps the seat.
      expect(annPage.url()).not.toContain('key=');

      // Bo takes seat 2 with the invite link: the game starts.
      const boPage = await boBrowser.context.newPage();
      boPage.on('pageerror', (e) => errors.push(e.message));
      await boPage.goto(`${srv.url}/t/${id}?seat=2`);
      await boPage.fill('[data-testid=join-name]', 'Bo');
      await boPage.click('[data-testid=join-seat-1]');
      await expect.poll(() => boPage.locator('text=You play seat 2').count(), SLOW).toBe(1);
      const held = JSON.parse(String(await boPage.evaluate(`localStorage.getItem('drey:seat:${id}')`))) as { token: string };
      bo.value.token = held.token;
      await untilAnnsTurn();

      // Ann's tab says it is her turn; Bo's does not.
      await expect.poll(() => annPage.title(), SLOW).toMatch(/^▶ Your turn — Acorns/);
      await expect.poll(() => favicon(annPage), SLOW).toMatch(/^data:image\/svg\+xml/);
      await expect.poll(() => boPage.title(), SLOW).toBe('Acorns — Drey');
      expect(await favicon(boPage)).not.toMatch(/^data:/);
      // Every seat's clock shows; Ann's runs.
      await expect.poll(() => boPage.locator('[data-testid=seat-0] [data-testid=clock].running').count(), SLOW).toBe(1);
      await expect.poll(() => boPage.locator('[data-testid=seat-1] [data-testid=clock]').count(), SLOW).toBe(1);

      // Ann closes her page: within the grace period (plus a little) a bot plays for her.
      const seqBefore = await seqOf(boPage);
      const closedAt = Date.now();
      await annBrowser.close();
      await expect.poll(() => boPage.locator('[data-testid=seat-0] [data-testid=stand-in]').textContent(), { timeout: 15_000 }).toBe('bot playing for Ann');
      const tookMs = Date.now() - closedAt;
      expect(tookMs).toBeGreaterThanOrEqual(GRACE_MS - 100);
      await expect.poll(() => seqOf(boPage), { timeout: 15_000 }).toBeGreaterThan(seqBefore);
      await expect.poll(() => boPage.locator('[data-testid=absence-log]').textContent(), SLOW).toContain('A bot took over Ann’s seat: they left the table.');
      await shot(boPage, 'absent-player-bot.png');

      // Ann opens her seat link in another browser: the seat is hers again.
      const again = await annAgain.context.newPage();
      again.on('pageerror', (e) => errors.push(e.message));
      await again.goto(link(0, annToken));
      await expect.poll(() => again.locator('text=You play seat 1').count(), SLOW).toBe(1);
      await expect.poll(() => boPage.locator('[data-testid=seat-0] [data-testid=stand-in]').count(), SLOW).toBe(0);
      await expect.poll(() => boPage.locator('[data-testid=absence-log]').textContent(), SLOW).toContain('Ann is back.');
      await expect.poll(() => again.locator('[data-testid=you-stood-in]').count(), SLOW).toBe(0);
      await untilAnnsTurn();
      await expect.poll(() => again.title(), SLOW).toMatch(/^▶ Your turn/);
      const summary = await service.summary(id);
      expect(summary?.botPlayed?.[0]).toMatchObject({ seat: 0 });
      expect(summary!.botPlayed![0]!.moves).toBeGreaterThan(0);
      await shot(again, 'absent-player-back.png');
      expect(errors).toEqual([]);
    } finally {
      await annAgain.close();
      await boBrowser.close();
      await annBrowser.close().catch(() => undefined);
    }
  });
});
