/**
 * A bot worker thread: answers decision requests one at a time. Building the bot's input here
 * with `botInput` — the same function matches use — is what keeps a worker bot exactly as fair
 * as an in-thread one: the bot gets the view, the legal actions and `determinize`, nothing else.
 */
import { parentPort } from 'node:worker_threads';
import { BUILTINS } from '../games/index.js';
import { findBot } from './index.js';
import { botInput } from './play.js';
import type { FromBotWorker, ToBotWorker } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('bots/worker-entry must run in a worker thread');

port.on('message', ({ id, request }: ToBotWorker) => {
  const reply = (message: FromBotWorker): void => port.postMessage(message);
  const game = BUILTINS.find(request.game);
  if (!game.ok) return reply({ id, ok: false, error: game.error });
  const bot = findBot(game.value, request.bot);
  if (!bot.ok) return reply({ id, ok: false, error: bot.error });
  const rng = request.rng;
  try {
    const started = performance.now();
    const action = bot.value(botInput(game.value.game, request.state, request.seat, rng));
    reply({ id, ok: true, decision: { action, rng, ms: performance.now() - started } });
  } catch (e) {
    reply({ id, ok: false, error: { code: 'bot-failed', message: `the ${request.bot} bot failed: ${(e as Error).message}` } });
  }
});
