/**
 * The tables in memory. A table is loaded from storage on first use (its match rebuilt from the
 * event log by the engine's `matchFromRecord`), kept while it runs, and let go a while after it
 * finishes or after it was loaded finished (it reloads on demand). Loading the same table twice at once loads it once.
 */
import type { Seat } from '../engine/game.js';
import { matchFromRecord, type MatchRecord } from '../engine/match.js';
import type { AnyGamePackage } from '../games/package.js';
import type { TableHistory } from './absence.js';
import { keepStep, liveTable, type KeptEntry, type LiveTable } from './live-table.js';
import type { StoredAction, StoredTable, Store } from './storage/types.js';

export interface TableCacheOptions {
  store: Store;
  /** The game package a table plays: its rules, and what its players may take back (`undo`). */
  pkg(id: string): AnyGamePackage | undefined;
  /** Why this server must not rebuild a stored table (its content is another, table-content.ts), or undefined. */
  refuse?(stored: StoredTable): string | undefined;
  /** How long a finished table stays in memory. */
  finishedTtlMs: number;
  warn(message: string): void;
  /** A table was loaded from storage (absence.ts resumes its clocks from the history). */
  loaded?(table: LiveTable, history: TableHistory): Promise<void>;
}

/** The match record of a stored table and its event log. */
export const recordOf = (stored: StoredTable, actions: readonly StoredAction[]): MatchRecord => ({
  game: stored.game,
  seats: stored.seats.length,
  seed: stored.seed,
  options: stored.options,
  arrangement: stored.arrangement,
  actions: actions.map(({ seat, action }) => ({ seat, action })),
});

export class TableCache {
  private readonly live = new Map<string, LiveTable>();
  private readonly loading = new Map<string, Promise<LiveTable | undefined>>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly opts: TableCacheOptions) {}

  /** The live table, loading (and replaying) it from storage if needed. */
  get(tableId: string): Promise<LiveTable | undefined> {
    const cached = this.live.get(tableId);
    if (cached) return Promise.resolve(cached);
    const pending = this.loading.get(tableId);
    if (pending) return pending;
    const load = this.load(tableId).finally(() => this.loading.delete(tableId));
    this.loading.set(tableId, load);
    return load;
  }

  /** The table if it is in memory now; never loads. */
  peek(tableId: string): LiveTable | undefined {
    return this.live.get(tableId);
  }

  /** How many tables are in memory. */
  get size(): number {
    return this.live.size;
  }

  /** Keeps a table that was just created. */
  add(table: LiveTable): void {
    this.live.set(table.stored.id, table);
  }

  /** Lets a table go at once: the next use reloads it from storage. */
  forget(table: LiveTable): void {
    if (this.live.get(table.stored.id) === table) this.live.delete(table.stored.id);
  }

  /** Lets a table go by id (it was deleted from storage). */
  drop(tableId: string): void {
    this.live.delete(tableId);
  }

  /** A finished table never changes again: let it go from memory after a while. */
  evictLater(table: LiveTable): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.forget(table);
    }, this.opts.finishedTtlMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Stops the eviction timers and waits for every change under way. */
  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.live.values()].map((t) => t.queue));
  }

  private async load(tableId: string): Promise<LiveTable | undefined> {
    const { store, warn } = this.opts;
    const stored = await store.getTable(tableId);
    if (!stored) return undefined;
    const pkg = this.opts.pkg(stored.game);
    if (!pkg) {
      warn(`table ${tableId} is of unknown game ${stored.game}`);
      return undefined;
    }
    const refused = this.opts.refuse?.(stored);
    if (refused !== undefined) {
      warn(refused);
      return undefined;
    }
    const game = pkg.game;
    const log: KeptEntry[] = [];
    const actions = await store.getActions(tableId);
    const toAct: Seat[][] = [];
    const rebuilt = matchFromRecord(game, recordOf(stored, actions), {
      start: (m) => toAct.push([...m.toAct]),
      step: (step, m) => {
        keepStep(log, step);
        toAct.push([...m.toAct]);
      },
    });
    const match = rebuilt.ok ? rebuilt.value : rebuilt.error.match;
    if (!match) {
      warn(`table ${tableId} cannot be set up again: ${rebuilt.ok ? '' : rebuilt.error.message}`);
      return undefined;
    }
    // A stored action that no longer replays (the rules changed): keep the table as far as it goes.
    if (!rebuilt.ok) warn(`table ${tableId}: ${rebuilt.error.message}; stopping there`);
    const table = liveTable({ ...stored, seq: match.record.actions.length }, pkg, match, log);
    await this.opts.loaded?.(table, { actions: actions.slice(0, match.record.actions.length), toAct });
    const raced = this.live.get(tableId);
    if (raced) return raced;
    this.live.set(tableId, table);
    // A finished table loaded for a replay or a look goes again after a while.
    if (table.stored.status === 'finished') this.evictLater(table);
    return table;
  }
}
