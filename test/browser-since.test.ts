/**
 * "Since your last move" (issue 25): when your turn comes round again, or you come back to a
 * table, a bar over the table says what the others did since your last action and the log marks
 * those lines, and the piles that changed are marked on the table; "Got it" (or acting) marks them seen, and the mark outlives a reload. At 1280×800
 * and 390×844, with axe clean on the table showing it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
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

/** A practice table of Ann (seat 0) and bots, opened as Ann: its id. */
async function sitAt(page: Page, table: Record<string, unknown>): Promise<string> {
  const r = await fetch(`${srv.url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...table, join: { seat: 0, name: 'Ann' } }),
  });
  expect(r.status, await r.clone().text()).toBe(201);
  const t = (await r.json()) as CreateTableResponse;
  await page.goto(srv.url);
  await page.evaluate(([id, tok]) => (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage.setItem(`drey:seat:${id}`, JSON.stringify({ seat: 0, token: tok })), [t.table.id, t.seat!.token] as const);
  await page.goto(`${srv.url}/t/${t.table.id}`);
  await expect.poll(() => page.locator('main.table-page').getAttribute('data-status'), { timeout: 15_000 }).toBe('running');
  return t.table.id;
}

/** The outline a changed piece is drawn with (a dashed line: a shape, not a colour alone). */
const outlineOf = (page: Page, selector: string): Promise<string[]> =>
  page.locator(selector).evaluateAll((els) => els.map((e) => {
    const s = e.ownerDocument.defaultView!.getComputedStyle(e);
    return `${s.outlineStyle} ${s.outlineWidth}`;
  }));

type Box = { x: number; y: number; width: number; height: number } | null;
const area = (b: Box): number => (b ? Math.round(b.width * b.height) : 0);
/** The area two elements' boxes share, in px² (rounded). */
async function overlap(a: Locator, b: Locator): Promise<number> {
  const [p, q] = [await a.boundingBox(), await b.boundingBox()];
  if (!p || !q) throw new Error('an element to compare is not drawn');
  const w = Math.min(p.x + p.width, q.x + q.width) - Math.max(p.x, q.x);
  const h = Math.min(p.y + p.height, q.y + q.height) - Math.max(p.y, q.y);
  return w > 0 && h > 0 ? Math.round(w * h) : 0;
}
/** How many lines an element's text is laid out on. */
const linesOf = (l: Locator): Promise<number> =>
  l.evaluate((e) => {
    // The tests type-check without the DOM library: a Range, as far as used.
    const range = (e.ownerDocument as unknown as { createRange: () => { selectNodeContents: (n: unknown) => void; getClientRects: () => ArrayLike<{ top: number; width: number }> } }).createRange();
    range.selectNodeContents(e);
    return new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

/** The bar's "(N marked on the table)" count (0 when it says none). */
async function barMarked(page: Page): Promise<number> {
  const text = (await page.locator('[data-testid=since]').textContent()) ?? '';
  return Number(/\((\d+) marked on the table\)/.exec(text)?.[1] ?? 0);
}

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const)('Since your last move on the Acorn Run board (%s)', (label, viewport) => {
  it("marks the pawns that moved and the market cards that changed after the bot's turn", { timeout: 240_000 }, async () => {
    const b = await launchBrowser(viewport);
    try {
      const page = await b.context.newPage();
      await sitAt(page, { game: 'acorn-run', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'medium' }], seed: 'since-run' });
      const prompt = page.locator('[data-testid=prompt]');
      const act = (a: object) => page.locator(`.run-choices [data-action='${JSON.stringify(a)}']`);
      const marketNow = (): Promise<string[]> => page.locator('.run-market .run-cards > *').evaluateAll((els) => els.map((e) => e.querySelector('svg')?.getAttribute('aria-label') ?? ''));
      let pawnChecked = false;
      let marketChecked = false;
      for (let turn = 0; turn < 10 && !(pawnChecked && marketChecked); turn++) {
        await expect.poll(() => prompt.textContent(), { timeout: 30_000 }).toMatch(/^Your turn/);
        // Ann ends her turn at once (keeping her cards); what she sees of the market is kept.
        const before = await marketNow();
        const racersBefore = await page.locator('.run-pawn title').allTextContents();
        expect(racersBefore.length).toBe(2);
        await act({ type: 'end' }).click();
        await expect.poll(async () => (await act({ type: 'keep' }).count()) > 0 || !/^Your turn/.test((await prompt.textContent()) ?? ''), { timeout: 15_000 }).toBe(true);
        if ((await act({ type: 'keep' }).count()) > 0) await act({ type: 'keep' }).click();
        await expect.poll(() => prompt.textContent(), { timeout: 30_000 }).toMatch(/^Your turn/);
        const bar = page.locator('[data-testid=since]');
        await expect.poll(() => bar.count(), { timeout: 10_000 }).toBe(1);
        // The bot's pawn moved: its ring and star are drawn, its name says so; Ann's is not marked.
        const pawnMarks = page.locator('.run-pawn .run-pawn-moved[data-testid=since-new]');
        const moved = await pawnMarks.count();
        const yours = page.locator('.run-pawn').filter({ has: page.locator('.run-pawn-name', { hasText: /^You$/ }) });
        await expect(yours.count()).resolves.toBe(1);
        await expect(yours.locator('.run-pawn-moved').count()).resolves.toBe(0);
        if (moved > 0) {
          const ring = await pawnMarks.first().locator('circle').evaluate((c) => {
            const r = c.getBoundingClientRect();
            const s = c.ownerDocument.defaultView!.getComputedStyle(c);
            return { w: Math.round(r.width), dash: s.strokeDasharray, stroke: s.stroke };
          });
          expect(ring.w).toBeGreaterThan(30);
          expect(ring.dash).not.toBe('none');
          expect(ring.stroke).not.toBe('none');
          await expect(pawnMarks.first().evaluate((e) => e.parentElement?.querySelector(':scope > title')?.textContent)).resolves.toMatch(/^\S+: moved since your last move$/);
          pawnChecked = true;
        }
        // Market slots whose card changed (the bot bought and the row was refilled) are outlined and say "new".
        const after = await marketNow();
        const changedSlots = after.flatMap((c, i) => (c !== before[i] ? [i] : []));
        const marked = page.locator('.run-market .run-card-btn.since-changed');
        await expect(marked.count()).resolves.toBe(changedSlots.length);
        if (changedSlots.length > 0) {
          const slots = await page.locator('.run-market .run-cards > *').evaluateAll((els) => els.flatMap((e, i) => (e.classList.contains('since-changed') ? [i] : [])));
          expect(slots).toEqual(changedSlots);
          for (const o of await outlineOf(page, '.run-market .run-card-btn.since-changed')) expect(o).toBe('dashed 2px');
          await expect(marked.first().locator('[data-testid=since-new]').textContent()).resolves.toBe('new since your last move');
          marketChecked = true;
        }
        // The bar counts what is marked on the table.
        expect(await barMarked(page)).toBe(moved + changedSlots.length);
        if (pawnChecked && marketChecked) {
          await animationsSettled(page);
          await page.screenshot({ path: `${SHOTS}/since-acorn-run-${label}.png` });
          await expectAccessible(page, `the Acorn Run table with changes marked at ${label} width`);
        }
      }
      expect({ pawnChecked, marketChecked }).toEqual({ pawnChecked: true, marketChecked: true });
    } finally {
      await b.close();
    }
  });
});

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const)('Since your last move on the Acorns trees (%s)', (label, viewport) => {
  it("marks the trees the bot planted, the groups it added to and the score pile that claimed a tree", { timeout: 300_000 }, async () => {
    const b = await launchBrowser(viewport);
    try {
      const page = await b.context.newPage();
      await sitAt(page, { game: 'acorns', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }], seed: 'since-acorns' });
      const LEGAL_AC = '.al-hand button.al-card.legal:not([disabled]), [data-testid=forced]:not([disabled]), .al-choices button[data-action]:not([disabled])';
      const seen = { planted: false, group: false, claimed: false };
      for (let moves = 0; moves < 120 && !(seen.planted && seen.group && seen.claimed); moves++) {
        const over = page.locator('main.table-page[data-status=finished]');
        await expect.poll(async () => (await over.count()) > 0 || (await page.locator(LEGAL_AC).count()) > 0, { timeout: 30_000 }).toBe(true);
        if ((await over.count()) > 0) break;
        if ((await page.locator('[data-testid=since]').count()) > 0) {
          // What the bot changed is marked where it is, in words, and the bar counts it.
          let marks = 0;
          const planted = page.locator('.ac-tree-head [data-testid=since-new]');
          for (const t of await planted.allTextContents()) expect(t).toBe('planted since your last move');
          if ((await planted.count()) > 0) {
            // The planted tree is the bot's.
            const head = planted.first().locator('xpath=ancestor::div[contains(@class, "ac-tree-head")]');
            await expect(head.locator('.small').textContent()).resolves.toMatch(/^planted by (?!you)/);
            // The tag covers neither the tree's card nor its acorn count, and leaves the words
            // their room ("planted by" on one line, not a word a line beside the tag).
            await expect(overlap(planted.first(), head.locator('svg').first())).resolves.toBe(0);
            await expect(overlap(planted.first(), head.locator('.ac-acorns'))).resolves.toBe(0);
            await expect(linesOf(head.locator('.small'))).resolves.toBe(1);
            seen.planted = true;
          }
          marks += await planted.count();
          const groups = page.locator('.ac-groups li.since-changed');
          for (const t of await groups.locator('[data-testid=since-new]').allTextContents()) expect(t).toBe('new since your last move');
          await expect(groups.locator('[data-testid=since-new]').count()).resolves.toBe(await groups.count());
          for (const o of await outlineOf(page, '.ac-groups li.since-changed')) expect(o).toBe('dashed 2px');
          // A group's tag sits in its row, over none of its cards or its total.
          for (const li of await groups.all()) {
            const tag = li.locator('[data-testid=since-new]');
            await expect(overlap(tag, li.locator('.ac-cards'))).resolves.toBe(0);
            await expect(overlap(tag, li.locator('.ac-total'))).resolves.toBe(0);
            await expect(overlap(tag, li)).resolves.toBe(area(await tag.boundingBox()));
            // On the owner's line, not wrapped onto a row of its own.
            const [t, o] = [await tag.boundingBox(), await li.locator('.ac-swatch').boundingBox()];
            expect(Math.abs(t!.y + t!.height / 2 - (o!.y + o!.height / 2))).toBeLessThan(6);
          }
          if ((await groups.count()) > 0) seen.group = true;
          marks += await groups.count();
          marks += await page.locator('.ac-guards.since-changed').count();
          const piles = page.locator('.ac-score.since-changed');
          for (const t of await piles.locator('[data-testid=since-new]').allTextContents()) expect(t).toBe('claimed since your last move');
          await expect(piles.locator('[data-testid=since-new]').count()).resolves.toBe(await piles.count());
          for (const o of await outlineOf(page, '.ac-score.since-changed')) expect(o).toBe('dashed 2px');
          if ((await piles.count()) > 0) {
            if (!seen.claimed) {
              await animationsSettled(page);
              await page.screenshot({ path: `${SHOTS}/since-acorns-claimed-${label}.png` });
              await expectAccessible(page, `the Acorns table with changes marked at ${label} width`);
            }
            seen.claimed = true;
          }
          marks += await piles.count();
          // Every piece the bar counts is drawn marked (a new tree's empty guard row was counted, not drawn).
          expect(await barMarked(page)).toBe(marks);
        }
        // Ann plays the first card she may, on the first tree that takes it.
        const before = await seqOf(page);
        const forced = page.locator('[data-testid=forced]:not([disabled])');
        const cards = page.locator('.al-hand button.al-card.legal:not([disabled])');
        if ((await forced.count()) > 0) await forced.click();
        else if ((await cards.count()) > 0) {
          const card = cards.first();
          const plants = (await card.getAttribute('data-action')) !== null;
          await card.click();
          if (!plants) {
            const target = page.locator('button.ac-tree.target:not([disabled]), .al-choices button[data-action]:not([disabled])');
            await expect.poll(() => target.count(), { timeout: 10_000 }).toBeGreaterThan(0);
            // A lit tree says "play here" beside its acorn count, not over it.
            for (const tree of await page.locator('button.ac-tree.target').all()) await expect(overlap(tree.locator('.ac-drop'), tree.locator('.ac-acorns'))).resolves.toBe(0);
            await target.first().click();
          }
        } else await page.locator('.al-choices button[data-action]:not([disabled])').first().click();
        const advanced = await expect.poll(() => seqOf(page), { timeout: 15_000 }).toBeGreaterThan(before).then(() => true, () => false);
        if (!advanced) continue; // a click that landed on a hand re-rendered under it: try again
      }
      expect(seen).toEqual({ planted: true, group: true, claimed: true });
    } finally {
      await b.close();
    }
  });
});

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const)('Since your last move at the end of the game (%s)', (label, viewport) => {
  it('says the news led to the end of the game, not as if play went on', { timeout: 240_000 }, async () => {
    const b = await launchBrowser(viewport);
    try {
      const page = await b.context.newPage();
      // On this deal Pip (a bot) empties his hand first: the game ends with news for Ann.
      await sitAt(page, { game: 'autumn-leaves', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }, { kind: 'bot', bot: 'easy' }], options: { hands: 1 }, seed: 'end-1' });
      const over = page.locator('main.table-page[data-status=finished]');
      for (let moves = 0; moves < 60; moves++) {
        await expect.poll(async () => (await over.count()) > 0 || (await page.locator(LEGAL).count()) > 0, { timeout: 30_000 }).toBe(true);
        if ((await over.count()) > 0) break;
        const before = await seqOf(page);
        await page.locator(LEGAL).first().click();
        await expect.poll(() => seqOf(page), { timeout: 15_000 }).toBeGreaterThan(before);
      }
      await expect.poll(() => over.count(), { timeout: 30_000 }).toBe(1);
      const bar = page.locator('[data-testid=since]');
      await expect.poll(() => bar.count(), { timeout: 10_000 }).toBe(1);
      const text = (await bar.textContent()) ?? '';
      expect(text).toMatch(/^Since your last move, to the end of the game: \d+ things? happened/);
      await animationsSettled(page);
      await page.screenshot({ path: `${SHOTS}/since-game-over-${label}.png` });
      await expectAccessible(page, `the since bar on a finished table at ${label} width`);
      // Got it: gone, as during the game.
      await page.locator('[data-testid=since-dismiss]').click();
      await expect(bar.count()).resolves.toBe(0);
    } finally {
      await b.close();
    }
  });
});
