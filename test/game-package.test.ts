/**
 * Adding a game is one line in a registry. The tiny race (a test-only game, fixtures/tiny-race.ts)
 * is registered by the line below and nothing else: it gets bots and levels, the conformance
 * suite, `drey sim`, `drey play` and `drey replay`, and a lobby entry with a playable table.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { botInput, findBot, listBots, playBotMatch } from '../src/bots/index.js';
import { createMatch, createRng } from '../src/engine/index.js';
import { BUILTIN_PACKAGES, BUILTINS, createRegistry } from '../src/games/index.js';
import { createDreyServer } from '../src/server/app.js';
import { createInlineRunner } from '../src/server/bots/pool.js';
import type { ActAck, CreateTableResponse, GameInfo } from '../src/server/protocol.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import { actionLabel, viewLines } from '../web/src/games/generic/text.js';
import { conformanceSuite } from './conformance.js';
import { tinyRacePackage } from './fixtures/tiny-race.js';
import { client } from './server-helpers.js';

const registry = createRegistry([...BUILTIN_PACKAGES, tinyRacePackage]);

const pkg = registry.get('tiny-race')!;
const game = pkg.game;
const tmp = mkdtempSync(join(tmpdir(), 'drey-package-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** `drey` with the registry above (fixtures/drey-plus.ts), as a user runs it. */
function drey(args: string[], input = ''): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'test/fixtures/drey-plus.ts', ...args], { input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('a game registered by one line', () => {
  it('is in the registry and nowhere in the built-in games', () => {
    expect(registry.games.map((g) => g.id)).toEqual([...BUILTINS.games.map((g) => g.id), 'tiny-race']);
    expect(BUILTINS.get('tiny-race')).toBeUndefined();
    expect(findBot('tiny-race', 'random').ok).toBe(false);
  });

  it('gets every bot and level, easy being its heuristic', () => {
    expect(listBots(pkg).map((b) => b.name)).toEqual(['random', 'heuristic', 'easy', 'medium', 'hard', 'ismcts']);
    const created = createMatch(game, { seats: 3, seed: 'levels' });
    if (!created.ok) throw new Error(created.error.message);
    const easy = findBot(pkg, 'easy');
    if (!easy.ok) throw new Error(easy.error.message);
    // The heuristic always takes the longest step.
    expect(easy.value(botInput(game, created.value.state, 0, createRng('e')))).toEqual({ type: 'step', by: 3 });
    const bots = ['random', 'easy', 'medium', 'hard'].map((name) => {
      const bot = findBot(pkg, name);
      if (!bot.ok) throw new Error(bot.error.message);
      return bot.value;
    });
    const played = playBotMatch(game, { seats: 4, seed: 'all-levels', options: { rounds: 3 } }, bots);
    if (!played.ok) throw new Error(played.error.message);
    expect(played.value.outcome.ranks).toHaveLength(4);
  });

  it('a game without a heuristic still gets every level but the heuristic', () => {
    const bare = { ...tinyRacePackage, bots: {} };
    expect(listBots(bare).map((b) => b.name)).toEqual(['random', 'easy', 'medium', 'hard', 'ismcts']);
    const easy = findBot(bare, 'easy');
    expect(easy.ok).toBe(true);
  });

  it('plays `drey sim` with its bots and options', () => {
    const run = drey(['sim', 'tiny-race', '--seats', '3', '--games', '30', '--bots', 'easy,random,random', '--option', 'rounds=5', '--workers', '1', '--json']);
    expect(run.stderr).not.toMatch(/drey:/);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { title: string; games: number; options: unknown; summary: { seats: { wins: number }[] } };
    expect(report).toMatchObject({ title: 'Tiny Race', games: 30, options: { rounds: 5 } });
    // Always stepping three beats stepping at random.
    expect(report.summary.seats[0]!.wins).toBeGreaterThan(report.summary.seats[1]!.wins);
  });

  it('plays `drey play` in the terminal with its text UI, and the record replays with `drey replay`', () => {
    const file = join(tmp, 'tiny.json');
    const run = drey(['play', 'tiny-race', '--seats', '2', '--seed', 'one-line', '--bots', 'easy', '--record', file], '2\n'.repeat(20));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Tiny Race · seed one-line · you are seat 1 · bots: easy');
    expect(run.stdout).toContain('type 1, 2 or 3');
    const record = JSON.parse(readFileSync(file, 'utf8')) as { actions: { seat: number; action: { by: number } }[] };
    expect(record.actions.filter((a) => a.seat === 0).every((a) => a.action.by === 2)).toBe(true);
    const replayed = drey(['replay', '--json', file]);
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.stdout)).toMatchObject({ verified: true, game: 'tiny-race', finished: true });
  });

  it('has a lobby entry with its blurb, options and bots, and a table played through the generic web table', async () => {
    const server = await createDreyServer({ store: openSqliteStore(':memory:'), registry, bots: createInlineRunner(registry), botDelayMs: 0, webRoot: '/none' });
    try {
      const games = (await server.app.inject({ method: 'GET', url: '/api/games' })).json<GameInfo[]>();
      const entry = games.find((g) => g.id === 'tiny-race');
      expect(entry).toMatchObject({ title: 'Tiny Race', seats: { min: 2, max: 4 }, hasRules: false, options: [{ key: 'rounds', default: 3 }] });
      expect(entry!.blurb).toMatch(/furthest runner wins/);
      expect(entry!.bots.map((b) => b.name)).toContain('hard');

      const created = await server.app.inject({
        method: 'POST',
        url: '/api/tables',
        payload: { game: 'tiny-race', seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }], options: { rounds: 1 }, join: { seat: 0, name: 'Ann' } },
      });
      expect(created.statusCode).toBe(201);
      const { table, seat } = created.json<CreateTableResponse>();
      expect(table.gameTitle).toBe('Tiny Race');

      const url = (await server.listen(0, '127.0.0.1')).url;
      const ann = await client(url);
      try {
        await ann.emit('watch', { tableId: table.id, token: seat!.token });
        const frame = await ann.waitFor((m) => m.legal.length > 0);
        // What the generic table shows: the view as text, a button per legal action.
        expect(viewLines(frame.view)).toContain('pos: 0, 0');
        expect(frame.legal.map(actionLabel)).toEqual(['step, by 1', 'step, by 2', 'step, by 3']);
        expect(await ann.emit<ActAck>('act', { tableId: table.id, token: seat!.token, seq: frame.seq, action: frame.legal[2] })).toMatchObject({ ok: true });
        // The bot (its heuristic, through the package) answers, and one round ends the race.
        const last = await ann.waitFor((m) => m.status === 'finished');
        expect(last.outcome?.scores[1]).toBeGreaterThanOrEqual(3);
      } finally {
        ann.socket.close();
      }
    } finally {
      await server.close();
    }
  });
});

conformanceSuite(tinyRacePackage);
