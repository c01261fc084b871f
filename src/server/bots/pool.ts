/**
 * The server's bot seats think on the worker pool (src/workers), so a slow bot (ISMCTS at a high
 * level) never stalls the event loop that serves every other table. The table id is the task's
 * owner: tables share the workers by the time their decisions take (src/workers/pool.ts), so
 * tables of slow bots cannot slow a table of quick ones much, and one worker beyond the pool's size
 * is kept for quick decisions only (RESERVED), so an easy bot never waits for a hard one to end.
 * Replays of finished matches are built there too (replays.ts), and tables' narrated histories
 * (narration-history.ts).
 */
import type { ActionBase, Seat } from '../../engine/game.js';
import type { GameError, Result } from '../../engine/result.js';
import type { Registry } from '../../games/index.js';
import type { VariantFiles } from '../../games/variants.js';
import { createRng } from '../../engine/rng.js';
import { contentMismatch, decide, type BotTasks, type Decision, type DecideRequest } from '../../workers/decide.js';
import { WorkerPool } from '../../workers/pool.js';
import { tellRecord, type NarrationBuilder, type NarrationTasks } from '../narration-history.js';
import { replayFramesJson, type FramesBuilder, type ReplayTasks } from '../replays.js';

/** What the server asks of a bot. Plain data: it crosses threads. */
export interface BotTask {
  game: string;
  bot: string;
  seat: Seat;
  /** The full state: bots see only their view, but `determinize` (resample) needs the state. */
  state: unknown;
  /** The bot's generator is seeded from this, so a table's bots are reproducible. */
  rngSeed: string;
  /** Whose task it is (the table id): owners take turns for the workers. */
  owner?: string;
  /** The content hash of the game the table plays: a runner with other content refuses (decide.ts). */
  content?: string;
}

/** A failure has a code (`timeout`, `out-of-memory`, `worker-crashed`, `unknown-bot`, …) and a message. */
export type BotAnswer = { ok: true; action: ActionBase } | { ok: false; code: string; error: string };

export interface BotRunner {
  run(task: BotTask): Promise<BotAnswer>;
  /** Builds a finished match's replay frames off the event loop (absent: the service builds them itself). */
  replay?: FramesBuilder;
  /** Tells a table's narrated history off the event loop (absent: the service tells it itself). */
  narration?: NarrationBuilder;
  close(): Promise<void>;
}

export interface BotLimits {
  /** A decision taking longer fails with `timeout` (its worker is replaced). */
  timeLimitMs?: number;
  /** Each worker's heap limit; a decision that blows it fails with `out-of-memory`. */
  memoryLimitMb?: number;
}

/**
 * The worker kept beside the pool's `size` for quick tasks: decisions of a game and level that have
 * taken at most 50 ms (easy bots take a few ms, hard ones hundreds) and quick histories.
 */
export const RESERVED = { workers: 1, maxCostMs: 50 };

const request = ({ game, bot, seat, state, rngSeed, content }: BotTask): DecideRequest => ({
  game,
  bot,
  seat,
  state,
  rng: createRng(rngSeed),
  ...(content === undefined ? {} : { content }),
});

const answer = (r: Result<Decision, GameError>): BotAnswer =>
  r.ok ? { ok: true, action: r.value.action } : { ok: false, code: r.error.code, error: r.error.message };

/**
 * A decision whose game and level have typically taken at most this long (ms, in a worker or here)
 * is made on the calling thread. Posting one to a worker costs the event loop more than that: the
 * state's structured clone, the worker's wake-up and the answer's message came to 0.05–0.1 ms of
 * the main thread and as much again on the others, and easy Autumn Leaves decisions take 0.04 ms
 * (issue 24's human-pace profile, docs/deploy.md). A decision this quick cannot stall the tables;
 * any slower level (medium, hard: milliseconds to seconds) stays on the workers with their time
 * and memory limits, and a level whose decisions grow slower goes back to them.
 *
 * The setting docs/deploy.md suggests for `DREY_BOT_INLINE_MS`. The server's default is 0 (off):
 * inline decisions save CPU in all, but on two cores its p99 was worse, since the main thread is
 * the bottleneck and the decisions no longer run beside it (docs/deploy.md, quiet-machine runs).
 */
export const INLINE_MAX_MS = 0.25;

/**
 * Bots on `size` worker threads. `variants` are the content variants the server plays (`drey
 * serve --content`): every worker starts with their files and builds each once (entry.ts), so a
 * decision sends only the content hash, never the files. With `inline` (the registry the tables
 * play, variants included), decisions typically quicker than `inline.maxMs` (0: none) are made on
 * this thread instead; the first decisions of each game and level always go to a worker, which
 * learns their time.
 */
export function createWorkerPool(
  size: number,
  limits: BotLimits = {},
  variants: readonly VariantFiles[] = [],
  inline?: { registry: Registry; maxMs: number },
): BotRunner {
  const pool = new WorkerPool<BotTasks & ReplayTasks & NarrationTasks>({
    size: Math.max(1, size),
    reserved: RESERVED,
    ...limits,
    ...(variants.length > 0 ? { workerData: variants } : {}),
  });
  return {
    run: async (task) => {
      // A game and a level cost about the same from one decision to the next.
      const costKey = `decide:${task.game}:${task.bot}`;
      if (inline !== undefined && inline.maxMs > 0 && (pool.typicalMs(costKey) ?? Infinity) <= inline.maxMs) {
        const decided = decide(request(task), inline.registry);
        if (decided.ok) pool.learn(costKey, decided.value.ms);
        return answer(decided);
      }
      return answer(await pool.run('decide', request(task), task.owner === undefined ? { costKey } : { owner: task.owner, costKey }));
    },
    // Replays share one owner: however many are asked for, they take one turn among the tables.
    replay: (task) => pool.run('replay', task, { owner: 'replays' }),
    // Histories take turns with the tables too (one owner for all of them).
    narration: (task) => pool.run('narration', task, { owner: 'narration' }),
    close: () => pool.close(),
  };
}

/** Runs bots on the calling thread: for tests with games that are not built in. */
export function createInlineRunner(registry: Registry): BotRunner {
  return {
    run: async (task) => answer(decide(request(task), registry)),
    replay: async (task) => {
      const pkg = registry.find(task.game);
      if (!pkg.ok) return pkg;
      return contentMismatch(pkg.value, task.content) ?? replayFramesJson(pkg.value, task);
    },
    narration: async (task) => {
      const pkg = registry.find(task.game);
      if (!pkg.ok) return pkg;
      const { narrator } = pkg.value;
      return narrator ? tellRecord(pkg.value.game, narrator, task) : { ok: false, error: { code: 'no-narrator', message: `${task.game} has no narrator` } };
    },
    close: async () => {},
  };
}
