/**
 * The pace of a table of easy bots alone and beside tables of hard bots, on one server's worker
 * pool (issue 24, item 3): the fair-share check of bot scheduling. Shared by the CI test
 * (test/server-bot-fairness.test.ts, short) and the campaign (bench/bot-fairness.ts, `npm run
 * bench:bots`).
 *
 * One run, one worker pool, two windows: a light table (three easy bots) plays alone for
 * `seconds`; then `heavyTables` tables of eight `hard` Acorns bots start, warm up, and the light
 * table plays the same games again (the same seeds) for `seconds` beside them. The pace is the
 * moves the light table committed in each window. A table that finishes is followed by a new one
 * (the light ones by the next seed), so the load never drops.
 */
import { BUILTINS } from '../src/games/index.js';
import { createWorkerPool, type BotRunner } from '../src/server/bots/pool.js';
import { TableService } from '../src/server/service.js';
import { openSqliteStore } from '../src/server/storage/sqlite.js';
import type { CreateTableRequest } from '../src/server/protocol.js';

export interface PaceOptions {
  /** Tables of eight hard Acorns bots started for the second window. */
  heavyTables: number;
  /** Length of each measured window. */
  seconds: number;
  /** The server's bot delay (its default is 700 ms). */
  delayMs: number;
  /** Worker threads of the bot pool (the server's default is 2). */
  workers: number;
  /** Lobby listings per second during the second window (what a few people browsing the lobby ask). */
  lobbyPerSecond?: number;
  /** The runner to use instead of the default pool (a pool built with other options). */
  runner?: BotRunner;
}

export interface Pace {
  /** Moves of the light table in the first window (alone). */
  alone: number;
  /** Moves of the light table in the second window (beside the heavy tables). */
  beside: number;
  /** Moves the heavy tables made in the second window, all together. */
  heavy: number;
  /** `beside / alone`. */
  ratio: number;
}

const LIGHT: CreateTableRequest = {
  game: 'autumn-leaves',
  seats: [{ kind: 'bot', bot: 'easy' }, { kind: 'bot', bot: 'easy' }, { kind: 'bot', bot: 'easy' }],
};
const HEAVY: CreateTableRequest = { game: 'acorns', seats: Array.from({ length: 8 }, () => ({ kind: 'bot' as const, bot: 'hard' })) };

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Tables of one kind kept playing: a finished one is replaced; `moves()` counts every committed action. */
class Tables {
  private readonly ids: string[] = [];
  /** Moves of tables that finished and were replaced. */
  private done = 0;
  private created = 0;

  /** `seed`: the tables' seeds are `seed-0`, `seed-1`, … (the same games in every window); absent: random. */
  constructor(
    private readonly service: TableService,
    private readonly req: CreateTableRequest,
    private readonly seed?: string,
  ) {}

  private async create(): Promise<string> {
    const seed = this.seed === undefined ? {} : { seed: `${this.seed}-${this.created++}` };
    const r = await this.service.create({ ...this.req, ...seed });
    if (!r.ok) throw new Error(`cannot create a ${this.req.game} table: ${r.error.message}`);
    return r.value.table.id;
  }

  async open(n: number): Promise<void> {
    for (let i = 0; i < n; i++) this.ids.push(await this.create());
  }

  /** Committed actions of every table so far; replaces finished tables. */
  async moves(): Promise<number> {
    let live = 0;
    for (let i = 0; i < this.ids.length; i++) {
      const s = await this.service.summary(this.ids[i] ?? '');
      const seq = s?.seq ?? 0;
      if (s && s.status !== 'running') {
        this.done += seq;
        this.ids[i] = await this.create();
      } else live += seq;
    }
    return this.done + live;
  }
}

/** Keeps `tables` playing (finished ones replaced) for `ms`. */
async function play(tables: Tables[], ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await sleep(Math.min(200, Math.max(0, until - Date.now())));
    for (const t of tables) await t.moves();
  }
}

/** Plays until `tables` have made `moves` moves, at least `minMs` and at most `maxMs`. */
async function warm(tables: Tables, moves: number, minMs: number, maxMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < maxMs && (Date.now() - started < minMs || (await tables.moves()) < moves)) await play([tables], 100);
}

/**
 * One window on a service of its own (the pool is shared, as on a server): `heavyTables` start
 * and warm up, then a light table (always the same games, seeded) plays `seconds`; its moves.
 */
async function window(bots: BotRunner, o: PaceOptions, heavyTables: number): Promise<{ light: number; heavy: number }> {
  const store = openSqliteStore(':memory:');
  const service = new TableService({ store, registry: BUILTINS, bots, botDelayMs: o.delayMs, warn: () => {} });
  let lobby: NodeJS.Timeout | undefined;
  try {
    const heavy = new Tables(service, HEAVY);
    await heavy.open(heavyTables);
    if (heavyTables > 0) {
      if (o.lobbyPerSecond) lobby = setInterval(() => void service.list({ limit: 50 }), 1000 / o.lobbyPerSecond);
      // Warm-up: the heavy tables' decisions are under way and their cost is known.
      await warm(heavy, 1, 2_000, 15_000);
    }
    const h0 = await heavy.moves();
    const light = new Tables(service, LIGHT, 'light');
    await light.open(1);
    await play([light, heavy], o.seconds * 1000);
    return { light: await light.moves(), heavy: (await heavy.moves()) - h0 };
  } finally {
    if (lobby) clearInterval(lobby);
    await service.close();
    await store.close();
  }
}

export async function botPace(o: PaceOptions): Promise<Pace> {
  const bots = o.runner ?? createWorkerPool(o.workers, { timeLimitMs: 5_000, memoryLimitMb: 256 });
  try {
    // The first decisions start the workers: a table of easy bots plays a few moves, not measured.
    {
      const store = openSqliteStore(':memory:');
      const service = new TableService({ store, registry: BUILTINS, bots, botDelayMs: o.delayMs, warn: () => {} });
      const t = new Tables(service, LIGHT);
      await t.open(1);
      await warm(t, 3, 500);
      await service.close();
      await store.close();
    }
    const alone = await window(bots, o, 0);
    const beside = await window(bots, o, o.heavyTables);
    return { alone: alone.light, beside: beside.light, heavy: beside.heavy, ratio: alone.light === 0 ? 0 : beside.light / alone.light };
  } finally {
    if (!o.runner) await bots.close();
  }
}
