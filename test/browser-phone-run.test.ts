/**
 * Acorn Run in a pocket (issue 25): at 390×844 the table opens with a short prompt (at most two
 * lines; the full guidance is one "More" tap away, a button that says whether it is open) and your
 * hand on screen, and the prompt and a jump bar (Hand · Board · Market · Racers · Log) stay on
 * screen while the page scrolls: one tap brings the board, the market or the other racers to the top
 * of the screen, below the bar, and Log opens the log tab. The same while paying for a market card. At 1280×800
 * the bar and the More button are not drawn (the whole prompt shows; browser-layout.test.ts keeps
 * that screen's positions). Positions are the elements' boxes; axe-core checks each state.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACORN_RUN_OPENING, animationsSettled, browserTestServer, createSeatTable, expectAccessible, launchBrowser, openSeatTable, type SeatTable } from './browser-helpers.js';

const SHOTS = process.env.DREY_SCREENSHOTS ?? '.tmp/screenshots';
const srv = browserTestServer('phone-run');

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

type Box = { top: number; bottom: number; height: number };

/** Ann's Acorn Run practice table against two dummies, on the opening deal. */
const table = (): Promise<SeatTable> =>
  createSeatTable(srv.url, { game: 'acorn-run', seats: [{ kind: 'human' }], options: { dummies: 2 }, seed: 'pocket', arrangement: { ...ACORN_RUN_OPENING, positions: ['t0.g1.1'] }, join: { seat: 0, name: 'Ann' } });

async function open(page: Page, t: SeatTable): Promise<void> {
  await openSeatTable(page, srv.url, t);
  await expect.poll(() => page.locator('[data-testid=prompt]').textContent(), { timeout: 15_000 }).toMatch(/^Your turn/);
}

/** The box of `selector` as the screen shows it now (no scrolling first); null when not drawn. */
async function box(page: Page, selector: string): Promise<Box | null> {
  return page.locator(selector).first().evaluate((e) => {
    const r = (e as unknown as { getBoundingClientRect: () => { top: number; bottom: number; height: number } }).getBoundingClientRect();
    return r.height === 0 ? null : { top: Math.round(r.top), bottom: Math.round(r.bottom), height: Math.round(r.height) };
  });
}
const scrollY = (page: Page): Promise<number> => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
const toTop = (page: Page): Promise<void> => page.evaluate(() => (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0));
/** The prompt's height in lines of its own text. */
const promptLines = (page: Page): Promise<number> =>
  page.locator('[data-testid=prompt]').evaluate((e) => {
    const g = globalThis as unknown as { getComputedStyle: (e: unknown) => { lineHeight: string } };
    const r = (e as unknown as { getBoundingClientRect: () => { height: number } }).getBoundingClientRect();
    return Math.round(r.height / parseFloat(g.getComputedStyle(e).lineHeight));
  });

async function shot(page: Page, name: string): Promise<void> {
  await animationsSettled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Taps a jump in the bar and checks `selector` then starts on screen, just below the bar, which stays. */
async function jump(page: Page, name: string, selector: string, where: string): Promise<void> {
  await toTop(page);
  await page.getByRole('navigation', { name: 'jump to' }).getByRole('button', { name }).click();
  const innerHeight = await page.evaluate(() => (globalThis as unknown as { innerHeight: number }).innerHeight);
  await expect.poll(async () => (await box(page, selector))?.top ?? -1, { message: `${where}: ${name} starts on screen after one tap` }).toBeGreaterThanOrEqual(0);
  const bar = (await box(page, '.run-jump'))!;
  const it = (await box(page, selector))!;
  console.log(`${where}: tapped ${name}; scrollY ${await scrollY(page)}, bar ${bar.top}–${bar.bottom}, ${name} ${it.top}–${it.bottom}`);
  expect(bar.top, `${where}: the jump bar stays at the top of the screen`).toBeGreaterThanOrEqual(0);
  expect(it.top, `${where}: ${name} starts below the jump bar, not under it`).toBeGreaterThanOrEqual(bar.bottom - 1);
  // At the foot of the page a part cannot come higher: then it is wholly on the screen.
  if (it.bottom > innerHeight) expect(it.top, `${where}: ${name} starts in the top half of the screen`).toBeLessThan(innerHeight / 2);
}

describe('Acorn Run at 390×844', () => {
  it('opens with a short prompt and the hand on screen; the board, market, racers and log are one tap away', { timeout: 180_000 }, async () => {
    const b = await launchBrowser({ width: 390, height: 844 });
    try {
      const page = await b.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await open(page, await table());

      // Opened: a prompt of at most two lines above the whole hand.
      await toTop(page);
      const p = (await box(page, '[data-testid=prompt]'))!;
      const hand = (await box(page, '.run-hand'))!;
      const height = await page.evaluate(() => (globalThis as unknown as { document: { scrollingElement: { scrollHeight: number } } }).document.scrollingElement.scrollHeight);
      console.log(`phone opened: prompt ${p.top}–${p.bottom} (${await promptLines(page)} lines), hand ${hand.top}–${hand.bottom}, page ${height} px`);
      expect(await promptLines(page), 'the prompt is at most two lines').toBeLessThanOrEqual(2);
      expect(hand.top).toBeGreaterThanOrEqual(0);
      expect(hand.bottom, 'the whole hand is on the screen').toBeLessThanOrEqual(844);
      await expectAccessible(page, 'the Acorn Run table at 390×844');
      await shot(page, 'pocket-acorn-run-open');

      // The full guidance is one tap away, and says so.
      const more = page.locator('[data-testid=prompt-more]');
      await expect(more.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(page.locator('[data-testid=prompt]').innerText()).resolves.not.toMatch(/End the turn when you are done/);
      await more.click();
      await expect(more.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(page.locator('[data-testid=prompt]').innerText()).resolves.toMatch(/market card to buy it.*End the turn when you are done/s);
      await expectAccessible(page, 'the Acorn Run prompt opened in full at 390×844');
      await more.click();
      await expect(page.locator('[data-testid=prompt]').innerText()).resolves.not.toMatch(/End the turn when you are done/);

      // One tap to each part of the table; the bar stays on screen.
      await jump(page, 'Board', '.run-board', 'phone');
      // A keyboard user lands on the board itself (it pans with the arrow keys), not on the bar.
      await expect(page.evaluate(() => (globalThis as unknown as { document: { activeElement: { className: string } | null } }).document.activeElement?.className)).resolves.toBe('run-board-wrap');
      await jump(page, 'Market', '.run-market', 'phone');
      await shot(page, 'pocket-acorn-run-market');
      await jump(page, 'Racers', '.run-racers', 'phone');
      await page.getByRole('navigation', { name: 'jump to' }).getByRole('button', { name: 'Hand' }).click();
      await expect.poll(async () => (await box(page, '.run-hand'))!.top).toBeGreaterThanOrEqual(0);
      expect((await box(page, '.run-hand'))!.bottom, 'the hand is on screen after tapping Hand').toBeLessThanOrEqual(844);

      // Buying a card from the market, then paying with the hand: each a tap in the bar away.
      await jump(page, 'Market', '.run-market', 'phone, to buy');
      const before = Number(await page.locator('main.table-page').getAttribute('data-seq'));
      await page.locator(`.run-market [data-action='{"type":"buy","row":"expensive","index":0}']`).click();
      await expect.poll(() => page.locator('main.table-page').getAttribute('data-seq').then(Number), { timeout: 15_000 }).toBeGreaterThan(before);
      await expect.poll(() => page.locator('[data-testid=prompt]').textContent(), { timeout: 15_000 }).toMatch(/^Paying for Green Rush/);
      // The prompt stays at the top of the screen while the market is scrolled into view: it says what to do now.
      const atMarket = (await box(page, '[data-testid=prompt]'))!;
      console.log(`phone paying, scrolled to the market (scrollY ${await scrollY(page)}): prompt ${atMarket.top}–${atMarket.bottom}`);
      expect(await scrollY(page)).toBeGreaterThan(0);
      expect(atMarket.top).toBeGreaterThanOrEqual(0);
      await expect(page.locator('[data-testid=prompt]').innerText()).resolves.toMatch(/^Paying for Green Rush: \d of 3 paid\. Tap hand cards to pay\.$/);
      await page.getByRole('navigation', { name: 'jump to' }).getByRole('button', { name: 'Hand' }).click();
      await expect.poll(async () => (await box(page, '.run-hand'))!.top).toBeGreaterThanOrEqual(0);
      const paying = (await box(page, '.run-hand'))!;
      console.log(`phone paying: hand ${paying.top}–${paying.bottom} after tapping Hand`);
      expect(paying.bottom).toBeLessThanOrEqual(844);
      await toTop(page);
      expect(await promptLines(page), 'the paying prompt is at most two lines').toBeLessThanOrEqual(2);
      await expect(page.locator('[data-testid=prompt]').innerText()).resolves.toMatch(/^Paying for Green Rush: \d of 3 paid/);
      await expectAccessible(page, 'the Acorn Run table paying for a card at 390×844');
      await shot(page, 'pocket-acorn-run-paying');

      // Log: the log tab opens from the bar.
      await page.getByRole('navigation', { name: 'jump to' }).getByRole('button', { name: 'Log' }).click();
      await expect(page.getByRole('tab', { name: /Log/ }).getAttribute('aria-selected')).resolves.toBe('true');
      await expect(page.locator('.table-side .log').isVisible()).resolves.toBe(true);
      expect((await box(page, '.table-side .log'))!.top).toBeLessThan(844);
      expect(errors).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('draws no jump bar and no More button at 1280×800, where the whole prompt shows', { timeout: 120_000 }, async () => {
    const b = await launchBrowser({ width: 1280, height: 800 });
    try {
      const page = await b.context.newPage();
      await open(page, await table());
      await expect(page.locator('.run-jump').isVisible()).resolves.toBe(false);
      await expect(page.locator('[data-testid=prompt-more]').isVisible()).resolves.toBe(false);
      await expect(page.locator('[data-testid=prompt]').innerText()).resolves.toMatch(/market card to buy it.*End the turn when you are done/s);
    } finally {
      await b.close();
    }
  });
});
