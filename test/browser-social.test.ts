/**
 * Issue 16 in Chromium: two players at one table (two browsers). Ann misclicks and takes it back
 * (button, then Ctrl+Z); they chat (text only, kept after a reload); after the game Ann asks for a
 * rematch and Bo joins it from his results screen. Needs `npm run build` (the web app) first.
 * Saves screenshots when DREY_SCREENSHOTS names a folder.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '../src/engine/game.js';
import type { UndoRules } from '../src/engine/match.js';
import { BUILTIN_PACKAGES, createRegistry } from '../src/games/index.js';
import { createDreyServer } from '../src/server/app.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import type { CreateTableResponse } from '../src/server/protocol.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import { launchBrowser, webBuilt } from './browser-helpers.js';
import { diceAdd, diceUndo } from './fixtures/dice-add.js';
import { bareGamePackage } from './server-helpers.js';

const shots = process.env.DREY_SCREENSHOTS;
const shot = async (page: Page, name: string): Promise<void> => {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, name), fullPage: true });
};

const statusOf = (page: Page): Promise<string | null> => page.locator('main.table-page').getAttribute('data-status');
const view = (page: Page): Promise<string | null> => page.locator('[data-testid=generic-view]').textContent();
/** An expression that reads the creator token the page's browser keeps for a table (web/src/creator.ts). */
const creatorTokenIn = (tableId: string): string => `localStorage.getItem(${JSON.stringify(`drey:creator:${tableId}`)})`;
const add = (n: number): string => `[data-action='{"type":"add","n":${n}}']`;

async function sit(page: Page, url: string, tableId: string, name: string, seat: number): Promise<void> {
  await page.goto(`${url}/t/${tableId}`);
  await page.fill('[data-testid=join-name]', name);
  await page.click(`[data-testid=join-seat-${seat}]`);
}

// The pages this run's web build serves (built once, by whichever browser test file asks first).
beforeAll(() => webBuilt(), 600_000);

describe('undo, chat and rematch in the browser', () => {
  it('two players: misclick then undo, chat, rematch', { timeout: 180_000 }, async () => {
    const registry = createRegistry([...BUILTIN_PACKAGES, { ...bareGamePackage(diceAdd as unknown as AnyGame), undo: diceUndo as unknown as UndoRules }]);
    const s = await createDreyServer({ store: openSqliteStore(':memory:'), registry, bots: createInlineRunner(registry), botDelayMs: 10 });
    const url = (await s.listen(0, '127.0.0.1')).url;
    const annB = await launchBrowser();
    const boB = await launchBrowser();
    const errors: string[] = [];
    try {
      const { table } = (
        await (await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'dice-add', seats: [{ kind: 'human' }, { kind: 'human' }] }) })).json()
      ) as CreateTableResponse;
      const ann = await annB.context.newPage();
      const bo = await boB.context.newPage();
      for (const p of [ann, bo]) p.on('pageerror', (e) => errors.push(e.message));
      await sit(ann, url, table.id, 'Ann', 0);
      await sit(bo, url, table.id, 'Bo', 1);
      await expect.poll(() => statusOf(ann)).toBe('running');

      // Misclick: Ann adds 2; the Undo button shows only now; clicking it takes the step back.
      expect(await ann.locator('[data-testid=undo]').count()).toBe(0);
      await ann.click(add(2));
      await expect.poll(() => view(ann)).toContain('total: 2');
      await expect.poll(() => ann.locator('[data-testid=undo]').count()).toBe(1);
      expect(await bo.locator('[data-testid=undo]').count()).toBe(0);
      await shot(ann, 'undo.png');
      await ann.click('[data-testid=undo]');
      await expect.poll(() => view(ann)).toContain('total: 0');
      await expect.poll(() => ann.locator('[data-testid=undo]').count()).toBe(0);
      await expect.poll(() => view(bo)).toContain('total: 0');
      // Ctrl+Z does the same.
      await ann.click(add(1));
      await expect.poll(() => ann.locator('[data-testid=undo]').count()).toBe(1);
      await ann.keyboard.press('Control+z');
      await expect.poll(() => view(ann)).toContain('total: 0');

      // Chat: text only (the brackets show as typed), both see both lines, kept after a reload.
      await ann.fill('[data-testid=chat-input]', 'hi <b>Bo</b>');
      await ann.click('[data-testid=chat-send]');
      await expect.poll(() => bo.locator('[data-testid=chat]').textContent()).toContain('hi <b>Bo</b>');
      expect(await bo.locator('[data-testid=chat] b').count()).toBe(0);
      await bo.fill('[data-testid=chat-input]', 'hello Ann');
      await bo.press('[data-testid=chat-input]', 'Enter');
      await expect.poll(() => ann.locator('[data-testid=chat]').textContent()).toContain('hello Ann');
      await ann.reload();
      await expect.poll(() => ann.locator('[data-testid=chat] li').count()).toBe(2);
      await shot(bo, 'chat.png');

      // Ann plays the game out (six times 2), then asks for a rematch; Bo is invited in place.
      for (let i = 0; i < 6; i++) {
        await ann.click(add(2));
        await expect.poll(() => view(ann)).toContain(`total: ${2 * (i + 1)}`);
      }
      await expect.poll(() => statusOf(bo)).toBe('finished');
      await expect.poll(() => bo.locator('[data-testid=rematch-button]').textContent()).toBe('Rematch');
      await ann.click('[data-testid=rematch-button]');
      await ann.waitForURL((u) => !u.pathname.endsWith(table.id));
      const rematchId = new URL(ann.url()).pathname.split('/').pop()!;
      // Ann started it: her browser keeps the new table's creator token (Bo's will not), and she
      // sees Bo's seat kept for him with the creator's button to open it.
      await expect.poll(() => ann.evaluate(creatorTokenIn(rematchId))).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      await expect.poll(() => ann.locator('[data-testid=reserved-seats]').textContent()).toContain('kept for Bo');
      expect(await ann.locator('[data-testid=open-seat-1]').count()).toBe(1);
      expect(await ann.locator('[data-testid=seat-1]').textContent()).toContain('Seat 2 (kept for Bo)');
      await shot(ann, 'rematch-kept-seat.png');
      await expect.poll(() => bo.locator('[data-testid=rematch]').textContent()).toContain('Ann wants a rematch');
      await shot(bo, 'rematch.png');
      await bo.click('[data-testid=rematch-button]');
      await bo.waitForURL((u) => u.pathname.endsWith(rematchId));
      await expect.poll(() => statusOf(bo)).toBe('running');
      await expect.poll(() => statusOf(ann)).toBe('running');
      await expect.poll(() => bo.locator('[data-testid=seat-1]').textContent()).toContain('you');
      expect(await bo.evaluate(creatorTokenIn(rematchId))).toBe(null);
      expect(errors).toEqual([]);
    } finally {
      await annB.close();
      await boB.close();
      await s.close();
    }
  });
});
