/**
 * Acorn Run's guided first turn in Chromium, started from the lobby as a new player would and
 * followed hint by hint on the board, the hand, the player board and the market (the two turn
 * buttons, end and keep, live only in the choices list); axe-core on the guided table. With
 * DREY_SCREENSHOTS set it also refreshes Acorn Run's How to play pictures (web/public/howto):
 * the board with a lit space, the market during a payment, and the results of a short race.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrangeRace } from '../src/games/acorn-run/arrange.js';
import { BUILTIN_TABLES } from '../src/games/acorn-run/tables.js';
import type { CreateTableResponse } from '../src/server/protocol.js';
import { browserTestServer, expectAccessible, launchBrowser } from './browser-helpers.js';

const BOARD = BUILTIN_TABLES.board;

const SHOTS = process.env.DREY_SCREENSHOTS;
const HOWTO = 'web/public/howto';

const srv = browserTestServer('guide');

beforeAll(() => {
  if (SHOTS) mkdirSync(HOWTO, { recursive: true });
});

const space = (name: string): number => {
  const s = BOARD.byName.get(name);
  if (s === undefined) throw new Error(`no space ${name}`);
  return s;
};
const seqOf = async (page: Page): Promise<number> => Number(await page.locator('main.table-page').getAttribute('data-seq'));
const prompt = (page: Page) => page.locator('[data-testid=prompt]');
const action = (a: object): string => `[data-action='${JSON.stringify(a)}']`;
const cardOf = (kind: string): string => `.run-hand [data-card-kind='${kind}']`;
const target = (id: number): string => `.run-target[data-space='${id}']`;

/** Clicks and waits until the table has taken the step (or the queue of steps) it sends. */
async function click(page: Page, selector: string): Promise<void> {
  const before = await seqOf(page);
  await page.locator(selector).first().click();
  await expect.poll(() => seqOf(page), { timeout: 15_000 }).toBeGreaterThan(before);
  await expect.poll(() => prompt(page).textContent(), { timeout: 15_000 }).not.toBe('Moving…');
}

describe('the Acorn Run guided first turn', () => {
  it('starts from the lobby and follows the hints through a whole first turn on the board', { timeout: 180_000 }, async () => {
    const browser = await launchBrowser();
    const errors: string[] = [];
    try {
      const page = await browser.context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(srv.url);
      await page.click('[data-testid=guide-acorn-run]');
      await page.waitForURL(/\/t\//);
      const guide = page.locator('[data-testid=guide]');
      const hint = page.locator('[data-testid=guide-hint]');
      await expect.poll(() => guide.textContent(), { timeout: 20_000 }).toMatch(/step 1 of 6/);
      await expect(hint.textContent()).resolves.toContain('two Green Branches and the Green Leaf');
      // You and the dummy the guide races against, named on the board.
      await expect(page.locator('.run-pawn-name').allTextContents()).resolves.toEqual(expect.arrayContaining(['You', 'Twinkle']));
      await expectAccessible(page, 'a guided Acorn Run table');

      // Step 1 (R3): pick the three green cards; the acorn space three ahead lights up; sprint there.
      const greens = page.locator(cardOf('s-green'));
      await greens.nth(0).click();
      await greens.nth(1).click();
      await page.locator(cardOf('s-green-y')).click();
      const acornSpace = target(space('t0.g2.3'));
      await expect(page.locator(acornSpace).getAttribute('aria-label')).resolves.toMatch(/^sprint 3: sprint to the upper green lane of the Go! Beech/);
      if (SHOTS) await page.locator('.run-board').screenshot({ path: `${HOWTO}/acorn-run-board.png` });
      await click(page, acornSpace);
      await expect.poll(() => guide.textContent()).toMatch(/step 2 of 6/);
      await expect(hint.textContent()).resolves.toContain('You picked up the acorn');

      // Step 2 (R9): spend it on "+2 buying power" on the player board.
      await click(page, `.run-racer.mine .run-grid ${action({ type: 'spend', cell: 6 })}`);
      await expect.poll(() => guide.textContent()).toMatch(/step 3 of 6/);
      await expect(hint.textContent()).resolves.toContain('click Green Rush in the expensive market');

      // Step 3 (R10): buy Green Rush; the market shows the payment's progress; pay with the Yellow Branch.
      await click(page, `.run-market ${action({ type: 'buy', row: 'expensive', index: 0 })}`);
      await expect(page.locator('.run-paying').textContent()).resolves.toBe('paid 2/3');
      await expect(hint.textContent()).resolves.toContain('Pay the rest');
      if (SHOTS) {
        // Let the buy's card motion settle first: a box measured mid-slide cuts the cards off.
        await page.locator('.run-market').scrollIntoViewIfNeeded();
        await page.waitForTimeout(600);
        await page.locator('.run-market').screenshot({ path: `${HOWTO}/acorn-run-market.png` });
      }
      await click(page, cardOf('s-yellow'));
      await expect.poll(() => page.locator('[data-testid=log]').textContent()).toContain('You buy Green Rush from the expensive market');

      // Step 4 (R11): end the turn.
      await expect.poll(() => guide.textContent()).toMatch(/step 4 of 6/);
      await click(page, `.run-turn-actions ${action({ type: 'end' })}`);

      // Step 5: discard a card by clicking it, keep the other and draw back up to six.
      await expect.poll(() => guide.textContent()).toMatch(/step 5 of 6/);
      await click(page, cardOf('s-red-g'));
      await expect(guide.textContent()).resolves.toMatch(/step 5 of 6/);
      await click(page, `.run-turn-actions ${action({ type: 'keep' })}`);

      // The dummy races; round 2 is yours again: the basics are done.
      await expect.poll(() => guide.textContent(), { timeout: 20_000 }).toMatch(/step 6 of 6/);
      await expect(hint.textContent()).resolves.toContain('You have the basics');
      await expect.poll(() => page.locator('.run-hand .run-card-btn').count()).toBe(6);
      await expectAccessible(page, 'a guided Acorn Run table after the first turn');
      await page.click('text=Hide the guide');
      await expect.poll(() => guide.count()).toBe(0);
      // Hidden stays hidden after a reload.
      await page.reload();
      await expect.poll(() => prompt(page).textContent(), { timeout: 15_000 }).toMatch(/^Your turn/);
      await expect(guide.count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('ends a short race with a combo jump and a sprint across the finish: the results show race and combo VP', { timeout: 120_000 }, async () => {
    // R5, R7, R12: a three-card combo from Linden's yellow jump-off draws one combo token (arranged
    // to be worth 3), then Yellow Dash and two yellow cards sprint four spaces over the finish line.
    const arrangement = arrangeRace(BUILTIN_TABLES, {
      hands: [['s-yellow-r', 's-red-g', 's-green-y', 'y-dash', 's-yellow', 's-yellow-g']],
      positions: ['t5.y.jump'],
    });
    const created = await fetch(`${srv.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        game: 'acorn-run',
        seats: [{ kind: 'human' }],
        options: { trees: 2, roundLimit: 1, dummies: 2 },
        seed: 'howto-results',
        arrangement: { ...arrangement, tokens: [3] },
        join: { seat: 0, name: 'Ann' },
      }),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as CreateTableResponse;
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.goto(srv.url);
      await page.evaluate(
        ([t, tok]) => (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage.setItem(`drey:seat:${t}`, JSON.stringify({ seat: 0, token: tok })),
        [body.table.id, body.seat!.token],
      );
      await page.goto(`${srv.url}/t/${body.table.id}`);
      await expect.poll(() => prompt(page).textContent(), { timeout: 15_000 }).toMatch(/^Your turn/);
      await click(page, `.run-target${action({ type: 'jump' })}`);
      for (const kind of ['s-yellow-r', 's-red-g', 's-green-y']) await click(page, cardOf(kind));
      await expect(page.locator('[data-testid=combo]').textContent()).resolves.toContain('3-card combo');
      await click(page, target(space('t6.y2.0')));
      for (const kind of ['y-dash', 's-yellow', 's-yellow-g']) await page.locator(cardOf(kind)).click();
      await click(page, target(BOARD.finish));
      await expect.poll(() => page.locator('main.table-page').getAttribute('data-status'), { timeout: 20_000 }).toBe('finished');
      const results = page.locator('[data-testid=run-results]');
      const mine = (await results.locator('tbody tr.mine td').allTextContents()).map((t) => t.trim());
      // Place 1: 10 race VP, and the arranged combo token worth 3.
      expect(mine).toEqual(['1', 'You', 'finished 1st', '10', '3', '13']);
      await expect(results.locator('tbody tr').count()).resolves.toBe(3);
      if (SHOTS) await results.screenshot({ path: `${HOWTO}/acorn-run-results.png` });
    } finally {
      await browser.close();
    }
  });
});
