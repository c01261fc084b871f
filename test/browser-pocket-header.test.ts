/**
 * A compact table header in a pocket (issue 25): at 390×844 the header every table shares (title,
 * facts, seat chips, the Table | Log & chat tabs) ends high enough that the game's prompt starts in
 * the top fifth of the screen; How to play, Rules and Lobby sit in the ☰ Menu there, reachable by
 * keyboard (Tab to the menu, Enter, Tab to each) with their accessible names, and How to play still
 * opens its drawer from the menu. At 1280×800 those three stay beside the menu as before. axe-core
 * finds no serious or critical violation, menu open or drawer open. Screenshots at both sizes go to
 * DREY_SCREENSHOTS or .tmp/screenshots.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACORN_RUN_OPENING, ACORNS_PARTNER_DEAL, animationsSettled, browserTestServer, createSeatTable, expectAccessible, launchBrowser, openSeatTable } from './browser-helpers.js';

const SHOTS = process.env.DREY_SCREENSHOTS ?? '.tmp/screenshots';
const srv = browserTestServer('pocket-header');

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});


/**
 * Each game's fullest opening header, and where its prompt may start at the most. Before the
 * compact header the prompts started at y 235 (Acorn Run: its status chips come first), 325
 * (Autumn Leaves: six seat chips in four rows) and 297 (Acorns: four chips with teams, three
 * rows); the header itself (the top of the table under the tabs) ended at 180, 259 and 233.
 * After: the header ends at 126 in each, the prompts start at 180, 192 and 190.
 */
const GAMES = [
  {
    game: 'acorn-run',
    name: 'Acorn Run',
    body: { game: 'acorn-run', seats: [{ kind: 'human' }], options: { dummies: 2 }, seed: 'pocket', arrangement: { ...ACORN_RUN_OPENING, positions: ['t0.g1.1'] }, join: { seat: 0, name: 'Ann' } },
    promptBelow: 190,
  },
  {
    game: 'autumn-leaves',
    name: 'Autumn Leaves',
    body: { game: 'autumn-leaves', seats: [{ kind: 'human' }, ...Array.from({ length: 5 }, () => ({ kind: 'bot', bot: 'easy' }))], options: { hands: 1 }, seed: 'layout', join: { seat: 0, name: 'Ann' } },
    promptBelow: 200,
  },
  {
    game: 'acorns',
    name: 'Acorns',
    body: { game: 'acorns', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }, { kind: 'bot', bot: 'easy' }, { kind: 'bot', bot: 'easy' }], options: { partners: true }, seed: 'layout', arrangement: ACORNS_PARTNER_DEAL, join: { seat: 0, name: 'Ann' } },
    promptBelow: 200,
  },
] as const;

/** The header ends (the table under the tabs starts) at most this far down the phone's screen. */
const HEADER_BELOW = 135;

async function open(page: Page, body: object): Promise<void> {
  await openSeatTable(page, srv.url, await createSeatTable(srv.url, body));
  await expect.poll(() => page.locator('[data-testid=prompt]').count(), { timeout: 15_000 }).toBe(1);
}

/** The top of `selector` at scrollY 0, in CSS pixels. */
async function top(page: Page, selector: string): Promise<number> {
  await page.evaluate(() => (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0));
  return page.locator(selector).first().evaluate((e) => Math.round((e as unknown as { getBoundingClientRect: () => { top: number } }).getBoundingClientRect().top));
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0));
  await animationsSettled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The accessible name of the focused element, or its text. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const a = (globalThis as unknown as { document: { activeElement: { getAttribute: (n: string) => string | null; textContent: string | null } | null } }).document.activeElement;
    return (a?.getAttribute('aria-label') ?? a?.textContent ?? '').trim();
  });

describe.each(GAMES)('the $name table header at 390×844', ({ game, name, body, promptBelow }) => {
  it('ends high, keeps How to play, Rules and Lobby in the menu (by keyboard too), and passes axe', { timeout: 180_000 }, async () => {
    const b = await launchBrowser({ width: 390, height: 844 });
    try {
      const page = await b.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await open(page, body);
      const header = await top(page, '.table-main');
      const prompt = await top(page, '[data-testid=prompt]');
      console.log(`${name} at 390×844: header ends at ${header}, prompt starts at ${prompt}`);
      await shot(page, `pocket-header-${game}-phone`);
      expect(header, 'the header ends this high').toBeLessThanOrEqual(HEADER_BELOW);
      expect(prompt, 'the prompt starts this high').toBeLessThanOrEqual(promptBelow);
      // The facts stay on one line.
      const facts = await page.locator('.table-facts').evaluate((e) => {
        const g = globalThis as unknown as { getComputedStyle: (e: unknown) => { lineHeight: string } };
        return Math.round((e as unknown as { getBoundingClientRect: () => { height: number } }).getBoundingClientRect().height / parseFloat(g.getComputedStyle(e).lineHeight));
      });
      expect(facts, 'the status facts take one line').toBe(1);
      await expectAccessible(page, `the ${name} table at 390×844`);

      // How to play, Rules and Lobby are not in the header row; they are in the menu.
      const nav = page.getByRole('navigation', { name: 'table' });
      for (const link of ['How to play', 'Rules', 'Lobby']) await expect(nav.getByText(link, { exact: true }).isVisible(), `${link} is in the closed menu`).resolves.toBe(false);

      // By keyboard: focus the menu button, open it with Enter, Tab through its first entries.
      await page.locator('[data-testid=table-menu]').focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('[data-testid=table-menu]').getAttribute('aria-expanded')).resolves.toBe('true');
      const reached: string[] = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        reached.push(await focused(page));
      }
      expect(reached, 'Tab goes from the menu button to How to play, Rules and Lobby').toEqual(['How to play', 'Rules', 'Lobby']);
      const menu = page.getByRole('group', { name: 'table menu' });
      await expect(menu.getByRole('button', { name: 'How to play' }).isVisible()).resolves.toBe(true);
      await expect(menu.getByRole('link', { name: 'Rules' }).getAttribute('href')).resolves.toBe(`/rules/${game}`);
      await expect(menu.getByRole('link', { name: 'Lobby' }).getAttribute('href')).resolves.toBe('/');
      await expectAccessible(page, `the ${name} table's open menu at 390×844`);
      await shot(page, `pocket-header-${game}-menu-phone`);

      // How to play opens its drawer from the menu; Escape closes the drawer and focus returns to it.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toBe('How to play');
      await page.keyboard.press('Enter');
      const drawer = page.locator('[data-testid=how-to-play]');
      await expect.poll(() => drawer.isVisible()).toBe(true);
      await expectAccessible(page, `the ${name} How to play drawer opened from the menu at 390×844`);
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.count()).toBe(0);
      expect(await focused(page), 'focus goes back to How to play in the menu').toBe('How to play');

      // Rules from the menu leaves for the rules page.
      await menu.getByRole('link', { name: 'Rules' }).click();
      await expect.poll(() => page.url()).toMatch(new RegExp(`/rules/${game}$`));
      expect(errors).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('keeps How to play, Rules and Lobby beside the menu at 1280×800', { timeout: 120_000 }, async () => {
    const b = await launchBrowser({ width: 1280, height: 800 });
    try {
      const page = await b.context.newPage();
      await open(page, body);
      const nav = page.getByRole('navigation', { name: 'table' });
      await expect(nav.getByRole('button', { name: 'How to play' }).isVisible()).resolves.toBe(true);
      await expect(nav.getByRole('link', { name: 'Rules' }).isVisible()).resolves.toBe(true);
      await expect(nav.getByRole('link', { name: 'Lobby' }).isVisible()).resolves.toBe(true);
      console.log(`${name} at 1280×800: header ends at ${await top(page, '.table-main')}, prompt starts at ${await top(page, '[data-testid=prompt]')}`);
      await shot(page, `pocket-header-${game}-desktop`);
    } finally {
      await b.close();
    }
  });
});
