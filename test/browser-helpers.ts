/** Debian's Chromium through playwright-core, for browser tests and screenshots. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { arrangeDeal } from '../src/games/acorns/arrange.js';
import type { CreateTableResponse } from '../src/server/protocol.js';
import { createDreyServer, type DreyServer, type DreyServerOptions } from '../src/server/app.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';

export const CHROMIUM = process.env.DREY_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Builds the web app (dist/web) once per test run, whichever browser test file asks first; the
 * others wait for it. Building it in every file both wasted minutes and raced: vite empties
 * dist/web at the start of a build, so one file's build could pull the pages from under another
 * file's running browser. The run's id comes from test/global-setup.ts; without one (a file run
 * some other way) it simply builds.
 */
export async function webBuilt(): Promise<void> {
  const build = (): void => {
    execFileSync('npm', ['run', '--silent', 'build:web'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  };
  const run = process.env.DREY_TEST_RUN;
  if (!run) return build();
  const dir = join('.tmp', 'web-build', run);
  mkdirSync(join('.tmp', 'web-build'), { recursive: true });
  let mine = true;
  try {
    mkdirSync(dir); // atomic: exactly one file of the run gets to build
  } catch {
    mine = false;
  }
  if (mine) {
    try {
      build();
      writeFileSync(join(dir, 'done'), '');
    } catch (e) {
      writeFileSync(join(dir, 'failed'), e instanceof Error ? e.message : String(e));
      throw e;
    }
    return;
  }
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (existsSync(join(dir, 'done'))) return;
    if (existsSync(join(dir, 'failed'))) throw new Error(`the web build failed in another test file: ${readFileSync(join(dir, 'failed'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('waited 10 minutes for another test file to build the web app');
}

/** What a browser test file's server is started with, beside its store; `dir` is its own directory. */
export type TestServerOptions = Omit<DreyServerOptions, 'store'>;

/**
 * The Drey server of one browser test file: before the file's tests it builds the web app
 * (webBuilt), opens a SQLite store in a fresh directory named after `name` and listens on a free
 * port; after them it closes the server and removes the directory. `options` go to the server
 * (default: bots after 10 ms); a function of the directory may prepare files there first (a
 * content variant). Read `url`, `server` and `dir` inside the tests: they are set before the first.
 */
export function browserTestServer(
  name: string,
  options: TestServerOptions | ((dir: string) => TestServerOptions | Promise<TestServerOptions>) = {},
): { readonly url: string; readonly server: DreyServer; readonly dir: string } {
  let server: DreyServer | undefined;
  let url = '';
  let dir = '';
  beforeAll(async () => {
    await webBuilt();
    dir = mkdtempSync(join(tmpdir(), `drey-${name}-`));
    const chosen = typeof options === 'function' ? await options(dir) : options;
    server = await createDreyServer({ botDelayMs: 10, ...chosen, store: openSqliteStore(join(dir, 'drey.sqlite')) });
    url = (await server.listen(0, '127.0.0.1')).url;
    // Building the web app takes minutes on a busy machine.
  }, 600_000);
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get url() {
      return url;
    },
    get server() {
      if (!server) throw new Error('the test server is not started yet (read it inside a test)');
      return server;
    },
    get dir() {
      return dir;
    },
  };
}

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
 * Waits for every finite animation on the page (a drawer sliding in, a card moving) to finish:
 * mid-animation a half-faded text has less contrast than it will have, so a check made then says
 * more about the check's timing than the page (the How to play drawer's title read as too faint
 * whenever axe happened to be loaded already and ran within the drawer's first 220 ms).
 */
export async function animationsSettled(page: Page): Promise<void> {
  // The tests type-check without the DOM library: the page's Web Animations API, as far as used.
  interface PageAnimation {
    playState: string;
    finished: Promise<unknown>;
    effect: { getComputedTiming(): { endTime?: number | string } } | null;
  }
  await page.evaluate(async () => {
    const doc = (globalThis as unknown as { document: { getAnimations(): PageAnimation[] } }).document;
    const finite = doc
      .getAnimations()
      .filter((a) => a.playState !== 'finished' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Runs axe-core (injected from node_modules/axe-core/axe.min.js) on the page as it is now and
 * returns its serious and critical violations; `expectAccessible` fails a test on any of them.
 */
export async function seriousViolations(page: Page, context = 'body'): Promise<AxeViolation[]> {
  // The app's Content-Security-Policy forbids inline scripts, so axe is evaluated through the
  // DevTools protocol (which the page's policy does not govern) rather than added as a <script>.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource());
  await animationsSettled(page);
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

/** An Acorn Run practice deal both Acorn Run browser tests play: the opening hand (then four more cards), the market and the start. */
export const ACORN_RUN_OPENING = {
  positions: ['t5.y2.3'],
  acorns: [1],
  decks: [
    [
      ...['s-yellow', 's-yellow-r', 's-yellow-g', 's-red-g', 's-green-y', 's-green'],
      ...['s-green', 'y-dash', 'y-twig-r', 'y-twig-g', 's-red', 's-red-y'],
      ...['s-green-r', 's-green', 's-red-g'],
    ],
  ],
  expensive: ['g-rush', 'g-again', 'g-shuffle'],
};

/** A seat's table made through the HTTP API: its id and the seat's token. */
export interface SeatTable {
  tableId: string;
  token: string;
}

/** Creates a table at the test server `url` (`POST /api/tables` with `body`, which joins seat 0). */
export async function createSeatTable(url: string, body: object): Promise<SeatTable> {
  const r = await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(r.status, await r.clone().text()).toBe(201);
  const b = (await r.json()) as CreateTableResponse;
  return { tableId: b.table.id, token: b.seat!.token };
}

/** Opens table `t` in `page` as its seat 0 (the token kept where the page keeps it) and waits until it plays. */
export async function openSeatTable(page: Page, url: string, t: SeatTable): Promise<void> {
  await page.goto(url);
  await page.evaluate(
    ([id, tok]) => (globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }).localStorage.setItem(`drey:seat:${id}`, JSON.stringify({ seat: 0, token: tok })),
    [t.tableId, t.token],
  );
  await page.goto(`${url}/t/${t.tableId}`);
  await expect.poll(() => page.locator('main.table-page').getAttribute('data-status'), { timeout: 15_000 }).toBe('running');
}

/** Four seats in the partner game (A12): Ann and a bot are team 1. Ann's hand holds a tree and squirrels to pick. */
export const ACORNS_PARTNER_DEAL = arrangeDeal({
  seats: 4,
  hands: [
    ['tree-5-1', 'squirrel-blue-2-1', 'squirrel-red-1-1', 'squirrel-red-3-1', 'squirrel-green-2-1', 'tree-3-1'],
    ['squirrel-blue-1-1', 'squirrel-blue-1-2', 'squirrel-blue-1-3', 'squirrel-blue-1-4', 'squirrel-blue-1-5', 'squirrel-blue-2-2'],
    ['tree-3-2', 'tree-4-1', 'tree-4-2', 'tree-2-1', 'tree-2-2', 'tree-2-3'],
    ['squirrel-red-1-2', 'squirrel-red-1-3', 'squirrel-red-1-4', 'squirrel-red-1-5', 'squirrel-red-2-2', 'squirrel-red-2-3'],
  ],
});
