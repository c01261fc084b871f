/**
 * Table ownership when several server processes share one database (docs/deploy.md, "Several
 * server processes"). A table that is not finished is loaded and played — people's actions, seat
 * claims, bots — only by the process that holds its lease in the database; the others forward to
 * it. The holder renews its leases every third of the lease time; a process that finds it lost one
 * (it was paused past the lease, or a fenced append was refused) drops the table from memory. A
 * sweep takes over the running tables with bots or a clock whose holder died, so their bots go on
 * and their clocks run out (absence.ts) though nobody comes back to act.
 *
 * With one process (no REDIS_URL) there is no Ownership: every table is "here" and the store's
 * sequence number alone guards the log, as before.
 */
import type { LiveTable } from './live-table.js';
import { messageOf } from './result.js';
import type { Store } from './storage/types.js';

/** Where a table is played. */
export type Placement =
  | { kind: 'here'; table: LiveTable }
  | { kind: 'there'; owner: string; until: string }
  | { kind: 'none' };

export interface OwnershipOptions {
  store: Store;
  /** This process's lease owner name: its PROCESS_ID and a per-start suffix. */
  owner: string;
  /** How long a lease lasts without renewal (default 5 s). */
  ttlMs: number;
  now(): Date;
  /** Loads the table into memory (the cache); undefined when it cannot be loaded. */
  load(tableId: string): Promise<LiveTable | undefined>;
  /** The table if it is in memory; never loads. */
  peek(tableId: string): LiveTable | undefined;
  /** The table was just taken (acquired or taken over): set its bots going. */
  taken(table: LiveTable): void;
  /** The table's lease was lost: drop it from memory and stop its bots. */
  lost(tableId: string): void;
  warn(message: string): void;
}

export class Ownership {
  /** Tables whose lease this process holds (as far as it knows). */
  private readonly held = new Set<string>();
  private renewTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly opts: OwnershipOptions) {}

  get owner(): string {
    return this.opts.owner;
  }

  /** How many tables this process holds. */
  get size(): number {
    return this.held.size;
  }

  private until(): string {
    return new Date(this.opts.now().getTime() + this.opts.ttlMs).toISOString();
  }

  /** Starts renewing leases and sweeping for tables whose holder died. */
  start(): void {
    const renewEvery = Math.max(100, Math.floor(this.opts.ttlMs / 3));
    this.renewTimer = setInterval(() => void this.renew(), renewEvery);
    this.renewTimer.unref();
    this.sweepTimer = setInterval(() => void this.sweep(), Math.max(200, Math.floor(this.opts.ttlMs / 2)));
    this.sweepTimer.unref();
    void this.sweep();
  }

  /** Stops the timers and lets every lease go, so that others take the tables over at once. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.renewTimer);
    clearInterval(this.sweepTimer);
    const ids = [...this.held];
    this.held.clear();
    await Promise.allSettled(ids.map((id) => this.opts.store.releaseLease(id, this.opts.owner)));
  }

  /** Whether this process holds the table's lease. */
  holds(tableId: string): boolean {
    return this.held.has(tableId);
  }

  /**
   * Where the table is played: here (taking the lease if nobody holds it), at another process,
   * or nowhere (no such table). A finished table is played nowhere and read anywhere: here.
   */
  async place(tableId: string): Promise<Placement> {
    const cached = this.opts.peek(tableId);
    if (cached && (cached.stored.status === 'finished' || this.held.has(tableId))) return { kind: 'here', table: cached };
    if (this.closed) return { kind: 'none' };
    const answer = await this.opts.store.acquireLease(tableId, this.opts.owner, this.until(), this.opts.now().toISOString());
    switch (answer.kind) {
      case 'missing':
        return { kind: 'none' };
      case 'held':
        if (cached) this.opts.lost(tableId); // a copy from before another process took it
        return { kind: 'there', owner: answer.owner, until: answer.until };
      case 'finished': {
        if (cached && cached.stored.status !== 'finished') this.opts.lost(tableId);
        const table = await this.opts.load(tableId);
        return table ? { kind: 'here', table } : { kind: 'none' };
      }
      case 'acquired': {
        const fresh = !this.held.has(tableId);
        this.held.add(tableId);
        // What memory had without the lease may be behind the log: load it again.
        if (fresh && cached) this.opts.lost(tableId);
        const table = await this.opts.load(tableId);
        if (!table) {
          this.release(tableId);
          return { kind: 'none' };
        }
        if (fresh) this.opts.taken(table);
        return { kind: 'here', table };
      }
    }
  }

  /** Takes the lease of a table this process has just created. */
  async claimNew(tableId: string): Promise<boolean> {
    const answer = await this.opts.store.acquireLease(tableId, this.opts.owner, this.until(), this.opts.now().toISOString());
    if (answer.kind === 'acquired') this.held.add(tableId);
    return answer.kind === 'acquired';
  }

  /** The table finished (or was deleted): nobody needs to hold it any more. */
  release(tableId: string): void {
    if (!this.held.delete(tableId)) return;
    this.opts.store.releaseLease(tableId, this.opts.owner).catch((e: unknown) => this.opts.warn(`releasing table ${tableId} failed: ${messageOf(e)}`));
  }

  /** The store refused a change: another process holds the table now. */
  lose(tableId: string): void {
    this.held.delete(tableId);
    this.opts.lost(tableId);
  }

  /** Extends every lease held; tables whose lease is gone are dropped. */
  async renew(): Promise<void> {
    if (this.closed) return;
    try {
      const still = new Set(await this.opts.store.renewLeases(this.opts.owner, this.until()));
      for (const id of [...this.held]) {
        if (still.has(id)) continue;
        // Finished tables let their lease go; anything else was taken by another process.
        const table = this.opts.peek(id);
        if (table?.stored.status === 'finished') this.held.delete(id);
        else {
          this.opts.warn(`lost the lease of table ${id}: another process plays it now`);
          this.lose(id);
        }
      }
    } catch (e) {
      this.opts.warn(`renewing leases failed: ${messageOf(e)}`);
    }
  }

  /** Takes over running tables with bots or a clock whose holder died (their lease expired). */
  async sweep(): Promise<number> {
    if (this.closed) return 0;
    let taken = 0;
    try {
      const ids = await this.opts.store.listExpiredLeases(this.opts.now().toISOString(), 100);
      for (const id of ids) {
        if (this.closed) break;
        const placed = await this.place(id);
        if (placed.kind === 'here') taken++;
      }
    } catch (e) {
      this.opts.warn(`sweeping for tables without an owner failed: ${messageOf(e)}`);
    }
    return taken;
  }
}
