/** Bots think in worker threads: the pool answers, reports failures, and survives them. */
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, type BotRunner } from '../src/server/bots/pool.js';

let pool: BotRunner | undefined;
afterEach(async () => {
  await pool?.close();
});

describe('the bot worker pool', () => {
  it('answers with a reason when the game or bot is unknown, and keeps answering', async () => {
    pool = createWorkerPool(2);
    const answers = await Promise.all(
      [1, 2, 3].map(() => pool!.run({ game: 'no-such-game', bot: 'random', seat: 0, state: {}, rngSeed: 's' })),
    );
    for (const a of answers) expect(a).toMatchObject({ ok: false, error: 'unknown game no-such-game' });
  });

  it('refuses work once closed', async () => {
    pool = createWorkerPool(1);
    await pool.close();
    expect(await pool.run({ game: 'x', bot: 'random', seat: 0, state: {}, rngSeed: 's' })).toMatchObject({ ok: false });
  });
});
