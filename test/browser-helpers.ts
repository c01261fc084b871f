/** Debian's Chromium through playwright-core, for browser tests and screenshots. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.DREY_CHROMIUM ?? '/usr/bin/chromium';

/**
 * A browser with a fresh, empty profile (its own user-data-dir), so no two tests share a seat
 * token in localStorage. Close it with `close`, which also removes the profile.
 */
export async function launchBrowser(viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'drey-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

let axeText: string | undefined;
const axeSource = (): string => (axeText ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/** One axe-core finding, as the check reports it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (injected from node_modules/axe-core/axe.min.js) on the page as it is now and
 * returns its serious and critical violations; `expectAccessible` fails a test on any of them.
 */
export async function seriousViolations(page: Page, context = 'body'): Promise<AxeViolation[]> {
  // The app's Content-Security-Policy forbids inline scripts, so axe is evaluated through the
  // DevTools protocol (which the page's policy does not govern) rather than added as a <script>.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource());
  const found = await page.evaluate(async (ctx) => {
    const axe = (globalThis as unknown as { axe: { run: (c: string, o: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const r = await axe.run(ctx, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')) }));
  }, context);
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails with the list of serious/critical axe-core violations on `page` (what, and where), if any. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const found = await seriousViolations(page);
  if (found.length > 0) {
    throw new Error(`axe-core found serious or critical violations on ${where}:\n${found.map((v) => `- ${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`).join('\n')}`);
  }
}
