/**
 * The table service: what routes and the realtime layer call. It knows nothing of HTTP or
 * sockets and takes typed input (the routes parse requests with the schemas of protocol.ts).
 * Table operations are declared records (table-ops.ts); the service only routes one to where the
 * table is played (the cache here, or the process holding its lease, forwarding) and runs its
 * record there with the table's context. It ties together the concerns that live in their own files:
 *
 * - table-cache.ts: tables in memory, loaded from the event log, let go when finished;
 * - seating.ts: creating tables and claiming seats;
 * - commits.ts: playing an action (prepare → append to the log → commit → announce);
 * - bot-seats.ts: bots acting for their seats;
 * - replays.ts: finished matches step by step;
 * - narration-history.ts: the narrated lines each viewer has been told, sent with updates and snapshots.
 *
 * Every change of a table runs in that table's queue, one at a time, and listeners hear of it
 * only once it is durable.
 */
import type { AnyGame, Seat, Viewer } from '../engine/game.js';
import { listBots } from '../bots/index.js';
import type { Registry } from '../games/index.js';
import { Absence } from './absence.js';
import { isLiveBot } from './bot-levels.js';
import { BotSeats } from './bot-seats.js';
import type { BotRunner } from './bots/pool.js';
import { realClock, settingsOf, type Clock } from './clocks.js';
import { commitAction, type CommitContext } from './commits.js';
import { tokenDigest, tokenDigestMatches } from './ids.js';
import { enqueue, frameFor, summarize, type KeptEntry, type LiveTable } from './live-table.js';
import type { TableContext } from './table-op.js';
import type {
  CreateTableRequest,
  CreateTableResponse,
  GameContentResponse,
  GameInfo,
  SnapshotMessage,
  TableStatus,
  TableSummary,
} from './protocol.js';
import { NarrationHistories, tellRecord } from './narration-history.js';
import { ReplayCache, replayFramesJson } from './replays.js';
import { fail, messageOf, type ServiceResult } from './result.js';
import { createTable, type SeatingContext } from './seating.js';
import type { Store, StoredTable } from './storage/types.js';
import { contentInfoOf, contentRefusal } from './table-content.js';
import { FORWARD_TIMEOUT_MS, type ForwardAnswer, type Forwarder } from './cluster.js';
import { Ownership } from './ownership.js';
import { recordOf, type OpOf, type OpResult, type TableOp } from './table-ops.js';
import { TableCache } from './table-cache.js';
import { TableChat } from './chat.js';
import { rematchOf, type RematchLink } from './rematch.js';

/** A committed change of a table: new log lines (none when only seats or presence changed). */
export interface TableChange {
  table: LiveTable;
  entries: KeptEntry[];
}

/** How long presence changes gather before watchers hear of them. */
export const PRESENCE_COALESCE_MS = 250;

/** Which human seats are connected, as a short key. */
const presenceKey = (table: LiveTable): string =>
  table.stored.seats.map((_, seat) => ((table.presence.get(seat) ?? 0) > 0 ? '1' : '0')).join('');

/**
 * A running table is abandoned when nobody has it open (no seat's page connected to this process)
 * and nothing has been played since `idleCutoff`: a practice table whose player left, its bots
 * waiting for them, would otherwise stay in "Playing now" for ever. It is only left out of the
 * lobby's list (its link, "My tables" and the player's return all still work); a turn-based table,
 * where days between moves are normal, is never abandoned. docs/protocol.md states the rule.
 */
function abandoned(row: StoredTable, live: LiveTable | undefined, idleCutoff: number): boolean {
  if (row.status !== 'running' || settingsOf(row).time === 'turn-based') return false;
  const someoneHere = live !== undefined && [...live.presence.values()].some((n) => n > 0);
  return !someoneHere && Date.parse((live?.stored ?? row).updatedAt) < idleCutoff;
}

/** Tables per lobby page. */
export const LOBBY_PAGE = 50;

export interface TableServiceOptions {
  store: Store;
  /** The games tables may play (the built-in ones, or a test's own). */
  registry: Registry;
  bots: BotRunner;
  /** How long a bot waits before acting, so people can follow the game. */
  botDelayMs: number;
  /** How long a finished table stays in memory (it reloads from storage on demand). */
  finishedTtlMs?: number;
  /** An open table nobody has joined or left for this long is deleted (default 30 minutes). */
  openTableTtlMs?: number;
  /** A running table with nobody at it and no move for this long leaves the lobby's list (default 30 minutes). */
  abandonedAfterMs?: number;
  /** Whether a game has a rules page (for the lobby). */
  hasRules?: (gameId: string) => boolean;
  now?: () => Date;
  /** The clock of the table clocks and absence timers (clocks.ts); tests pass a fake one. */
  clock?: Clock;
  /** Overrides every time profile's grace period before a disconnected player is replaced by a bot. */
  absentGraceMs?: number;
  warn?: (message: string) => void;
  /**
   * Several processes (docs/deploy.md): this process's lease owner name and the lease time. A
   * table is played only by the holder of its lease; the others forward to it (`setForwarder`).
   */
  cluster?: { owner: string; leaseTtlMs: number };
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** A forwarded operation's answer, or `timeout` once `ms` have passed (it may still be carried out). */
function forwardWithin(forwarder: Forwarder, owner: string, op: TableOp, ms: number): Promise<ForwardAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<ForwardAnswer>((resolve) => (timer = setTimeout(() => resolve({ kind: 'timeout' }), ms)));
  return Promise.race([forwarder.forward(owner, op), late]).finally(() => clearTimeout(timer));
}

export class TableService {
  private readonly listeners = new Set<(change: TableChange) => void>();
  private readonly cache: TableCache;
  private readonly bots: BotSeats;
  private readonly commits: CommitContext;
  private readonly seating: SeatingContext;
  private readonly absence: Absence;
  private sweeper: NodeJS.Timeout | undefined;
  /** Presence changes waiting to be announced, per table id. */
  private readonly presenceTimers = new Map<string, NodeJS.Timeout>();
  /** Who was connected in the last frame each table's watchers got. */
  private readonly heardPresence = new WeakMap<LiveTable, string>();
  /** Replays of finished matches, built off the event loop and kept a while. */
  readonly replays: ReplayCache;
  /** The narrated log each viewer has been told, per table in memory (narration-history.ts). */
  readonly histories: NarrationHistories;
  /** Table chat (chat.ts). */
  readonly chat: TableChat;
  /** Which tables this process plays (several processes); undefined with one process. */
  readonly ownership: Ownership | undefined;
  private forwarder: Forwarder | undefined;

  constructor(private readonly opts: TableServiceOptions) {
    const { now: nowDate } = opts;
    const clock: Clock = opts.clock ?? (nowDate ? { ...realClock, now: () => nowDate().getTime() } : realClock);
    // Every action stamps its time, and a batch's answers come within the same millisecond: the
    // string is made once per millisecond (formatting a Date was 0.5% of a busy server's thread).
    let lastMs = NaN;
    let lastIso = '';
    const now = (): string => {
      const ms = clock.now();
      if (ms !== lastMs) {
        lastMs = ms;
        lastIso = new Date(ms).toISOString();
      }
      return lastIso;
    };
    this.absence = new Absence({
      store: opts.store,
      clock,
      ...(opts.absentGraceMs === undefined ? {} : { graceMs: opts.absentGraceMs }),
      announce: (table) => this.announce(table, []),
      scheduleBots: (table) => this.bots.schedule(table),
      warn: (m) => this.warn(m),
    });
    this.cache = new TableCache({
      store: opts.store,
      pkg: (id) => opts.registry.get(id),
      refuse: (stored) => this.refusal(stored),
      finishedTtlMs: opts.finishedTtlMs ?? 10 * 60_000,
      warn: (m) => this.warn(m),
      loaded: (table, history) => this.absence.attach(table, history),
    });
    this.commits = {
      store: opts.store,
      now,
      committed: (table, entry) => {
        this.histories.stepCommitted(table, entry);
        this.absence.actionCommitted(table, entry.seat);
        this.announce(table, [entry]);
        this.bots.schedule(table);
        if (table.stored.status === 'finished') {
          this.cache.evictLater(table);
          this.ownership?.release(table.stored.id);
        }
      },
      forget: (table) => this.cache.forget(table),
      ...(opts.cluster ? { owner: opts.cluster.owner } : {}),
      leaseLost: (table) => this.ownership?.lose(table.stored.id),
    };
    this.bots = new BotSeats({
      runner: opts.bots,
      delayMs: opts.botDelayMs,
      play: (table, seat, action) => commitAction(this.commits, table, seat, action),
      warn: (m) => this.warn(m),
      standIn: (table, seat) => this.absence.isStandIn(table, seat),
    });
    this.seating = {
      store: opts.store,
      registry: opts.registry,
      now,
      ...(opts.cluster ? { owner: opts.cluster.owner } : {}),
      leaseLost: (table) => this.ownership?.lose(table.stored.id),
    };
    this.ownership = opts.cluster
      ? new Ownership({
          store: opts.store,
          owner: opts.cluster.owner,
          ttlMs: opts.cluster.leaseTtlMs,
          now: () => opts.now?.() ?? new Date(),
          load: (id) => this.cache.get(id),
          peek: (id) => this.cache.peek(id),
          taken: (table) => this.bots.schedule(table),
          lost: (id) => this.retire(id),
          warn: (m) => this.warn(m),
        })
      : undefined;
    this.chat = new TableChat({ store: opts.store, now });
    this.replays = new ReplayCache({
      build:
        opts.bots.replay ??
        (async (task) => {
          const pkg = opts.registry.get(task.game);
          return pkg ? replayFramesJson(pkg, task) : { ok: false, error: { code: 'unknown-game', message: `unknown game ${task.game}` } };
        }),
    });
    const narratorOf = (id: string) => opts.registry.get(id)?.narrator;
    this.histories = new NarrationHistories({
      narrator: narratorOf,
      build:
        opts.bots.narration ??
        (async (task) => {
          const pkg = opts.registry.get(task.game);
          return pkg?.narrator ? tellRecord(pkg.game, pkg.narrator, task) : { ok: false, error: { code: 'unknown-game', message: `no narrator for ${task.game}` } };
        }),
      warn: (m) => this.warn(m),
    });
  }

  /** Another process plays the table now: let it go from memory and stop its bots. */
  private retire(tableId: string): void {
    const table = this.cache.peek(tableId);
    if (table) {
      table.retired = true;
      this.absence.forget(table); // its clocks run at the new holder
    }
    this.cache.drop(tableId);
  }

  /** How this process reaches the owners of tables it does not play (several processes). */
  setForwarder(forwarder: Forwarder): void {
    this.forwarder = forwarder;
  }

  private warn(message: string): void {
    this.opts.warn?.(message);
  }

  game(id: string): AnyGame | undefined {
    return this.opts.registry.get(id)?.game;
  }

  /** Why this server must not rebuild a stored table: it was played with other content (table-content.ts). */
  private refusal(stored: StoredTable): string | undefined {
    const pkg = this.opts.registry.get(stored.game);
    return pkg ? contentRefusal(stored, pkg) : undefined;
  }

  /**
   * The answer for a table that could not be opened: `unknown-content` with what the server
   * needs when the table was played with other content, else `unknown-table`.
   */
  private async missing(tableId: string): Promise<ServiceResult<never>> {
    const stored = await this.opts.store.getTable(tableId);
    const refused = stored ? this.refusal(stored) : undefined;
    return refused === undefined ? fail('unknown-table', `there is no table ${tableId}`) : fail('unknown-content', refused);
  }

  onChange(listener: (change: TableChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private announce(table: LiveTable, entries: KeptEntry[]): void {
    this.heardPresence.set(table, presenceKey(table));
    for (const l of this.listeners) {
      try {
        l({ table, entries });
      } catch (e) {
        this.warn(`a table listener failed: ${messageOf(e)}`);
      }
    }
  }

  /**
   * Loads the running tables that have bots and sets their bots going again. Every other table
   * loads when someone asks for it; open tables nobody joins are deleted after a while.
   */
  async start(): Promise<void> {
    // Several processes: the tables whose owner is gone are taken over by the sweep, lease by lease.
    if (this.ownership) this.ownership.start();
    const rows = this.ownership ? [] : await this.opts.store.listTables({ statuses: ['running'] });
    for (const row of rows) {
      // Tables with bots play on; tables with a clock keep their clocks running (absence.ts).
      if (!row.seats.some((s) => s.kind === 'bot') && settingsOf(row).time === 'none') continue;
      const table = await this.getTable(row.id);
      if (table) this.bots.schedule(table);
    }
    const ttl = this.opts.openTableTtlMs ?? 30 * 60_000;
    this.sweeper = setInterval(() => {
      this.expireOpenTables().catch((e: unknown) => this.warn(`expiring open tables failed: ${messageOf(e)}`));
    }, Math.min(60_000, Math.max(1_000, ttl / 4)));
    this.sweeper.unref();
  }

  /** Deletes open tables that nobody has joined or left for `openTableTtlMs`; how many. */
  async expireOpenTables(): Promise<number> {
    const ttl = this.opts.openTableTtlMs ?? 30 * 60_000;
    const cutoff = new Date((this.opts.now?.() ?? new Date()).getTime() - ttl).toISOString();
    let expired = 0;
    for (;;) {
      const ids = await this.opts.store.deleteOpenTables(cutoff, 500);
      for (const id of ids) {
        this.cache.drop(id);
        this.ownership?.lose(id);
      }
      expired += ids.length;
      if (ids.length < 500) return expired;
    }
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    for (const t of this.presenceTimers.values()) clearTimeout(t);
    this.presenceTimers.clear();
    this.absence.close();
    this.bots.close();
    await this.cache.close();
    // Letting the leases go hands the tables to the other processes at once.
    await this.ownership?.close();
  }

  games(): GameInfo[] {
    return this.opts.registry.packages.map((pkg) => ({
      id: pkg.game.id,
      title: pkg.game.title,
      blurb: pkg.meta.blurb,
      seats: { ...pkg.game.seats },
      options: [...pkg.meta.options],
      // Live tables offer only the named levels (bot-levels.ts), not every bot of the registry.
      bots: listBots(pkg).filter((b) => isLiveBot(b.name)).map((b) => ({ name: b.name, description: b.description })),
      hasRules: this.opts.hasRules?.(pkg.game.id) ?? false,
      content: contentInfoOf(pkg),
    }));
  }

  /** The content files a game is played with here (GET /api/games/:game/content), or undefined for an unknown game. */
  gameContent(id: string): GameContentResponse | undefined {
    const pkg = this.opts.registry.get(id);
    return pkg ? { game: id, ...contentInfoOf(pkg), files: { ...pkg.content.data } } : undefined;
  }

  // ------------------------------------------------------------------ creating and joining

  async create(req: CreateTableRequest): Promise<ServiceResult<CreateTableResponse>> {
    const created = await createTable(this.seating, req);
    if (!created.ok) return created;
    await this.adopt(created.value.table);
    return { ok: true, value: created.value.response };
  }

  /** A table made here (created, or a rematch): this process plays it, its clocks and bots start. */
  private async adopt(table: LiveTable): Promise<void> {
    // Several processes: the creator plays the new table (nobody else has asked for it yet).
    if (this.ownership && !(await this.ownership.claimNew(table.stored.id))) return;
    await this.absence.attach(table);
    this.cache.add(table);
    this.bots.schedule(table);
  }

  /** The seat a token opens at this table, or null. */
  seatOf(table: LiveTable, token: string): Seat | null {
    // The token is hashed once, not once per seat (every act asks).
    const digest = tokenDigest(token);
    const i = table.stored.seats.findIndex((s) => s.kind === 'human' && s.tokenHash !== null && tokenDigestMatches(digest, s.tokenHash));
    return i >= 0 ? i : null;
  }

  // ------------------------------------------------------------------ reading

  /** How many tables are in memory now. */
  tablesInMemory(): number {
    return this.cache.size;
  }

  /**
   * The live table, loading (and replaying) it from storage if needed. With several processes:
   * only a table this process plays (or a finished one); undefined when another process plays it.
   */
  async getTable(tableId: string): Promise<LiveTable | undefined> {
    if (!this.ownership) return this.cache.get(tableId);
    const placed = await this.ownership.place(tableId);
    return placed.kind === 'here' ? placed.table : undefined;
  }

  async summary(tableId: string): Promise<TableSummary | undefined> {
    const answer = await this.perform<'summary'>({ op: 'summary', tableId });
    return answer.ok ? answer.value : undefined;
  }

  // ------------------------------------------------------------------ where a table is played

  /**
   * Carries out an operation on a table where the table is played: here, or (several processes)
   * at the process holding its lease, through the forwarder. When that process is gone, waits for
   * its lease to run out and takes the table over; a lease lost under a change (nothing was saved)
   * sends the operation on to the new holder.
   */
  async perform<K extends TableOp['op']>(op: OpOf<K>): Promise<OpResult<K>> {
    // The record of `op.op` answers that operation's result (table-ops.ts).
    return (await this.route(op as TableOp)) as OpResult<K>;
  }

  /** `perform` for an operation built from a record's spec (realtime.ts, http.ts). */
  performOp(op: TableOp): Promise<ServiceResult<unknown>> {
    return this.route(op);
  }

  private async route(op: TableOp): Promise<ServiceResult<unknown>> {
    const { ownership, forwarder } = this;
    if (!ownership) {
      const table = await this.cache.get(op.tableId);
      return table ? this.runHere(table, op) : this.missing(op.tableId);
    }
    // Every operation is answered within the forwarding timeout (docs/deploy.md), even while a dead
    // holder's lease runs out: past it the client hears `table-unavailable` and tries again (issue 24).
    const deadline = Date.now() + FORWARD_TIMEOUT_MS;
    for (;;) {
      const placed = await ownership.place(op.tableId);
      if (placed.kind === 'none') return this.missing(op.tableId);
      if (placed.kind === 'here') {
        const answer = await this.runHere(placed.table, op);
        const lost = !answer.ok && placed.table.retired === true;
        if (lost && Date.now() < deadline) continue;
        return answer;
      }
      const left = deadline - Date.now();
      const forwarded = forwarder && left > 0 ? await forwardWithin(forwarder, placed.owner, op, left) : { kind: 'unreachable' as const };
      if (forwarded.kind === 'answer') return forwarded.result;
      // Its holder moved on or is gone: ask again soon, or once a dead holder's lease has run out.
      const leaseLeft = new Date(placed.until).getTime() - Date.now();
      const wait = forwarded.kind === 'unreachable' ? Math.min(1_000, Math.max(50, leaseLeft + 10)) : 50;
      if (forwarded.kind === 'timeout' || Date.now() + wait >= deadline) {
        return fail('table-unavailable', 'the server playing this table did not answer; try again in a few seconds');
      }
      await sleep(wait);
    }
  }

  /** An operation forwarded by another process: carried out if this process plays the table. */
  async handleForwarded(op: TableOp): Promise<ServiceResult<unknown> | 'not-owner'> {
    if (!this.ownership) return 'not-owner';
    const placed = await this.ownership.place(op.tableId);
    if (placed.kind === 'none') return fail('unknown-table', `there is no table ${op.tableId}`);
    return placed.kind === 'here' ? this.runHere(placed.table, op) : 'not-owner';
  }

  /** Runs an operation's record (table-ops.ts) with this table's context. */
  private runHere(table: LiveTable, op: TableOp): Promise<ServiceResult<unknown>> {
    const record = recordOf(op.op);
    if (!record) return Promise.resolve(fail('bad-request', `there is no table operation '${op.op}'`));
    return record.run(this.contextOf(table), op);
  }

  /** What an operation's handler may use at `table` (table-op.ts `TableContext`). */
  private contextOf(table: LiveTable): TableContext {
    return {
      table,
      seatOf: (token) => this.seatOf(table, token),
      queued: (work) => enqueue(table, work),
      announce: () => this.announce(table, []),
      scheduleBots: () => this.bots.schedule(table),
      presence: (seat, delta) => this.presence(table, seat, delta),
      snapshot: (viewer) => this.snapshot(table, viewer),
      perform: (op) => this.route(op as TableOp),
      adopt: (fresh) => this.adopt(fresh),
      now: this.seating.now,
      store: this.opts.store,
      commits: this.commits,
      seating: this.seating,
      absence: this.absence,
      chat: this.chat,
      histories: this.histories,
    };
  }

  /**
   * Tables for the lobby, most recently updated first. With a status: one page of that status
   * (`limit`, after the table `before`). Without: the first page of each (open, running, finished).
   */
  async list(page: { status?: TableStatus; limit?: number; before?: string } = {}): Promise<TableSummary[]> {
    const limit = page.limit ?? LOBBY_PAGE;
    const { store } = this.opts;
    const rows = page.status
      ? await store.listTables({ statuses: [page.status], limit, ...(page.before === undefined ? {} : { before: page.before }) })
      : [
          ...(await store.listTables({ statuses: ['open'], limit })),
          ...(await store.listTables({ statuses: ['running'], limit })),
          ...(await store.listTables({ statuses: ['finished'], limit: Math.min(limit, 30) })),
        ];
    const out: TableSummary[] = [];
    const now = this.opts.clock?.now() ?? this.opts.now?.().getTime() ?? Date.now();
    const idleCutoff = now - (this.opts.abandonedAfterMs ?? 30 * 60_000);
    for (const row of rows) {
      const live = this.cache.peek(row.id);
      if (abandoned(row, live, idleCutoff)) continue;
      if (live) {
        out.push(summarize(live));
        continue;
      }
      const game = this.game(row.game);
      if (!game) continue;
      out.push(summarize({ stored: row, game, presence: new Map() }));
    }
    return out;
  }

  /** Everything `viewer` needs to draw the table now, with the lines told to it so far when they are ready. */
  snapshot(table: LiveTable, viewer: Viewer): SnapshotMessage {
    const narration = this.histories.current(table, viewer);
    return { ...frameFor(table, viewer), ...(narration ? { narration } : {}) };
  }

  /** Every step of a finished match as `viewer` saw it, for the replay viewer: a `ReplayResponse` as JSON text. */
  async replay(tableId: string, viewer: Viewer): Promise<ServiceResult<string>> {
    const table = await this.getTable(tableId);
    // Several processes: a table played elsewhere is not finished.
    if (!table && this.ownership && (await this.opts.store.getTable(tableId))) return fail('not-finished', 'the game is not over yet');
    if (!table) return this.missing(tableId);
    return this.replays.replay(table, viewer);
  }

  // ------------------------------------------------------------------ playing

  /** Plays an action for the holder of `token` (table-ops.ts `act`); `chosenAt`: the `seq` of the frame it was chosen in. */
  act(tableId: string, token: string, action: unknown, chosenAt?: number): Promise<ServiceResult<{ seq: number }>> {
    return this.perform<'act'>({ op: 'act', tableId, token, action, ...(chosenAt === undefined ? {} : { chosenAt }) });
  }

  /** The rematch someone started of this table, if any. */
  rematchOf(tableId: string): Promise<RematchLink | null> {
    return rematchOf(this.opts.store, tableId);
  }

  /**
   * Marks a human seat as connected (+1) or gone (−1). Watchers hear of it at most once per
   * `PRESENCE_COALESCE_MS` per table, and only if who is connected differs from what they last
   * heard: someone spamming watch/leave cannot make the server push a frame per message.
   */
  presence(table: LiveTable, seat: Seat, delta: 1 | -1): void {
    table.presence.set(seat, Math.max(0, (table.presence.get(seat) ?? 0) + delta));
    this.absence.presenceChanged(table, seat, delta > 0);
    const id = table.stored.id;
    if (this.presenceTimers.has(id)) return;
    const timer = setTimeout(() => {
      this.presenceTimers.delete(id);
      if (presenceKey(table) !== this.heardPresence.get(table)) this.announce(table, []);
    }, PRESENCE_COALESCE_MS);
    timer.unref();
    this.presenceTimers.set(id, timer);
  }
}
