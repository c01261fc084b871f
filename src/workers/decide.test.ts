import { afterAll, describe, expect, it } from 'vitest';
import { findBot } from '../bots/index.js';
import { botInput } from '../bots/play.js';
import { actionKey, createMatch, createRng, play, type Rng } from '../engine/index.js';
import { getGame } from '../games/index.js';
import type { BotTasks, DecideRequest } from './decide.js';
import { WorkerPool } from './pool.js';

const game = getGame('autumn-leaves')!;
const pool = new WorkerPool<BotTasks>({ size: 2 });
const decideInWorker = (request: DecideRequest) => pool.run('decide', request);

/** A four-seat game a few rounds in, with the seat to act. */
function midGame(seed: string): { state: unknown; seat: number } {
  const created = createMatch(game, { seats: 4, seed });
  if (!created.ok) throw new Error(created.error.message);
  const match = created.value;
  const walk = createRng(`walk:${seed}`);
  const heuristic = findBot(game.id, 'heuristic');
  if (!heuristic.ok) throw new Error(heuristic.error.message);
  for (let i = 0; i < 14; i++) {
    const seat = game.toAct(match.state)[0]!;
    expect(play(match, seat, heuristic.value(botInput(game, match.state, seat, walk))).ok).toBe(true);
  }
  return { state: match.state, seat: game.toAct(match.state)[0]! };
}

afterAll(async () => {
  await pool.close();
});

describe('bot decisions in worker threads', () => {
  it('decide exactly as in the main thread and hand back the advanced generator', async () => {
    const { state, seat } = midGame('w1');
    const bot = findBot(game.id, 'ismcts:200');
    if (!bot.ok) throw new Error(bot.error.message);
    const local: Rng = createRng('bot');
    const expected = bot.value(botInput(game, state, seat, local));
    const reply = await decideInWorker({ game: game.id, bot: 'ismcts:200', seat, state, rng: createRng('bot') });
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.value.action).toEqual(expected);
    expect(reply.value.rng).toEqual(local);
  });

  it('are as fair as in the main thread: a re-dealt twin state gets the same decision', async () => {
    const { state, seat } = midGame('w2');
    const twin = game.resample(state, seat, createRng('twin'));
    const [a, b] = await Promise.all([
      decideInWorker({ game: game.id, bot: 'medium', seat, state, rng: createRng('same') }),
      decideInWorker({ game: game.id, bot: 'medium', seat, state: twin, rng: createRng('same') }),
    ]);
    if (!a.ok || !b.ok) throw new Error('a worker failed');
    expect(actionKey(b.value.action)).toBe(actionKey(a.value.action));
  });

  it('answer an unknown bot or game with an error value', async () => {
    const { state, seat } = midGame('w3');
    const noBot = await decideInWorker({ game: game.id, bot: 'grandmaster', seat, state, rng: createRng('x') });
    expect(noBot.ok).toBe(false);
    if (!noBot.ok) expect(noBot.error.code).toBe('unknown-bot');
    const noGame = await decideInWorker({ game: 'chess', bot: 'random', seat, state, rng: createRng('x') });
    expect(noGame.ok).toBe(false);
    if (!noGame.ok) expect(noGame.error.code).toBe('unknown-game');
  });
});
