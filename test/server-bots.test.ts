/** The server's bot seats think on the worker pool: answers, failures with a code, closing. */
import { afterEach, describe, expect, it } from 'vitest';
import { createMatch } from '../src/engine/match.js';
import { BUILTINS, createRegistry, getGame } from '../src/games/index.js';
import { testRegistry } from './server-helpers.js';
import { createInlineRunner, createWorkerPool, INLINE_MAX_MS, type BotRunner } from '../src/server/bots/pool.js';
import { readConfig } from '../src/server/config.js';

let pool: BotRunner | undefined;
afterEach(async () => {
  await pool?.close();
});

const game = getGame('autumn-leaves')!;
const fresh = (): unknown => {
  const created = createMatch(game, { seats: 3, seed: 'srv' });
  if (!created.ok) throw new Error(created.error.message);
  return created.value.state;
};

describe('the bot worker pool', () => {
  it('answers a legal action for a table, the same as on the calling thread', async () => {
    pool = createWorkerPool(1);
    const task = { game: game.id, bot: 'medium', seat: 0, state: fresh(), rngSeed: 's:bot:0:0', owner: 'table-1' };
    const inWorker = await pool.run(task);
    const inline = await createInlineRunner(BUILTINS).run(task);
    expect(inWorker.ok).toBe(true);
    expect(inWorker).toEqual(inline);
    if (inWorker.ok) expect(game.legalActions(task.state, 0)).toContainEqual(inWorker.action);
  });

  /** A registry whose copy of the game counts the decisions made on this thread (a worker has its own). */
  const countingRegistry = (): { registry: ReturnType<typeof createRegistry>; here: () => number } => {
    let here = 0;
    const registry = createRegistry(
      BUILTINS.packages.map((p) =>
        p.game.id !== game.id
          ? p
          : {
              ...p,
              game: {
                ...p.game,
                legalActions: (state: unknown, seat: number) => {
                  here++;
                  return p.game.legalActions(state, seat);
                },
              },
            },
      ),
    );
    return { registry, here: () => here };
  };
  const task = (state: unknown, bot: string, i: number) => ({ game: game.id, bot, seat: 0, state, rngSeed: `s:bot:0:${i}`, owner: 'table-1' });

  it('makes decisions that proved quick on the calling thread, the same as a worker, and slow ones in a worker', async () => {
    const { registry, here } = countingRegistry();
    pool = createWorkerPool(1, {}, [], { registry, maxMs: INLINE_MAX_MS });
    const state = fresh();
    // The first decisions go to the worker, which learns that random ones take far less than INLINE_MAX_MS.
    let i = 0;
    while (here() === 0 && i < 200) {
      const answer = await pool.run(task(state, 'random', i));
      expect(answer).toEqual(await createInlineRunner(BUILTINS).run(task(state, 'random', i)));
      i++;
    }
    expect(here()).toBeGreaterThan(0);
    expect(i).toBeGreaterThan(1);
    // Medium searches for milliseconds, well past INLINE_MAX_MS: every one of them stays on the worker.
    expect(INLINE_MAX_MS).toBeLessThan(1);
    const before = here();
    for (let j = 0; j < 3; j++) expect((await pool.run(task(state, 'medium', j))).ok).toBe(true);
    expect(here()).toBe(before);
  });

  it('makes every decision in a worker at maxMs 0, the server default (DREY_BOT_INLINE_MS: p99 was better so)', async () => {
    const { registry, here } = countingRegistry();
    pool = createWorkerPool(1, {}, [], { registry, maxMs: 0 });
    const state = fresh();
    for (let i = 0; i < 30; i++) expect((await pool.run(task(state, 'random', i))).ok).toBe(true);
    expect(here()).toBe(0);
    const config = readConfig({});
    expect(config.ok && config.value.botInlineMs).toBe(0);
  });

  it('answers with a reason when the game or bot is unknown, and keeps answering', async () => {
    pool = createWorkerPool(2);
    const answers = await Promise.all(
      [1, 2, 3].map(() => pool!.run({ game: 'no-such-game', bot: 'random', seat: 0, state: {}, rngSeed: 's' })),
    );
    for (const a of answers) expect(a).toMatchObject({ ok: false, code: 'unknown-game' });
    const noBot = await pool.run({ game: game.id, bot: 'grandmaster', seat: 0, state: fresh(), rngSeed: 's' });
    expect(noBot).toMatchObject({ ok: false, code: 'unknown-bot' });
  });

  it('refuses work once closed', async () => {
    pool = createWorkerPool(1);
    await pool.close();
    expect(await pool.run({ game: 'x', bot: 'random', seat: 0, state: {}, rngSeed: 's' })).toMatchObject({ ok: false, code: 'pool-closed' });
  });

  it('runs unregistered games on the calling thread', async () => {
    const inline = createInlineRunner(testRegistry());
    expect(await inline.run({ game: 'nope', bot: 'random', seat: 0, state: {}, rngSeed: 's' })).toMatchObject({ ok: false, code: 'unknown-game' });
  });
});
