/**
 * The three rules pages (/rules/<game>, docs/rules/<game>.md drawn as Markdown) in Chromium at a
 * desktop and a phone width: each draws its rules, and axe-core finds no serious or critical
 * violation — a code block wider than the page scrolls, so a keyboard user must be able to reach
 * and scroll it (issue 25: Acorn Run's board diagram was a scrolling block no key could reach).
 */
import { describe, expect, it } from 'vitest';
import { browserTestServer, expectAccessible, launchBrowser } from './browser-helpers.js';

const srv = browserTestServer('rules');

describe('the rules pages', () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    it(`at ${viewport.width}×${viewport.height}: all three draw their rules and pass axe; every scrolling code block takes the keyboard focus`, { timeout: 120_000 }, async () => {
      const browser = await launchBrowser(viewport);
      try {
        const page = await browser.context.newPage();
        for (const game of ['acorn-run', 'acorns', 'autumn-leaves']) {
          await page.goto(`${srv.url}/rules/${game}`);
          await page.locator('.rules-page h1').first().waitFor({ timeout: 20_000 });
          await expect(page.locator('.rules-page h2').count()).resolves.toBeGreaterThan(1);
          await expectAccessible(page, `the ${game} rules page at ${viewport.width} px`);
          // Every code block and table that may scroll is reached with Tab and named for a screen reader.
          const blocks = await page.locator('.rules-page pre, .rules-page .table-wrap').evaluateAll((pres) =>
            pres.map((p) => ({ tab: p.getAttribute('tabindex'), label: p.getAttribute('aria-label') })),
          );
          for (const b of blocks) expect(b).toEqual({ tab: '0', label: expect.stringMatching(/\w/) });
        }
      } finally {
        await browser.close();
      }
    });
  }
});
