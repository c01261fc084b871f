/**
 * The table service: creating tables, claiming seats, playing actions, running bots and
 * resuming after a restart. It knows nothing of HTTP or sockets; routes and the realtime layer
 * call it and listen to its changes.
 *
 * Every action follows one path: check with the engine → commit to the event log → apply to the
 * live state → announce the change (listeners broadcast). Nothing is announced before it is
 * committed, and a refused action changes nothing.
 */
import type { ActionBase, AnyGame, Seat, Viewer } from '../engine/game.js';
import { checkAction, createMatch, play, type Match } from '../engine/match.js';
import { findBot, listBots } from '../bots/index.js';
import type { Registry } from '../games/index.js';
import type { BotRunner } from './bots/pool.js';
import { hashToken, newSeatToken, newSeed, newTableId, tokenMatches } from './ids.js';
import { entryFor, frameFor, publicSeats, summarize, type KeptEntry, type LiveTable } from './live-table.js';
import {
  CreateTableSchema,
  ClaimSeatSchema,
  type ClaimSeatResponse,
  type CreateTableResponse,
  type ErrorCode,
  type GameInfo,
  type ProtocolError,
  type ReplayResponse,
  type TableStatus,
  type TableSummary,
} from './protocol.js';
import type { Store, StoredSeat, StoredTable } from './storage/types.js';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ProtocolError };
const fail = (code: ErrorCode, message: string): { ok: false; error: ProtocolError } => ({
  ok: false,
  error: { code, message },
});

/** A committed change of a table: new log lines (none when only seats or presence changed). */
export interface TableChange {
  table: LiveTable;
  entries: KeptEntry[];
}

export interface TableServiceOptions {
  store: Store;
  /** The games tables may play (the built-in ones, or a test's own). */
  registry: Registry;
  bots: BotRunner;
  /** How long a bot waits before acting, so people can follow the game. */
  botDelayMs: number;
  /** How long a finished table stays in memory (it reloads from storage on demand). */
  finishedTtlMs?: number;
  /** Whether a game has a rules page (for the lobby). */
  hasRules?: (gameId: string) => boolean;
  now?: () => Date;
  warn?: (message: string) => void;
}

const zodMessage = (error: { issues: { path: PropertyKey[]; message: string }[] }): string =>
  error.issues.map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');

export class TableService {
  private readonly live = new Map<string, LiveTable>();
  private readonly loading = new Map<string, Promise<LiveTable | undefined>>();
  private readonly listeners = new Set<(change: TableChange) => void>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly opts: TableServiceOptions) {}

  private now(): string {
    return (this.opts.now?.() ?? new Date()).toISOString();
  }

  private warn(message: string): void {
    this.opts.warn?.(message);
  }

  game(id: string): AnyGame | undefined {
    return this.opts.registry.get(id)?.game;
  }

  onChange(listener: (change: TableChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private announce(table: LiveTable, entries: KeptEntry[]): void {
    for (const l of this.listeners) {
      try {
        l({ table, entries });
      } catch (e) {
        this.warn(`a table listener failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  /** Loads every open and running table from storage, and sets their bots going again. */
  async start(): Promise<void> {
    const rows = await this.opts.store.listTables({ statuses: ['open', 'running'] });
    for (const row of rows) {
      const table = await this.getTable(row.id);
      if (table) this.scheduleBots(table);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.live.values()].map((t) => t.queue));
  }

  games(): GameInfo[] {
    return this.opts.registry.packages.map((pkg) => ({
      id: pkg.game.id,
      title: pkg.game.title,
      blurb: pkg.meta.blurb,
      seats: { ...pkg.game.seats },
      options: [...pkg.meta.options],
      bots: listBots(pkg).map((b) => ({ name: b.name, description: b.description })),
      hasRules: this.opts.hasRules?.(pkg.game.id) ?? false,
    }));
  }

  // ------------------------------------------------------------------ creating and joining

  async create(body: unknown): Promise<Outcome<CreateTableResponse>> {
    const parsed = CreateTableSchema.safeParse(body);
    if (!parsed.success) return fail('bad-request', zodMessage(parsed.error));
    const req = parsed.data;
    const pkg = this.opts.registry.get(req.game);
    if (!pkg) {
      return fail('unknown-game', `unknown game '${req.game}' (games: ${this.opts.registry.games.map((g) => g.id).join(', ')})`);
    }
    const game = pkg.game;
    for (const s of req.seats) {
      if (s.kind === 'bot' && !findBot(pkg, s.bot).ok) {
        return fail('unknown-bot', `no bot '${s.bot}' for ${game.title} (bots: ${listBots(pkg).map((b) => b.name).join(', ')})`);
      }
    }
    if (req.join && req.seats[req.join.seat]?.kind !== 'human') {
      return fail('not-a-seat', `seat ${req.join.seat + 1} is not a human seat`);
    }
    const seed = req.seed ?? newSeed();
    const created = createMatch(game, {
      seats: req.seats.length,
      seed,
      options: req.options,
      arrangement: req.arrangement,
    });
    if (!created.ok) {
      const code: ErrorCode = created.error.code === 'bad-seats' ? 'bad-seats' : 'bad-options';
      return fail(code, created.error.message);
    }
    let token: string | undefined;
    const seats: StoredSeat[] = req.seats.map((s, i) => {
      if (s.kind === 'bot') return { kind: 'bot', bot: s.bot };
      if (req.join?.seat === i) {
        token = newSeatToken();
        return { kind: 'human', name: req.join.name, tokenHash: hashToken(token) };
      }
      return { kind: 'human', name: null, tokenHash: null };
    });
    const at = this.now();
    const stored: StoredTable = {
      id: newTableId(),
      game: game.id,
      seed,
      options: created.value.record.options,
      seats,
      status: statusOf(seats, null),
      seq: 0,
      outcome: null,
      createdAt: at,
      updatedAt: at,
    };
    if (req.arrangement !== undefined) stored.arrangement = req.arrangement;
    try {
      await this.opts.store.createTable(stored);
    } catch (e) {
      return fail('storage-error', `the table could not be saved: ${e instanceof Error ? e.message : String(e)}`);
    }
    const table = this.makeLive(stored, game, created.value, []);
    this.live.set(stored.id, table);
    this.scheduleBots(table);
    const response: CreateTableResponse = { table: summarize(table) };
    if (token !== undefined && req.join) response.seat = { seat: req.join.seat, token };
    return { ok: true, value: response };
  }

  async claim(tableId: string, seat: number, body: unknown): Promise<Outcome<ClaimSeatResponse>> {
    const parsed = ClaimSeatSchema.safeParse(body);
    if (!parsed.success) return fail('bad-request', zodMessage(parsed.error));
    const table = await this.getTable(tableId);
    if (!table) return fail('unknown-table', `there is no table ${tableId}`);
    return this.enqueue(table, async (): Promise<Outcome<ClaimSeatResponse>> => {
      const current = table.stored.seats[seat];
      if (!current || current.kind !== 'human') return fail('not-a-seat', `seat ${seat + 1} is not a human seat at this table`);
      if (current.tokenHash !== null) return fail('seat-taken', `seat ${seat + 1} is already taken`);
      if (table.stored.status === 'finished') return fail('game-over', 'the game is over');
      const token = newSeatToken();
      const seats = table.stored.seats.map((s, i): StoredSeat =>
        i === seat ? { kind: 'human', name: parsed.data.name, tokenHash: hashToken(token) } : s,
      );
      const status = statusOf(seats, table.stored.outcome);
      const at = this.now();
      try {
        await this.opts.store.updateSeats(table.stored.id, seats, status, at);
      } catch (e) {
        return fail('storage-error', `the seat could not be saved: ${e instanceof Error ? e.message : String(e)}`);
      }
      table.stored = { ...table.stored, seats, status, updatedAt: at };
      this.announce(table, []);
      this.scheduleBots(table);
      return { ok: true, value: { table: summarize(table), seat, token } };
    });
  }

  /** The seat a token opens at this table, or null. */
  seatOf(table: LiveTable, token: string): Seat | null {
    const i = table.stored.seats.findIndex((s) => s.kind === 'human' && s.tokenHash !== null && tokenMatches(token, s.tokenHash));
    return i >= 0 ? i : null;
  }

  // ------------------------------------------------------------------ reading

  /** The live table, loading (and replaying) it from storage if needed. */
  async getTable(tableId: string): Promise<LiveTable | undefined> {
    const cached = this.live.get(tableId);
    if (cached) return cached;
    const pending = this.loading.get(tableId);
    if (pending) return pending;
    const load = this.load(tableId).finally(() => this.loading.delete(tableId));
    this.loading.set(tableId, load);
    return load;
  }

  private async load(tableId: string): Promise<LiveTable | undefined> {
    const stored = await this.opts.store.getTable(tableId);
    if (!stored) return undefined;
    const game = this.game(stored.game);
    if (!game) {
      this.warn(`table ${tableId} is of unknown game ${stored.game}`);
      return undefined;
    }
    const created = createMatch(game, { seats: stored.seats.length, seed: stored.seed, options: stored.options, arrangement: stored.arrangement });
    if (!created.ok) {
      this.warn(`table ${tableId} cannot be set up again: ${created.error.message}`);
      return undefined;
    }
    const match = created.value;
    const log: KeptEntry[] = [];
    for (const a of await this.opts.store.getActions(tableId)) {
      const entry = describe(game, match, a.seat, a.action, a.seq);
      const played = play(match, a.seat, a.action);
      if (!played.ok) {
        this.warn(`table ${tableId}: stored action ${a.seq} no longer replays (${played.error.message}); stopping there`);
        break;
      }
      log.push(entry);
    }
    const table = this.makeLive({ ...stored, seq: match.record.actions.length }, game, match, log);
    const raced = this.live.get(tableId);
    if (raced) return raced;
    this.live.set(tableId, table);
    return table;
  }

  private makeLive(stored: StoredTable, game: AnyGame, match: Match, log: KeptEntry[]): LiveTable {
    return { stored, game, match, log, presence: new Map(), thinking: new Set(), queue: Promise.resolve() };
  }

  async summary(tableId: string): Promise<TableSummary | undefined> {
    const table = await this.getTable(tableId);
    return table ? summarize(table) : undefined;
  }

  /** Tables for the lobby: open and running ones, and the most recently finished. */
  async list(): Promise<TableSummary[]> {
    const rows = [
      ...(await this.opts.store.listTables({ statuses: ['open', 'running'], limit: 200 })),
      ...(await this.opts.store.listTables({ statuses: ['finished'], limit: 30 })),
    ];
    const out: TableSummary[] = [];
    for (const row of rows) {
      const live = this.live.get(row.id);
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

  /** Everything `viewer` needs to draw the table now, with the whole log. */
  snapshot(table: LiveTable, viewer: Viewer) {
    return { ...frameFor(table, viewer), log: table.log.map((e) => entryFor(table, e, viewer)) };
  }

  /** Every step of a finished match as `viewer` saw it, for the replay viewer. */
  async replay(tableId: string, viewer: Viewer): Promise<Outcome<ReplayResponse>> {
    const table = await this.getTable(tableId);
    if (!table) return fail('unknown-table', `there is no table ${tableId}`);
    if (table.stored.status !== 'finished') return fail('not-finished', 'a match can be replayed once it is over');
    if (viewer !== 'spectator' && (viewer < 0 || viewer >= table.stored.seats.length)) {
      return fail('bad-seat', `there is no seat ${viewer + 1}`);
    }
    const { game } = table;
    const created = createMatch(game, { seats: table.stored.seats.length, seed: table.stored.seed, options: table.stored.options, arrangement: table.stored.arrangement });
    if (!created.ok) return fail('storage-error', created.error.message);
    const m = created.value;
    const frames: ReplayResponse['frames'] = [{ seq: 0, entry: null, view: game.view(m.state, viewer) }];
    for (const [i, a] of table.match.record.actions.entries()) {
      play(m, a.seat, a.action);
      const kept = table.log[i];
      frames.push({ seq: i + 1, entry: kept ? entryFor(table, kept, viewer) : null, view: game.view(m.state, viewer) });
    }
    return { ok: true, value: { table: summarize(table), viewer, frames, record: table.match.record } };
  }

  // ------------------------------------------------------------------ playing

  /** Plays an action for the holder of `token`. */
  async act(tableId: string, token: string, action: unknown): Promise<Outcome<{ seq: number }>> {
    const table = await this.getTable(tableId);
    if (!table) return fail('unknown-table', `there is no table ${tableId}`);
    const seat = this.seatOf(table, token);
    if (seat === null) return fail('bad-token', 'this token does not open any seat at this table');
    return this.enqueue(table, () => this.commit(table, seat, action));
  }

  /** Marks a human seat as connected (+1) or gone (−1) and tells everyone. */
  presence(table: LiveTable, seat: Seat, delta: 1 | -1): void {
    const n = Math.max(0, (table.presence.get(seat) ?? 0) + delta);
    const before = (table.presence.get(seat) ?? 0) > 0;
    table.presence.set(seat, n);
    if (before !== n > 0) this.announce(table, []);
  }

  private enqueue<T>(table: LiveTable, work: () => Promise<T>): Promise<T> {
    const run = table.queue.then(work, work);
    table.queue = run.catch(() => undefined);
    return run;
  }

  /** check → commit → apply → announce. Runs inside the table's queue. */
  private async commit(table: LiveTable, seat: Seat, input: unknown): Promise<Outcome<{ seq: number }>> {
    if (table.stored.status === 'open') {
      return fail('table-not-running', 'the game starts when every seat is taken');
    }
    const { game, match } = table;
    if (seat >= table.stored.seats.length) return fail('bad-seat', `there is no seat ${seat + 1}`);
    const checked = checkAction(game, match.state, seat, input);
    if (!checked.ok) return fail(checked.error.code, checked.error.message);
    const action = checked.value;
    const seq = table.stored.seq + 1;
    const entry = describe(game, match, seat, action, seq);
    // The live state changes only after the commit: work on a copy to learn the outcome first.
    const next = game.clone(match.state);
    game.apply(next, seat, action);
    const outcome = game.outcome(next);
    const status: TableStatus = outcome ? 'finished' : 'running';
    const at = this.now();
    try {
      await this.opts.store.appendAction({ tableId: table.stored.id, seq, seat, action, status, outcome, at });
    } catch (e) {
      return fail('storage-error', `the action could not be saved: ${e instanceof Error ? e.message : String(e)}`);
    }
    match.state = next;
    match.record.actions.push({ seat, action });
    table.log.push(entry);
    table.stored = { ...table.stored, seq, status, outcome, updatedAt: at };
    this.announce(table, [entry]);
    this.scheduleBots(table);
    if (status === 'finished') this.evictLater(table);
    return { ok: true, value: { seq } };
  }

  /** A finished table never changes again: let it go from memory after a while. */
  private evictLater(table: LiveTable): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.live.get(table.stored.id) === table) this.live.delete(table.stored.id);
    }, this.opts.finishedTtlMs ?? 10 * 60_000);
    timer.unref();
    this.timers.add(timer);
  }

  // ------------------------------------------------------------------ bots

  /** Starts a decision for every bot seat that is to act and not already thinking. */
  private scheduleBots(table: LiveTable): void {
    if (this.closed || table.stored.status !== 'running') return;
    for (const seat of table.game.toAct(table.match.state)) {
      const s = table.stored.seats[seat];
      if (s?.kind !== 'bot' || table.thinking.has(seat)) continue;
      table.thinking.add(seat);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.runBot(table, seat, s.bot)
          .catch((e: unknown) => this.warn(`table ${table.stored.id}: the bot in seat ${seat + 1} broke: ${e instanceof Error ? e.message : String(e)}`))
          .finally(() => {
            table.thinking.delete(seat);
            this.scheduleBots(table);
          });
      }, this.opts.botDelayMs);
      this.timers.add(timer);
    }
  }

  private async runBot(table: LiveTable, seat: Seat, bot: string): Promise<void> {
    if (this.closed) return;
    const seqAtStart = table.stored.seq;
    const answer = await this.opts.bots.run({
      game: table.game.id,
      bot,
      seat,
      state: table.game.clone(table.match.state),
      rngSeed: `${table.stored.seed}:bot:${seat}:${seqAtStart}`,
    });
    if (this.closed) return;
    const chosen: unknown = answer.ok ? answer.action : undefined;
    if (!answer.ok) this.warn(`table ${table.stored.id}: the ${bot} bot in seat ${seat + 1} failed: ${answer.error}`);
    const played = await this.enqueue(table, async () => {
      if (this.closed) return { ok: true as const, value: { seq: table.stored.seq } };
      if (chosen !== undefined) {
        const r = await this.commit(table, seat, chosen);
        if (r.ok || table.stored.seq !== seqAtStart) return r;
        this.warn(`table ${table.stored.id}: the ${bot} bot in seat ${seat + 1} chose a refused action: ${r.error.message}`);
      }
      // A bot that fails must not freeze the table: it plays its first legal action instead.
      const fallback: ActionBase | undefined = table.game.legalActions(table.match.state, seat)[0];
      return fallback ? this.commit(table, seat, fallback) : fail('not-your-turn', 'nothing to do');
    });
    if (!played.ok && played.error.code === 'storage-error') this.warn(`table ${table.stored.id}: ${played.error.message}`);
  }

  publicSeats(table: LiveTable) {
    return publicSeats(table);
  }
}

/** A table waits for its human seats; once all are taken it runs until the game is over. */
function statusOf(seats: readonly StoredSeat[], outcome: unknown): TableStatus {
  if (outcome) return 'finished';
  return seats.every((s) => s.kind === 'bot' || s.tokenHash !== null) ? 'running' : 'open';
}

/** The log line for an action, read from the state before it is applied. */
function describe(game: AnyGame, match: Match, seat: Seat, action: unknown, seq: number): KeptEntry {
  const simultaneous = game.toAct(match.state).length > 1;
  const parsed = game.parseAction(action);
  const text = parsed.ok ? game.describeAction(match.state, seat, parsed.value) : 'an unreadable action';
  return { seq, seat, text, simultaneous };
}
