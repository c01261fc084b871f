/**
 * One bot decision, as a worker (or the server itself, in tests) runs it: the bot gets the seat's
 * view, legal actions and a determinizer through botInput, never the state itself.
 */
import { botInput, findBot } from '../../bots/index.js';
import { createRng } from '../../engine/rng.js';
import type { Registry } from '../../games/index.js';
import type { BotAnswer, BotTask } from './task.js';

export function decide(registry: Registry, task: BotTask): BotAnswer {
  const pkg = registry.get(task.game);
  if (!pkg) return { id: task.id, ok: false, error: `unknown game ${task.game}` };
  const game = pkg.game;
  const bot = findBot(pkg, task.bot);
  if (!bot.ok) return { id: task.id, ok: false, error: bot.error.message };
  try {
    const action = bot.value(botInput(game, task.state, task.seat, createRng(task.rngSeed)));
    return { id: task.id, ok: true, action };
  } catch (e) {
    return { id: task.id, ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
