/**
 * Acorn Run in Chromium, played on the board as a person would: on a practice table with a fixed
 * arrangement (a solo race with two dummies over the last two trees) the player spends an acorn on
 * the player board, buys a market card and pays for it card by card, sprints by picking cards and
 * clicking a lit space, jumps with a combo (seeing its reward and both landing lanes) and descends
 * the next turn; the race then runs to its results. At desktop and phone width, with an axe-core
 * check of the table. DREY_SCREENSHOTS=docs/screenshots refreshes the pictures in the docs.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TABLES } from '../src/games/acorn-run/tables.js';
import type { CreateTableResponse } from '../src/server/protocol.js';
import { browserTestServer, launchBrowser } from './browser-helpers.js';
import { ACORN_RUN_OPENING } from './browser-helpers.js';

const BOARD = BUILTIN_TABLES.board;

const require = createRequire(import.meta.url);
// The page's Content-Security-Policy forbids inline scripts: axe is evaluated through the DevTools protocol.
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const srv = browserTestServer('browser-ar');

const id = (name: string): number => {
  const s = BOARD.byName.get(name);
  if (s === undefined) throw new Error(`no space ${name}`);
  return s;
};

/** The opening hand (then four more cards), the market and the start: see the test's steps. */
const ARRANGEMENT = ACORN_RUN_OPENING;

async function practiceTable(): Promise<{ tableId: string; token: string }> {
  const r = await fetch(`${srv.url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      game: 'acorn-run',
      seats: [{ kind: 'human' }],
      options: { trees: 2, roundLimit: 3, dummies: 2 },
      seed: 'arweb',
      arrangement: ARRANGEMENT,
      join: { seat: 0, name: 'Ann' },
    }),
  });
  expect(r.status).toBe(201);
  const body = (await r.json()) as CreateTableResponse;
  return { tableId: body.table.id, token: body.seat!.token };
}

const seqOf = async (page: Page): Promise<number> => Number(await page.locator('main.table-page').getAttribute('data-seq'));
const prompt = (page: Page) => page.locator('[data-testid=prompt]');
const action = (a: object): string => `[data-action='${JSON.stringify(a)}']`;
const cardOf = (kind: string): string => `.run-hand [data-card-kind='${kind}']`;
const target = (space: number): string => `.run-target[data-space='${space}']`;

/** Waits until the table has taken an action (or a queue of them) and the player may act again. */
async function settled(page: Page, before: number): Promise<void> {
  await expect.poll(() => seqOf(page), { timeout: 15_000 }).toBeGreaterThan(before);
  await expect.poll(() => prompt(page).textContent(), { timeout: 15_000 }).not.toBe('Moving…');
}
async function click(page: Page, selector: string): Promise<void> {
  const before = await seqOf(page);
  await page.locator(selector).first().click();
  await settled(page, before);
}

async function axeCheck(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const w = globalThis as unknown as { axe: { run: (c: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } };
    const r = await w.axe.run({ include: [['.run-table']] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
}

/** The phone run asks for reduced motion: nothing on the table may then slide (web/src/motion.ts). */
const WIDTHS = [
  { label: 'desktop', viewport: { width: 1280, height: 900 }, reduceMotion: false },
  { label: 'phone', viewport: { width: 390, height: 844 }, reduceMotion: true },
];

const flipMoved = async (page: Page): Promise<string[]> => ((await page.locator('.run-table').getAttribute('data-flip-moved')) ?? '').split(' ').filter(Boolean);
const flipMoves = async (page: Page): Promise<number> => Number((await page.locator('.run-table').getAttribute('data-flip-moves')) ?? 0);

/** How many lines the text of each element matching `selector` is laid out on. */
async function linesOf(page: Page, selector: string): Promise<{ text: string | undefined; lines: number }[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      // The text's client rectangles: one per line box (and text node); distinct tops are lines.
      const range = (globalThis as unknown as { document: { createRange: () => { selectNodeContents: (n: unknown) => void; getClientRects: () => ArrayLike<{ top: number; width: number }> } } }).document.createRange();
      range.selectNodeContents(e);
      const tops = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return { text: e.textContent?.trim(), lines: tops.size };
    }),
  );
}

/** Every card title on screen is whole (its lines read the card's name) and inside the card's header band. */
async function cardTitlesWhole(page: Page): Promise<{ name: string; shown: string; inside: boolean }[]> {
  return page.locator('svg.run-card').evaluateAll((cards) =>
    cards.map((svg) => {
      const name = (svg.getAttribute('aria-label') ?? '').split(':')[0]!;
      const lines = [...svg.querySelectorAll('.run-card-title')];
      const inside = lines.every((t) => {
        const b = (t as unknown as { getBBox: () => { x: number; y: number; width: number; height: number } }).getBBox();
        return b.x >= 3.5 && b.x + b.width <= 66.5 && b.y >= 3.5 && b.y + b.height <= 31;
      });
      return { name, shown: lines.map((t) => t.textContent).join(' '), inside };
    }),
  );
}

/** Pairs of (name, pawn) where a pawn's name label covers another pawn's body by more than 2 px each way. */
async function namesOverPawns(page: Page): Promise<string[]> {
  return page.locator('.run-pawn').evaluateAll((pawns) => {
    type Box = { left: number; right: number; top: number; bottom: number };
    const box = (e: unknown): Box | null => (e ? (e as { getBoundingClientRect: () => Box }).getBoundingClientRect() : null);
    const parts = pawns.map((g) => ({ name: g.querySelector('.run-pawn-name')?.textContent ?? '', body: box(g.querySelector(':scope > path')), label: box(g.querySelector('.run-pawn-name')?.parentElement?.querySelector('rect') ?? null) }));
    const out: string[] = [];
    for (const a of parts) {
      for (const b of parts) {
        if (a === b || !a.label || !b.body) continue;
        const w = Math.min(a.label.right, b.body.right) - Math.max(a.label.left, b.body.left);
        const h = Math.min(a.label.bottom, b.body.bottom) - Math.max(a.label.top, b.body.top);
        if (w > 2 && h > 2) out.push(`${a.name} over ${b.name}`);
      }
    }
    return out;
  });
}

/** Waits until the board has stopped scrolling after the pawn (a smooth follow takes a moment). */
async function boardSettled(page: Page): Promise<void> {
  const left = (): Promise<number> => page.locator('.run-board-wrap').evaluate((e) => e.scrollLeft);
  let last = await left();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(250);
    const now = await left();
    if (now === last) return;
    last = now;
  }
}

describe.each(WIDTHS)('Acorn Run played on the board ($label)', ({ label, viewport, reduceMotion }) => {
  it('spends an acorn, buys a card, sprints, jumps with a combo, descends, and reaches the results', { timeout: 240_000 }, async () => {
    const player = await launchBrowser(viewport);
    const errors: string[] = [];
    const shots = process.env.DREY_SCREENSHOTS ?? '.tmp/screenshots';
    mkdirSync(shots, { recursive: true });
    try {
      const { tableId, token } = await practiceTable();
      const page = await player.context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      if (reduceMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(srv.url);
      await page.evaluate(
        ([t, tok]) => (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage.setItem(`drey:seat:${t}`, JSON.stringify({ seat: 0, token: tok })),
        [tableId, token],
      );
      await page.goto(`${srv.url}/t/${tableId}`);
      await expect.poll(() => prompt(page).textContent(), { timeout: 15_000 }).toMatch(/^Your turn/);
      // Every racer has a panel, the two dummies too, and pawns carry their names on the board.
      await expect(page.locator('.run-racer').count()).resolves.toBe(3);
      await expect(page.locator('.run-pawn-name').allTextContents()).resolves.toEqual(expect.arrayContaining(['You', 'Twinkle', 'Bloom']));
      // Card titles are never cut off ("Red Scramble" wraps onto two lines rather than "Red Scrambl").
      for (const c of await cardTitlesWhole(page)) expect(c).toEqual({ name: c.name, shown: c.name, inside: true });

      // R9: spend the acorn on a "+2 buying power" space of the player board.
      await click(page, `.run-grid ${action({ type: 'spend', cell: 6 })}`);
      await expect(page.locator('.run-racer.mine .run-cell.filled').count()).resolves.toBe(1);
      await expect(page.locator('.run-status').textContent()).resolves.toContain('buying power 2');

      // R10: buy Green Rush (cost 3): 2 from buying power, then one card from hand; the progress shows.
      await click(page, `.run-market ${action({ type: 'buy', row: 'expensive', index: 0 })}`);
      await expect(prompt(page).textContent()).resolves.toMatch(/^Paying for Green Rush: 2 of 3 paid/);
      await expect(page.locator('.run-paying').textContent()).resolves.toBe('paid 2/3');
      await click(page, cardOf('s-green'));
      await expect.poll(() => page.locator('[data-testid=log]').textContent()).toContain('You buy Green Rush from the expensive market');
      // The bought card is now the top of your discard pile, and (motion allowed) it slid there from the market.
      const top = page.locator('.run-racer.mine .run-discard-top [data-flip-id]');
      await expect(top.locator('svg').getAttribute('aria-label')).resolves.toMatch(/^Green Rush:/);
      if (!reduceMotion) await expect.poll(() => flipMoved(page)).toContain(await top.getAttribute('data-flip-id'));

      // R3: pick three yellow cards; the board lights the end of the sprint (the jump-off); click it.
      for (const kind of ['s-yellow', 's-yellow-r', 's-yellow-g']) await page.locator(cardOf(kind)).click();
      await expect(page.locator(target(id('t5.y.jump'))).getAttribute('aria-label')).resolves.toMatch(/sprint to the yellow jump-off of the Linden tree/);
      await click(page, target(id('t5.y.jump')));
      await expect.poll(() => page.locator('[data-testid=log]').textContent()).toMatch(/You sprint in yellow .* with Yellow Branch, Yellow Leaf and Yellow Leaf/);
      // The pawn slid along the board to the jump-off, unless the player asked for reduced motion.
      if (reduceMotion) expect(await flipMoves(page)).toBe(0);
      else await expect.poll(() => flipMoved(page)).toContain('pawn-0');

      // R5: the two landing lanes are lit; start the jump, build a 2-card combo and see its reward.
      await expect(page.locator(`.run-target${action({ type: 'jump' })}`).count()).resolves.toBe(2);
      await click(page, `.run-target${action({ type: 'jump' })}`);
      await click(page, cardOf('s-red-g'));
      await expect(page.locator('[data-testid=combo]').textContent()).resolves.toContain('one card: no combo, lower lane only');
      await click(page, cardOf('s-green-y'));
      await expect(page.locator('[data-testid=combo]').textContent()).resolves.toContain('2-card combo: 1 acorn');
      await expect(page.locator(`.run-target[data-action*='"land"']`).count()).resolves.toBe(2);
      expect(await axeCheck(page)).toEqual([]);
      await page.locator('[data-testid=prompt]').evaluate((e) => e.scrollIntoView());
      // Scrolling the page can cut the board's smooth follow short: find the pawn again, as a player would.
      await page.locator('.run-board button', { hasText: 'Find You' }).click();
      await boardSettled(page);
      // Names of pawns in neighbouring lanes go where they cover no other pawn (Twinkle's is below, under Bloom).
      await expect(namesOverPawns(page)).resolves.toEqual([]);
      await page.screenshot({ path: `${shots}/acorn-run-${label}.png`, fullPage: label === 'desktop' });
      await click(page, target(id('t6.y2.0')));
      await expect.poll(() => page.locator('[data-testid=log]').textContent()).toContain('with a combo of 2 cards (Red Leaf and Green Leaf), winning 1 acorn');

      // The hand is empty: end the turn; the dummies race (their turns in full in the log).
      await click(page, `.run-choices ${action({ type: 'end' })}`);
      await expect.poll(() => prompt(page).textContent(), { timeout: 20_000 }).toMatch(/^Your turn/);
      await expect(page.locator('[data-testid=log]').textContent()).resolves.toMatch(/Twinkle .*(moves|jumps)/);
      if (reduceMotion) expect(await flipMoves(page)).toBe(0);

      // The log reads the same after a reload.
      const logBefore = await page.locator('[data-testid=log] li').allTextContents();
      await page.reload();
      await expect.poll(() => prompt(page).textContent(), { timeout: 15_000 }).toMatch(/^Your turn/);
      const logAfter = await page.locator('[data-testid=log] li').allTextContents();
      expect(logAfter.slice(-5)).toEqual(logBefore.slice(-5));

      // R4: pick one card and descend one lane on the Great Oak by clicking the lit space.
      await page.locator(cardOf('s-green')).first().click();
      await expect(page.locator(target(id('t6.y1.0'))).getAttribute('aria-label')).resolves.toMatch(/descend to the lower yellow lane of the Great Oak, space 1/);
      await click(page, target(id('t6.y1.0')));
      await expect.poll(() => page.locator('[data-testid=log]').textContent()).toContain('You descend');

      // R11: ending the turn asks which cards to discard; keep them all.
      await click(page, `.run-choices ${action({ type: 'end' })}`);
      await expect(prompt(page).textContent()).resolves.toMatch(/^End of your turn: click the cards you want to discard/);
      await click(page, `.run-choices ${action({ type: 'keep' })}`);
      await expect.poll(() => prompt(page).textContent(), { timeout: 20_000 }).toMatch(/^Your turn/);

      // R3, R12: Yellow Dash (2) and two Yellow Twigs sprint four spaces: across the finish line.
      for (const kind of ['y-dash', 'y-twig-r', 'y-twig-g']) await page.locator(cardOf(kind)).click();
      await expect(page.locator(target(BOARD.finish)).getAttribute('aria-label')).resolves.toMatch(/^FINISH: sprint 4 \(ends turn\): sprint to the finish line, which ends your turn$/);
      await click(page, target(BOARD.finish));
      await expect.poll(() => page.locator('main.table-page').getAttribute('data-status'), { timeout: 20_000 }).toBe('finished');
      // Results: every racer, dummies included, with race and combo VP.
      const rows = page.locator('[data-testid=run-results] tbody tr');
      await expect(rows.count()).resolves.toBe(3);
      // You crossed first: 10 race VP (R12), no combo VP (a 2-card combo pays an acorn, R5).
      expect((await rows.first().locator('td').allTextContents()).map((t) => t.trim())).toEqual(['1', 'You', 'finished 1st', '10', '0', '10']);
      await expect(page.locator('[data-testid=run-results]').textContent()).resolves.toMatch(/Twinkle \(dummy\)/);
      // End-of-game statistics per racer (issue 25): you crossed the line in one of the first rounds.
      const stats = page.locator('[data-testid=game-stats] tbody tr');
      await expect.poll(() => stats.count(), { timeout: 15_000 }).toBe(3);
      const mine = (await stats.first().locator('td').allTextContents()).map((t) => t.trim());
      expect(mine[5]).toMatch(/^round [1-3]$/);
      await expect(stats.nth(1).locator('th').textContent()).resolves.toMatch(/\(dummy\)$/);
      // The statistics fit the screen's width: nothing scrolls sideways (on a phone a card per
      // racer with each figure named, issue 25).
      const fit = await page.locator('[data-testid=game-stats]').evaluate((e) => {
        const win = e.ownerDocument.defaultView!;
        const wide = [e, ...Array.from(e.querySelectorAll('*'))].filter((x) => x.getBoundingClientRect().width > 0 && x.scrollWidth > x.clientWidth + 1 && win.getComputedStyle(x).overflowX !== 'visible');
        return { right: e.getBoundingClientRect().right, page: e.ownerDocument.documentElement.scrollWidth, scrolls: wide.length };
      });
      expect(fit.right).toBeLessThanOrEqual(viewport.width);
      expect(fit.page).toBeLessThanOrEqual(viewport.width);
      expect(fit.scrolls).toBe(0);
      if (viewport.width < 560) {
        const cards = page.locator('.game-stats-cards > li');
        await expect(cards.count()).resolves.toBe(3);
        await expect(cards.first().textContent()).resolves.toMatch(/^\S+ \(you\)Combos \(longest\)/);
        await expect(cards.first().locator('dt').allTextContents()).resolves.toEqual(['Combos (longest)', 'Combo VP', 'Acorns gathered', 'Acorns spent', 'Cards bought', 'Finished']);
        await expect(cards.first().locator('dd').last().textContent()).resolves.toMatch(/^round [1-3]$/);
      }
      expect(await axeCheck(page)).toEqual([]);
      // The shell's results panel keeps a racer's detail ("out of time") on one line at this width
      // too, and so does the race results table its Result column.
      const details = await linesOf(page, '[data-testid=results] .detail');
      expect(details.length).toBe(3);
      for (const d of details) expect(d.lines, d.text).toBeLessThanOrEqual(1);
      const results = await linesOf(page, '[data-testid=run-results] td.run-result');
      expect(results.map((r) => r.text)).toEqual(['finished 1st', 'out of time', 'out of time']);
      for (const r of results) expect(r.lines, r.text).toBe(1);
      await page.locator('[data-testid=run-results]').evaluate((e) => e.scrollIntoView());
      await page.screenshot({ path: `${shots}/acorn-run-results-${label}.png`, fullPage: label === 'desktop' });
      if (label !== 'desktop') {
        // On a phone the statistics come under the results: one picture of them.
        await page.locator('[data-testid=game-stats]').evaluate((e) => e.scrollIntoView());
        await page.screenshot({ path: `${shots}/acorn-run-stats-${label}.png` });
      }
      expect(errors).toEqual([]);
    } finally {
      await player.close();
    }
  });
});
