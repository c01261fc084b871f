/**
 * One bot decision, the task the server's bot seats hand to the pool. Building the bot's input
 * with `botInput` — the same function matches use — is what keeps a worker bot exactly as fair as
 * an in-thread one: the bot gets the view, the legal actions and `determinize`, nothing else.
 * Given the same generator a worker decides exactly as the main thread would and hands the
 * advanced generator back, so matches stay reproducible.
 */
import { botInput, findBot } from '../bots/index.js';
import type { ActionBase, Seat } from '../engine/game.js';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import type { Rng } from '../engine/rng.js';
import { BUILTINS, type Registry } from '../games/index.js';
import type { AnyGamePackage } from '../games/package.js';

/**
 * One decision to make. `state` is the real game state: it is used only to build the bot's input
 * exactly as a match does (the seat's view, its legal actions, and a determinizer that calls the
 * game's `resample`); the bot itself never receives it.
 */
export interface DecideRequest {
  game: string;
  /** A registered bot name, as `--bots` takes it (`hard`, `ismcts:2000`). */
  bot: string;
  seat: Seat;
  state: unknown;
  /** The bot's generator; the decision carries it advanced, as an in-thread bot would leave it. */
  rng: Rng;
  /**
   * The content hash the game must be built from (a server playing a variant, `drey serve
   * --content`): a thread whose game has other content refuses rather than decide for other rules.
   */
  content?: string;
}

export interface Decision {
  action: ActionBase;
  rng: Rng;
  /** Thinking time, in milliseconds. */
  ms: number;
}

/** The pool's task kind for decisions. */
export type BotTasks = { decide: { input: DecideRequest; output: Decision } };

/** An error when `pkg` is not built from the content `hash` names (undefined: any content will do). */
export function contentMismatch(pkg: AnyGamePackage, hash: string | undefined): Result<never, GameError> | undefined {
  if (hash === undefined || hash === pkg.content.hash) return undefined;
  return err({
    code: 'unknown-content',
    message: `this thread plays ${pkg.game.title} content ${pkg.content.hash.slice(0, 12)}, not ${hash.slice(0, 12)}`,
  });
}

/** Makes one decision on this thread; `registry` finds the game (the built-in games by default). */
export function decide(request: DecideRequest, registry: Registry = BUILTINS): Result<Decision, GameError> {
  const pkg = registry.find(request.game);
  if (!pkg.ok) return pkg;
  const mismatch = contentMismatch(pkg.value, request.content);
  if (mismatch) return mismatch;
  const bot = findBot(pkg.value, request.bot);
  if (!bot.ok) return bot;
  const rng = request.rng;
  try {
    const started = performance.now();
    const action = bot.value(botInput(pkg.value.game, request.state, request.seat, rng));
    return ok({ action, rng, ms: performance.now() - started });
  } catch (e) {
    return err({ code: 'bot-failed', message: `the ${request.bot} bot failed: ${e instanceof Error ? e.message : String(e)}` });
  }
}
