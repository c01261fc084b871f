/**
 * Autumn Leaves and Acorns played in Chromium as a new player would, at desktop (1280×900) and
 * phone (390×844) width: cards and piles/trees clicked (never a list of buttons), the end-of-hand
 * summary, the engine's reason for a refused tree, the forced move, the end screens, the replay
 * viewer's clickable move list, the How to play drawer, the guided first turn, and an axe-core
 * check (no serious or critical violation) on every page. DREY_SCREENSHOTS=docs/screenshots
 * refreshes the pictures in the docs (and the How to play pictures in web/public/howto).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrangeDeal } from '../src/games/acorns/arrange.js';
import type { CreateTableResponse } from '../src/server/protocol.js';
import { browserTestServer, expectAccessible, launchBrowser } from './browser-helpers.js';

const SHOTS = process.env.DREY_SCREENSHOTS;
const HOWTO = 'web/public/howto';

const srv = browserTestServer('tables', { botWorkers: 2 });

beforeAll(() => {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  if (SHOTS) mkdirSync(HOWTO, { recursive: true });
});

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

const seqOf = async (page: Page): Promise<number> => Number(await page.locator('main.table-page').getAttribute('data-seq'));
const statusOf = async (page: Page): Promise<string | null> => page.locator('main.table-page').getAttribute('data-status');

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Opens the lobby, sets up a table of `game` with easy bots and sits down as Ann. */
async function createFromLobby(page: Page, game: string, setup: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(srv.url);
  await page.click(`[data-testid=new-${game}]`);
  await setup(page);
  // The create button says why it cannot be pressed yet.
  await page.fill('[data-testid=create-name]', '');
  await expect.poll(() => page.locator('[data-testid=create-why]').textContent()).toContain('Type your name');
  expect(await page.locator('[data-testid=create-table]').isDisabled()).toBe(true);
  await page.fill('[data-testid=create-name]', 'Ann');
  await expect.poll(() => page.locator('[data-testid=create-why]').count()).toBe(0);
  await page.click('[data-testid=create-table]');
  await page.waitForURL(/\/t\//);
  await expect.poll(() => statusOf(page)).toBe('running');
}

/** Creates a practice table (Ann in seat 0, bots elsewhere, a fixed seed) and opens it as Ann. */
async function sitAtPractice(page: Page, table: Record<string, unknown>): Promise<string> {
  const created = await fetch(`${srv.url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...table, join: { seat: 0, name: 'Ann' } }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const body = (await created.json()) as CreateTableResponse;
  const tableId = body.table.id;
  await page.goto(srv.url);
  await page.evaluate(
    ([t, tok]) => (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage.setItem(`drey:seat:${t}`, JSON.stringify({ seat: 0, token: tok })),
    [tableId, body.seat!.token],
  );
  await page.goto(`${srv.url}/t/${tableId}`);
  await expect.poll(() => statusOf(page), { timeout: 15_000 }).toBe('running');
  return tableId;
}

/** Waits until Ann may act or the game is over. */
async function waitTurn(page: Page, legal: string): Promise<'act' | 'over'> {
  const over = page.locator('main.table-page[data-status=finished]');
  await expect.poll(async () => (await over.count()) > 0 || (await page.locator(legal).count()) > 0, { timeout: 30_000 }).toBe(true);
  return (await over.count()) > 0 ? 'over' : 'act';
}

/** The replay viewer: the move list is clickable and marks the current move; the step buttons have names. */
async function checkReplay(page: Page, label: string, names: readonly string[]): Promise<void> {
  await page.click('text=Replay');
  await page.waitForURL(/\/replay\//);
  const list = page.locator('[data-testid=move-list]');
  await expect.poll(() => list.locator('button').count()).toBeGreaterThan(5);
  await page.click('[data-testid=move-3]');
  await expect.poll(() => page.locator('main.replay').getAttribute('data-step')).toBe('3');
  await expect(page.locator('[data-testid=move-3]').getAttribute('aria-current')).resolves.toBe('step');
  await page.getByRole('button', { name: 'next move' }).click();
  await expect.poll(() => page.locator('main.replay').getAttribute('data-step')).toBe('4');
  await expect(page.locator('[data-testid=move-4]').getAttribute('aria-current')).resolves.toBe('step');
  await expect(page.locator('[data-testid=move-3]').getAttribute('aria-current')).resolves.toBeNull();
  for (const name of ['first move', 'previous move', 'play', 'last move']) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
  // Seats are named as at the table: no 0-based "seat 3" anywhere in the moves.
  const text = (await list.textContent()) ?? '';
  expect(text).not.toMatch(/\bseat \d/i);
  expect(names.some((n) => text.includes(n))).toBe(true);
  await page.getByRole('button', { name: 'last move' }).click();
  await expectAccessible(page, `the ${label} replay viewer`);
}

async function checkHowTo(page: Page, game: string, label: string): Promise<void> {
  // On a phone How to play is in the table's ☰ Menu (issue 25): open it first.
  const inMenu = !(await page.locator(`[data-testid=how-to-play-${game}]`).isVisible());
  if (inMenu) await page.click('[data-testid=table-menu]');
  await page.click(`[data-testid=how-to-play-${game}]`);
  const drawer = page.locator('[data-testid=how-to-play]');
  await expect.poll(() => drawer.isVisible()).toBe(true);
  // Still at the table underneath.
  expect(page.url()).toMatch(/\/t\//);
  await expectAccessible(page, `the ${label} How to play drawer`);
  await page.keyboard.press('Escape');
  await expect.poll(() => drawer.count()).toBe(0);
  // Escape closed the drawer only; the menu closes with its button.
  if (inMenu) await page.click('[data-testid=table-menu]');
  await expect(page.locator('.table-menu-panel').first().isVisible()).resolves.toBe(false);
}

describe.each(VIEWPORTS)('Autumn Leaves at %s width', (width, viewport) => {
  it('is played by clicking hand cards and piles, shows the end-of-hand summary, replays, and passes axe', { timeout: 240_000 }, async () => {
    const browser = await launchBrowser(viewport);
    const errors: string[] = [];
    try {
      const page = await browser.context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(srv.url);
      // Explanations are visible text, not tooltips; one list of bot levels.
      await page.click('[data-testid=new-autumn-leaves]');
      await expect.poll(() => page.locator('.bot-levels dt').allTextContents()).toEqual(['easy', 'medium', 'hard', 'random']);
      await expect.poll(() => page.locator('.field-help').first().isVisible()).toBe(true);
      await expectAccessible(page, 'the lobby');
      await shot(page, `lobby-${width}`);
      // The lobby's form for this game offers one hand and three seats (the Acorns test below creates from it).
      await page.selectOption('[data-testid=option-hands]', '1');
      await page.selectOption('[data-testid=seat-count]', '3');
      // A practice table with a fixed seed (which also fixes the bots' choices), so that Ann always
      // chooses a pile with the keyboard before the game's last move and the focus check below runs:
      // with a random deal her only pile choice was sometimes the very last move of the game.
      await sitAtPractice(page, {
        game: 'autumn-leaves',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }, { kind: 'bot', bot: 'easy' }],
        options: { hands: 1 },
        seed: 'keyboard-piles',
      });
      await checkHowTo(page, 'autumn-leaves', 'Autumn Leaves');

      const LEGAL = '.al-hand button.al-card.legal:not([disabled]), button.al-seat.target:not([disabled]), [data-testid=keep]:not([disabled]), [data-testid=discard]:not([disabled])';
      let moves = 0;
      let typed = false;
      let pictured = false;
      let byKeyboard = 0;
      let focusKept = 0;
      for (;;) {
        if ((await waitTurn(page, LEGAL)) === 'over') break;
        if (byKeyboard > focusKept) {
          // After a move made with the keyboard, focus is back on a control of the table, not lost to the page.
          await expect.poll(() => page.locator('.table-main :focus').count()).toBe(1);
          focusKept = byKeyboard;
        }
        const before = await seqOf(page);
        const hand = page.locator('.al-hand button.al-card.legal:not([disabled])');
        const piles = page.locator('button.al-seat.target:not([disabled])');
        if ((await hand.count()) > 0) {
          if (!typed) {
            // A typed rank chooses that card.
            const rank = (await hand.first().getAttribute('data-testid'))!.replace('hand-', '');
            await page.keyboard.type(rank);
            typed = true;
          } else {
            await hand.nth(moves % (await hand.count())).click();
          }
          // The chosen card stays shown as chosen until the reveal.
        } else if ((await piles.count()) > 0) {
          if (!pictured && SHOTS && width === 'desktop') {
            await page.locator('.al-piles').screenshot({ path: `${HOWTO}/autumn-leaves-piles.png` });
            pictured = true;
          }
          const pile = piles.first();
          await pile.focus();
          await page.keyboard.press('Enter');
          byKeyboard++;
        } else {
          await page.locator('[data-testid=discard]:not([disabled]), [data-testid=keep]:not([disabled])').first().click();
        }
        moves++;
        await expect.poll(() => seqOf(page), { timeout: 15_000 }).toBeGreaterThan(before);
        if (moves === 3) {
          // Pile sizes are numbers; labels do not overlap the cards.
          await expect.poll(() => page.locator('[data-testid^=pile-count-]').count()).toBeGreaterThan(0);
          await expectAccessible(page, 'the Autumn Leaves table');
          if (SHOTS && width === 'desktop') await page.locator('.al-hand').screenshot({ path: `${HOWTO}/autumn-leaves-hand.png` });
          await shot(page, `autumn-leaves-${width}`);
        }
        expect(moves).toBeLessThan(200);
      }
      expect(typed).toBe(true);
      expect(focusKept).toBeGreaterThan(0);
      // The end of the hand: final piles, the hand's scores and the totals.
      const summary = page.locator('[data-testid=hand-summary]');
      await expect.poll(() => summary.count()).toBe(1);
      await expect(summary.locator('[data-testid^=hand-score-]').count()).resolves.toBe(3);
      await expect(page.locator('[data-testid=results]').count()).resolves.toBe(1);
      // End-of-game statistics per player (issue 25): a row per seat, a score per hand played.
      const stats = page.locator('[data-testid=game-stats] tbody tr');
      await expect.poll(() => stats.count(), { timeout: 15_000 }).toBe(3);
      await expect(stats.first().locator('th').textContent()).resolves.toMatch(/\(you\)$/);
      // L9: a hand's score, below zero for the player who emptied their hand.
      expect((await stats.first().locator('td').allTextContents())[3]).toMatch(/^-?\d+$/);
      await expect(page.locator('[data-testid=game-stats]').textContent()).resolves.toMatch(/\d+ cold snaps?\./);
      await expectAccessible(page, 'the finished Autumn Leaves table');
      if (SHOTS && width === 'desktop') await summary.screenshot({ path: `${HOWTO}/autumn-leaves-summary.png` });
      await shot(page, `autumn-leaves-results-${width}`);
      await checkReplay(page, 'Autumn Leaves', ['Ann', 'Hazel', 'Pip', 'Nutmeg', 'Bramble', 'You']);
      if (width === 'desktop') await shot(page, 'replay-desktop');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe.each(VIEWPORTS)('Acorns at %s width', (width, viewport) => {
  it('is played by clicking cards and trees, ends with the final trees, and passes axe', { timeout: 240_000 }, async () => {
    const browser = await launchBrowser(viewport);
    const errors: string[] = [];
    try {
      const page = await browser.context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(srv.url);
      // Teams appear beside the seats when partners are on.
      await page.click('[data-testid=new-acorns]');
      await page.selectOption('[data-testid=seat-count]', '4');
      await page.selectOption('[data-testid=option-partners]', 'true');
      await expect.poll(() => page.locator('[data-testid=teams]').textContent()).toContain('Team 1: seats 1 and 2');
      await expect(page.locator('.team-tag').count()).resolves.toBe(4);
      await createFromLobby(page, 'acorns', async (p) => {
        await p.selectOption('[data-testid=seat-count]', '2');
      });
      await checkHowTo(page, 'acorns', 'Acorns');

      const LEGAL = '.al-hand button.al-card.legal:not([disabled]), [data-testid=forced]:not([disabled]), .al-choices button[data-action]:not([disabled])';
      let moves = 0;
      let forced = false;
      let pictured = false;
      let stuck = 0;
      for (;;) {
        if ((await waitTurn(page, LEGAL)) === 'over') break;
        const before = await seqOf(page);
        const big = page.locator('[data-testid=forced]');
        const cards = page.locator('.al-hand button.al-card.legal:not([disabled])');
        if ((await big.count()) > 0) {
          forced = true;
          await big.click();
        } else if ((await cards.count()) > 0 && (moves % 4 !== 3 || (await page.locator('.al-choices button[data-action]:not([disabled])').count()) === 0)) {
          const card = cards.nth(moves % (await cards.count()));
          const plants = (await card.getAttribute('data-action')) !== null;
          await card.click();
          if (!plants) {
            // The trees it may go on light up.
            const target = page.locator('button.ac-tree.target:not([disabled]), .al-choices button[data-action*=discard]:not([disabled])');
            if ((await target.count()) > 0) await target.first().click();
            else await page.locator('.al-choices button[data-action]:not([disabled])').first().click();
          }
        } else {
          await page.locator('.al-choices button[data-action]:not([disabled]), [data-testid=forced]').first().click();
        }
        moves++;
        // A click that lands while the bots' move re-renders the hand can pick a card that is gone a
        // moment later (seen once in CI on a phone): the table then still waits for Ann, who tries
        // again. Twice in one game would be a real fault, not timing.
        const advanced = await expect
          .poll(() => seqOf(page), { timeout: 15_000 })
          .toBeGreaterThan(before)
          .then(() => true, () => false);
        if (!advanced) {
          stuck++;
          console.log(`acorns ${width}: move ${moves} did not register; Ann tries again`);
          expect(stuck, 'two moves in one game did not register').toBeLessThan(2);
          continue;
        }
        // The picture once a few trees are in play (or late in the game whatever the table shows).
        if (!pictured && moves >= 6 && ((await page.locator('.ac-tree').count()) >= 2 || moves >= 30)) {
          pictured = true;
          await expectAccessible(page, 'the Acorns table');
          if (SHOTS && width === 'desktop') await page.locator('.al-hand').screenshot({ path: `${HOWTO}/acorns-hand.png` });
          await shot(page, `acorns-${width}`);
        }
        expect(moves).toBeLessThan(300);
      }
      expect(moves).toBeGreaterThan(5);
      expect(pictured).toBe(true);
      // Not every deal reaches a forced draw; report whether this one did (the refused tree has its own arranged test below).
      console.log(`acorns ${width}: ${moves} moves, a forced move offered: ${forced}`);
      const final = page.locator('[data-testid=final-trees]');
      await expect.poll(() => final.count()).toBe(1);
      await expect(page.locator('[data-testid=results]').count()).resolves.toBe(1);
      // End-of-game statistics per player (issue 25): trees planted, claimed, won and lost in fights.
      const stats = page.locator('[data-testid=game-stats] tbody tr');
      await expect.poll(() => stats.count(), { timeout: 15_000 }).toBe(2);
      await expect(page.locator('[data-testid=game-stats] thead').textContent()).resolves.toMatch(/Won in fights.*Lost in fights/);
      await expectAccessible(page, 'the finished Acorns table');
      if (SHOTS && width === 'desktop') await final.screenshot({ path: `${HOWTO}/acorns-final.png` });
      await shot(page, `acorns-results-${width}`);
      await checkReplay(page, 'Acorns', ['Ann', 'Hazel', 'Pip', 'you']);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

/**
 * A practice table of three (Ann and two easy bots) with an arranged deal
 * (src/games/acorns/arrange.ts) and a fixed seed, which also fixes the bots' choices (their
 * generators are seeded from the table's seed), so the refused tree happens every time. The hands
 * leave the bots little else to do: the first holds only blue squirrels and surrounds the 5-acorn
 * tree Ann plants; the second holds only trees and plants one. Ann then picks her blue squirrel:
 * the new tree may take it, the 5-acorn tree may not (its blue group is the bot's, and a new group
 * must be a colour not yet there), and the table shows the engine's reason in words.
 */
const REFUSAL_DEAL = arrangeDeal({
  seats: 3,
  hands: [
    ['tree-5-1', 'squirrel-blue-2-1', 'squirrel-red-1-1'],
    ['squirrel-blue-1-1', 'squirrel-blue-1-2', 'squirrel-blue-1-3', 'squirrel-blue-1-4', 'squirrel-blue-1-5', 'squirrel-blue-2-2'],
    ['tree-3-1', 'tree-3-2', 'tree-4-1', 'tree-4-2', 'tree-2-1', 'tree-2-2'],
  ],
});

describe.each(VIEWPORTS)('Acorns refused tree at %s width', (width, viewport) => {
  it("always shows the engine's reason a tree may not take the picked card (arranged deal)", { timeout: 120_000 }, async () => {
    const browser = await launchBrowser(viewport);
    const errors: string[] = [];
    try {
      const page = await browser.context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await sitAtPractice(page, {
        game: 'acorns',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }, { kind: 'bot', bot: 'easy' }],
        seed: 'refusal',
        arrangement: REFUSAL_DEAL,
      });

      // Ann plants the 5-acorn tree; the bots answer (one surrounds it in blue, the other plants a tree).
      await page.locator('[data-testid=plant-tree-5]').click();
      await expect.poll(() => page.locator('.ac-tree').count(), { timeout: 20_000 }).toBe(2);
      await expect.poll(() => page.locator('.al-hand button[data-select=squirrel-blue-2]:not([disabled])').count(), { timeout: 20_000 }).toBe(1);

      // Ann picks her blue squirrel: one tree lights up, the other says why not.
      await page.locator('.al-hand button[data-select=squirrel-blue-2]').click();
      await expect.poll(() => page.locator('button.ac-tree.target').count(), { timeout: 15_000 }).toBe(1);
      const blocked = page.locator('[data-testid=tree-blocked]');
      await expect(blocked.count()).resolves.toBe(1);
      await blocked.hover();
      // aria-disabled, not disabled: a player may still click it to read why (Playwright would wait for "enabled").
      await blocked.click({ force: true });
      const why = page.locator('[data-testid=why-not]');
      await expect.poll(() => why.textContent()).toMatch(/blue group on the 5-acorn tree belongs to \p{L}+; a new group on the 5-acorn tree must be a colou?r not yet there/u);
      // In the players' words: no card ids, no seat numbers.
      expect((await why.textContent()) ?? '').not.toMatch(/tree-\d|squirrel-|seat \d/);
      // The tree's tooltip says the same thing (the line under the prompt starts with a capital).
      expect(((await blocked.getAttribute('title')) ?? '').toLowerCase()).toBe(((await why.textContent()) ?? '').trim().toLowerCase());
      await expectAccessible(page, 'the Acorns table with a refused tree');
      if (SHOTS && width === 'desktop') await page.locator('.ac-table').screenshot({ path: `${HOWTO}/acorns-trees.png` });

      // The lit tree takes the squirrel.
      const before = await seqOf(page);
      await page.locator('button.ac-tree.target').click();
      await expect.poll(() => seqOf(page)).toBeGreaterThan(before);
      await expect.poll(() => page.locator('[data-testid=log]').textContent()).toMatch(/You .*blue .*-acorn tree/);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('the lobby form', () => {
  it("offers Acorn Run's dummy racers only at one or two seats, and their settings only with dummies", { timeout: 60_000 }, async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      await page.goto(srv.url);
      await page.click('[data-testid=new-acorn-run]');
      await page.selectOption('[data-testid=seat-count]', '3');
      await expect.poll(() => page.locator('[data-testid=option-dummies]').count()).toBe(0);
      await page.selectOption('[data-testid=seat-count]', '2');
      await expect.poll(() => page.locator('[data-testid=option-dummies]').count()).toBe(1);
      await expect(page.locator('[data-testid=option-difficulty]').count()).resolves.toBe(0);
      await page.selectOption('[data-testid=option-dummies]', '2');
      await expect.poll(() => page.locator('[data-testid=option-difficulty]').count()).toBe(1);
      // The explanation is visible text, without the designers' ruling code.
      const help = await page.locator('[data-testid=option-dummies] ~ .field-help').textContent();
      expect(help).toMatch(/^Dummy racers beside/);
    } finally {
      await browser.close();
    }
  });
});

describe('the guided first turn', () => {
  it('opens a practice table with step hints that follow the player (Autumn Leaves and Acorns)', { timeout: 120_000 }, async () => {
    const browser = await launchBrowser();
    const errors: string[] = [];
    try {
      const page = await browser.context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(srv.url);
      await page.click('[data-testid=guide-autumn-leaves]');
      await page.waitForURL(/\/t\//);
      const hint = page.locator('[data-testid=guide-hint]');
      await expect.poll(() => hint.textContent(), { timeout: 20_000 }).toContain('Click your 5');
      // The fixed deal: the hand the hint speaks of.
      await page.click('[data-testid=hand-5]');
      await expect.poll(() => page.locator('[data-testid=guide]').textContent(), { timeout: 20_000 }).toMatch(/step [2-5] of 5/);
      await expectAccessible(page, 'a guided Autumn Leaves table');

      await page.goto(srv.url);
      await page.click('[data-testid=guide-acorns]');
      await page.waitForURL(/\/t\//);
      await expect.poll(() => hint.textContent(), { timeout: 20_000 }).toContain('5-acorn tree');
      await page.click('[data-testid="plant-tree-5"]');
      await expect.poll(() => page.locator('[data-testid=guide]').textContent(), { timeout: 20_000 }).toMatch(/step [23] of 4/);
      await page.click('text=Hide the guide');
      await expect.poll(() => page.locator('[data-testid=guide]').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
