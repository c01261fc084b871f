/**
 * A playtest in Chromium (issue 27, part 2): Ann sets up a table in the lobby with "Playtest"
 * ticked, Bo (on a phone) joins by the invite link, they play the short dice game to the end, and
 * each answers the feedback form under the results; Bo changes his answer. The header says it is
 * a playtest, a spectator gets no form, the form has no serious axe-core violation, and the store
 * holds each seat's notes. Then an Acorn Run playtest of a designer's variant, its moves sent over
 * the wire: the header names the variant and each player's form is there at both sizes.
 * Screenshots at 1280×800 and 390×844 go to DREY_SCREENSHOTS when set.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyGame } from '../src/engine/game.js';
import type { UndoRules } from '../src/engine/match.js';
import { exportContent } from '../src/content/files.js';
import { BUILTIN_PACKAGES, BUILTINS, createRegistry } from '../src/games/index.js';
import { createDreyServer } from '../src/server/app.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import type { PlaytestReport } from '../src/lab/playtests.js';
import { PLAYTEST_FEEDBACK_KIND } from '../src/server/playtest.js';
import type { ActAck, ClaimSeatResponse, CreateTableResponse, TableFrame } from '../src/server/protocol.js';
import { contentRegistry } from '../src/server/start.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import { launchBrowser, seriousViolations, webBuilt } from './browser-helpers.js';
import { diceAdd, diceUndo } from './fixtures/dice-add.js';
import { bareGamePackage, client } from './server-helpers.js';
import { runCli as drey } from './cli-helpers.js';

const shots = process.env.DREY_SCREENSHOTS;
/** Saves the page (`fullPage`: all of it; else what the window shows, as a person sees it). */
const shot = async (page: Page, name: string, fullPage = true): Promise<void> => {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, name), fullPage });
};

const statusOf = (page: Page): Promise<string | null> => page.locator('main.table-page').getAttribute('data-status');
const view = (page: Page): Promise<string | null> => page.locator('[data-testid=generic-view]').textContent();
const add2 = `[data-action='{"type":"add","n":2}']`;
const end = `[data-action='{"type":"end"}']`;

/** The player adds 2 twice (waiting for each to land) and, unless it ended the game, ends the turn. */
async function turn(page: Page, from: number, endTurn: boolean): Promise<void> {
  for (const total of [from + 2, from + 4]) {
    await page.click(add2);
    await expect.poll(() => view(page)).toContain(`total: ${total}`);
  }
  if (endTurn) await page.click(end);
}

beforeAll(() => webBuilt(), 600_000);

describe('a playtest in the browser', () => {
  it('two players play a playtest to the end and each leaves feedback', { timeout: 240_000 }, async () => {
    const registry = createRegistry([...BUILTIN_PACKAGES, { ...bareGamePackage(diceAdd as unknown as AnyGame), undo: diceUndo as unknown as UndoRules }]);
    const store = openSqliteStore(':memory:');
    const s = await createDreyServer({ store, registry, bots: createInlineRunner(registry), botDelayMs: 10 });
    const url = (await s.listen(0, '127.0.0.1')).url;
    const annB = await launchBrowser({ width: 1280, height: 800 });
    const boB = await launchBrowser({ width: 390, height: 844 });
    const watcherB = await launchBrowser({ width: 1280, height: 800 });
    const errors: string[] = [];
    try {
      const ann = await annB.context.newPage();
      const bo = await boB.context.newPage();
      const watcher = await watcherB.context.newPage();
      for (const p of [ann, bo, watcher]) p.on('pageerror', (e) => errors.push(e.message));

      // Ann sets up the table in the lobby: herself and a friend, "Playtest" ticked (the builtin
      // rules are not a variant, so it starts unticked).
      await ann.goto(url);
      await ann.click('[data-testid=new-dice-add]');
      const box = ann.locator('[data-testid=create-playtest]');
      expect(await box.isChecked()).toBe(false);
      await box.check();
      await shot(ann, 'playtest-new-table-desktop.png');
      await ann.selectOption('[data-testid=seat-kind-1]', 'human');
      await ann.fill('[data-testid=create-name]', 'Ann');
      await ann.click('[data-testid=create-table]');
      await ann.waitForURL(/\/t\//);
      const tableId = new URL(ann.url()).pathname.split('/').pop()!;
      await expect.poll(() => ann.locator('[data-testid=table-playtest]').textContent()).toBe('Playtest of the standard rules');

      // Bo takes the invited seat on his phone; the header says it is a playtest there too.
      await bo.goto(`${url}/t/${tableId}?seat=2`);
      await bo.fill('[data-testid=join-name]', 'Bo');
      await bo.click('[data-testid=join-seat-1]');
      await expect.poll(() => statusOf(ann)).toBe('running');
      expect(await bo.locator('[data-testid=table-playtest]').textContent()).toBe('Playtest of the standard rules');
      // The lobby marks the table in the same words.
      await watcher.goto(url);
      await expect.poll(() => watcher.locator(`[data-testid=table-${tableId}] [data-testid=table-playtest]`).textContent()).toBe('Playtest of the standard rules');
      await shot(watcher, 'playtest-lobby-desktop.png');

      // No form while the game runs.
      expect(await ann.locator('[data-testid=feedback]').count()).toBe(0);
      await turn(ann, 0, true);
      await expect.poll(() => bo.locator(add2).count()).toBe(1);
      await turn(bo, 4, true);
      await expect.poll(() => ann.locator(add2).count()).toBe(1);
      await turn(ann, 8, false);
      await expect.poll(() => statusOf(ann)).toBe('finished');
      await expect.poll(() => statusOf(bo)).toBe('finished');

      // Ann's form, under the results: nothing to send until a question is answered.
      const form = ann.locator('[data-testid=feedback]');
      await form.waitFor();
      expect(await ann.locator('[data-testid=feedback-send]').isDisabled()).toBe(true);
      // The fun scale is a radio group a keyboard and a screen reader can use.
      const fun = ann.getByRole('group', { name: 'How much fun was it?' });
      expect(await fun.getByRole('radio').count()).toBe(5);
      await fun.getByRole('radio', { name: '4 of 5, good fun' }).check();
      await ann.getByRole('radio', { name: 'About right' }).check();
      await ann.fill('[data-testid=feedback-unclear]', 'Whether a roll ends the turn');
      await ann.fill('[data-testid=feedback-comment]', 'Short and sweet.\nI would play again.');
      expect(await ann.locator('[data-testid=feedback-send]').isDisabled()).toBe(false);
      await form.scrollIntoViewIfNeeded();
      expect(await seriousViolations(ann, '[data-testid=feedback]')).toEqual([]);
      await shot(ann, 'playtest-dice-form-desktop.png');
      await ann.click('[data-testid=feedback-send]');
      await expect.poll(() => ann.locator('[data-testid=feedback-thanks]').textContent()).toBe('Thank you, Ann! Your feedback is saved for the designer.');
      expect(await ann.locator('[data-testid=feedback-sent]').textContent()).toContain('4 of 5 (good fun)');
      expect(await seriousViolations(ann, '[data-testid=feedback]')).toEqual([]);
      await shot(ann, 'playtest-dice-thanks-desktop.png');

      // Bo, on the phone: too long, then he changes his mind. The form shows what he sent.
      const boFun = bo.getByRole('group', { name: 'How much fun was it?' });
      await boFun.getByRole('radio', { name: '3 of 5, some fun' }).check();
      await bo.getByRole('radio', { name: 'Too long' }).check();
      expect(await seriousViolations(bo, '[data-testid=feedback]')).toEqual([]);
      await shot(bo, 'playtest-dice-form-phone.png');
      await bo.click('[data-testid=feedback-send]');
      await expect.poll(() => bo.locator('[data-testid=feedback-thanks]').textContent()).toContain('Thank you, Bo!');
      await bo.click('[data-testid=feedback-change]');
      expect(await bo.getByRole('radio', { name: 'Too long' }).isChecked()).toBe(true);
      expect(await bo.getByRole('radio', { name: '3 of 5, some fun' }).isChecked()).toBe(true);
      await bo.getByRole('radio', { name: 'About right' }).check();
      await bo.click('[data-testid=feedback-send]');
      await expect.poll(() => bo.locator('[data-testid=feedback-sent]').textContent()).toContain('About right');
      // After a reload the page reads back what his seat sent last.
      await bo.reload();
      await expect.poll(() => bo.locator('[data-testid=feedback-sent]').textContent()).toContain('About right');
      expect(await bo.locator('[data-testid=feedback-sent]').textContent()).toContain('3 of 5');
      await shot(bo, 'playtest-dice-thanks-phone.png');

      // A spectator sees that it was a playtest, and no form.
      await watcher.goto(`${url}/t/${tableId}`);
      await expect.poll(() => statusOf(watcher)).toBe('finished');
      expect(await watcher.locator('[data-testid=table-playtest]').textContent()).toBe('Playtest of the standard rules');
      expect(await watcher.locator('[data-testid=feedback]').count()).toBe(0);

      const notes = await store.getNotes(tableId, { kinds: [PLAYTEST_FEEDBACK_KIND] });
      expect(notes.map((n) => ({ seat: n.seat, data: n.data }))).toEqual([
        { seat: 0, data: { fun: 4, length: 'right', unclear: 'Whether a roll ends the turn', comment: 'Short and sweet.\nI would play again.' } },
        { seat: 1, data: { fun: 3, length: 'too-long' } },
        { seat: 1, data: { fun: 3, length: 'right' } },
      ]);
      expect(errors).toEqual([]);
    } finally {
      await annB.close();
      await boB.close();
      await watcherB.close();
      await s.close();
    }
  });

  it('an Acorn Run playtest of a variant: the header names it, and each player gets the form at desktop and phone size', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drey-browser-playtest-'));
    // The designer's variant: every Dash card costs 1 (as in docs/lab.md "Content files").
    const content = join(dir, 'dash');
    await exportContent(BUILTINS.get('acorn-run')!, content);
    const market = JSON.parse(readFileSync(join(content, 'market-cards.json'), 'utf8')) as { cheap: { id: string; cost: number }[] };
    for (const c of market.cheap) if (c.id.endsWith('-dash')) c.cost = 1;
    for (const f of readdirSync(content)) rmSync(join(content, f));
    writeFileSync(join(content, 'market-cards.json'), JSON.stringify(market));
    const loaded = await contentRegistry([{ game: 'acorn-run', dir: content }]);
    if (!loaded.ok) throw new Error(loaded.error);
    const registry = loaded.value;
    // A database file, as `drey serve` keeps one: the designer's `drey lab playtests` reads it at the end.
    const db = join(dir, 'drey.sqlite');
    const store = openSqliteStore(db);
    const s = await createDreyServer({ store, registry, bots: createInlineRunner(registry), botDelayMs: 10, limits: { socketMessagesPerSecond: 10_000, socketBurst: 10_000 } });
    const url = (await s.listen(0, '127.0.0.1')).url;
    const annB = await launchBrowser({ width: 1280, height: 800 });
    const boB = await launchBrowser({ width: 390, height: 844 });
    const errors: string[] = [];
    try {
      // The lobby of a server playing a variant ticks "Playtest" for a new table, and says of what.
      const lobby = await annB.context.newPage();
      lobby.on('pageerror', (e) => errors.push(e.message));
      await lobby.goto(url);
      await lobby.click('[data-testid=new-acorn-run]');
      expect(await lobby.locator('[data-testid=create-playtest]').isChecked()).toBe(true);
      expect(await lobby.locator('#playtest-help').textContent()).toContain('Playtest of the dash variant');
      await lobby.close();

      // Two people at a short course; no `playtest` in the request: on this server it is one.
      const post = async <T>(path: string, body: unknown): Promise<T> =>
        (await (await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as T;
      const created = await post<CreateTableResponse>('/api/tables', { game: 'acorn-run', seats: [{ kind: 'human' }, { kind: 'human' }], options: { trees: 2 }, join: { seat: 0, name: 'Ann' } });
      const tableId = created.table.id;
      const tokens = [created.seat!.token, (await post<ClaimSeatResponse>(`/api/tables/${tableId}/seats/2`, { name: 'Bo' })).token];
      expect(created.table.playtest).toBe(true);

      // Their moves, sent over the wire from each seat: what the easy bot would play there (the
      // server's own copy of the state is read in this process; the players are still people to it).
      const latest: (TableFrame | null)[] = [null, null];
      const clients = await Promise.all(tokens.map(() => client(url)));
      clients.forEach((c, i) => {
        const keep = (f: TableFrame): void => {
          if ((latest[i]?.seq ?? -1) <= f.seq) latest[i] = f;
        };
        c.socket.on('snapshot', keep);
        c.socket.on('update', keep);
      });
      await Promise.all(clients.map((c, i) => c.emit('watch', { tableId, token: tokens[i] })));
      const brain = createInlineRunner(registry);
      const variant = registry.get('acorn-run')!;
      for (let step = 0; step < 5_000; step++) {
        if (latest.some((f) => f?.status === 'finished')) break;
        const i = latest.findIndex((f) => f !== null && f.legal.length > 0);
        const frame = latest[i];
        const live = await s.service.getTable(tableId);
        if (!frame || !live || live.stored.seq !== frame.seq) {
          await new Promise((r) => setTimeout(r, 10));
          continue;
        }
        const chosen = await brain.run({ game: 'acorn-run', bot: 'easy', seat: i, state: variant.game.clone(live.match.state), rngSeed: `playtest:${step}`, content: variant.content.hash });
        if (!chosen.ok) throw new Error(chosen.error);
        const ack = await clients[i]!.emit<ActAck>('act', { tableId, token: tokens[i], seq: frame.seq, action: chosen.action });
        if (ack.ok) await expect.poll(() => latest[i]!.seq >= ack.seq).toBe(true);
        else await new Promise((r) => setTimeout(r, 10));
      }
      for (const c of clients) c.close();
      await expect.poll(async () => (await store.getTable(tableId))?.status).toBe('finished');

      const pages = [
        { page: await annB.context.newPage(), seat: 0, shot: 'playtest-feedback-desktop.png', fun: '5 of 5, great fun', length: 'About right' },
        { page: await boB.context.newPage(), seat: 1, shot: 'playtest-feedback-phone.png', fun: '2 of 5, a little fun', length: 'Too long' },
      ];
      for (const { page, seat, shot: file, fun, length } of pages) {
        page.on('pageerror', (e) => errors.push(e.message));
        // The seat link brings the seat's token to this browser (web/src/creator.ts).
        await page.goto(`${url}/t/${tableId}#seat=${seat + 1}&key=${tokens[seat]}`);
        await expect.poll(() => page.locator('[data-testid=table-playtest]').textContent()).toBe('Playtest of the dash variant');
        const form = page.locator('[data-testid=feedback]');
        await form.waitFor();
        await page.getByRole('radio', { name: fun }).check();
        await page.getByRole('radio', { name: length }).check();
        await page.fill('[data-testid=feedback-unclear]', seat === 0 ? 'Can a Dash card jump a gap?' : 'When the sunset comes');
        if (seat === 0) await page.fill('[data-testid=feedback-comment]', 'The cheaper Dash made the middle of the race much faster.');
        expect(await seriousViolations(page, '[data-testid=feedback]')).toEqual([]);
        // The window a player sees: the form's top at the top, the results just above it.
        await form.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.mouse.wheel(0, -60);
        await page.waitForTimeout(300);
        await shot(page, file, false);
        await page.click('[data-testid=feedback-send]');
        await expect.poll(() => page.locator('[data-testid=feedback-thanks]').textContent()).toContain('Thank you');
        await shot(page, file.replace('feedback', 'feedback-thanks'), false);
      }
      const notes = await store.getNotes(tableId, { kinds: [PLAYTEST_FEEDBACK_KIND] });
      expect(notes.map((n) => n.seat)).toEqual([0, 1]);
      expect(notes[1]!.data).toEqual({ fun: 2, length: 'too-long', unclear: 'When the sunset comes' });
      expect(errors).toEqual([]);

      // End to end (issue 27): what the people sent through the page is what the lab reads back.
      const json = join(dir, 'playtests.json');
      const lab = await drey(['lab', 'playtests', 'acorn-run', '--db', db, '--variant', 'dash', '--content', content, '--games', '4', '--workers', '1', '--json', json]);
      expect(lab.code, lab.err).toBe(0);
      const report = JSON.parse(readFileSync(json, 'utf8')) as PlaytestReport;
      expect(report.content.variant).toBe('dash');
      expect(report.tables.map((t) => [t.id, t.names, t.humans])).toEqual([[tableId, ['Ann', 'Bo'], [true, true]]]);
      expect(report.feedback.answered).toBe(2);
      expect(report.feedback.fun.counts).toMatchObject({ '2': 1, '5': 1 });
      expect(report.feedback.entries.map((e) => [e.name, e.unclear])).toEqual([
        ['Ann', 'Can a Dash card jump a gap?'],
        ['Bo', 'When the sunset comes'],
      ]);
    } finally {
      await annB.close();
      await boB.close();
      await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

