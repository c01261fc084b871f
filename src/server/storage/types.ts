/**
 * Where tables and their event logs live. The server talks to storage only through `Store`, so a
 * PostgreSQL implementation (ARCHITECTURE: when DATABASE_URL is set) can slot in beside SQLite.
 * Methods are async for that reason, even though the SQLite store answers synchronously.
 */
import type { Outcome, Seat } from '../../engine/game.js';
import type { RecordedAction } from '../../engine/match.js';
import type { TableStatus } from '../protocol.js';
import type { GroupCommitStats } from './group-commit.js';

/** A seat as stored: a human seat keeps only the hash of its token, never the token. */
export type StoredSeat =
  /** `reservedFor`: a free rematch seat kept for the player of the table before (rematch.ts). */
  | { kind: 'human'; name: string | null; tokenHash: string | null; reservedFor?: string }
  | { kind: 'bot'; bot: string };

export interface StoredTable {
  id: string;
  game: string;
  seed: string;
  /** The options as the game parsed them (plain JSON). */
  options: unknown;
  arrangement?: unknown;
  /** The creator fixed the seed or the arrangement (a practice table); absent means false. */
  fixedDeal?: boolean;
  seats: StoredSeat[];
  status: TableStatus;
  /** Number of committed actions. */
  seq: number;
  outcome: Outcome | null;
  createdAt: string;
  updatedAt: string;
  /**
   * Table settings fixed at creation that are not the game's options (plain JSON, e.g. the time
   * profile, the table this one is a rematch of); absent on tables made before settings existed.
   */
  settings?: unknown;
}

export interface StoredAction extends RecordedAction {
  seq: number;
  at: string;
}

/** What changes with one committed action. */
export interface AppendAction {
  tableId: string;
  seq: number;
  seat: Seat;
  action: unknown;
  status: TableStatus;
  outcome: Outcome | null;
  at: string;
  /**
   * The process that holds the table's lease (several server processes, docs/deploy.md): the append
   * is refused with a `LeaseLostError`, and changes nothing, when another process holds it now.
   * Absent (one process): only the sequence number guards the log.
   */
  owner?: string;
  /** A bot's action: once durable it is answered after the people's (group-commit.ts, `later`). */
  bot?: true;
}

/** Every store's group commit answers bots' appends after people's (`later` in group-commit.ts). */
export const answeredLater = (entry: AppendAction): boolean => entry.bot === true;

/**
 * What asking for a table's lease got. A table that is not finished is played by exactly one
 * process at a time, the holder of its lease; a finished table never changes and needs none.
 */
export type LeaseAnswer =
  | { kind: 'acquired' }
  | { kind: 'held'; owner: string; until: string }
  | { kind: 'finished' }
  | { kind: 'missing' };

/** An append or seat change by a process that no longer holds the table's lease: nothing changed. */
export class LeaseLostError extends Error {
  readonly code = 'lease-lost';
  constructor(
    readonly tableId: string,
    readonly owner: string,
  ) {
    super(`table ${tableId} is no longer held by ${owner}`);
  }
}

/**
 * A note about a table that is not a game action: a chat line, a seat handed to a bot and taken
 * back, a replaced token, a clock event. Notes have their own sequence per table (`n`, from 1), are
 * never changed or deleted, and never affect the game state.
 */
export interface TableNote {
  tableId: string;
  n: number;
  kind: string;
  seat: Seat | null;
  data: unknown;
  at: string;
}

export interface Store {
  createTable(table: StoredTable): Promise<void>;
  /** Claims and status changes. */
  updateSeats(tableId: string, seats: StoredSeat[], status: TableStatus, at: string, owner?: string): Promise<void>;
  /**
   * Appends one action to the event log and updates the table row. Appends are group-committed
   * (group-commit.ts): those of many tables share one transaction per short tick, and the call
   * resolves only once that transaction is durable. A batch that fails as a whole rejects each of
   * its appends with a CommitBatchError (nothing saved, try again). Rejects
   * (and changes nothing) when `seq` is not the next number: the log never has holes or forks.
   * With `entry.owner`, also rejects (with a LeaseLostError) unless that process holds the lease.
   */
  appendAction(entry: AppendAction): Promise<void>;
  /**
   * Leases (several processes): takes the table's lease for `owner` until `until` when nobody
   * holds it, it expired (`until` ≤ `now`, ISO times), or `owner` holds it already (then extends it).
   */
  acquireLease(tableId: string, owner: string, until: string, now: string): Promise<LeaseAnswer>;
  /** Extends every lease `owner` still holds to `until`; the ids of those tables. */
  renewLeases(owner: string, until: string): Promise<string[]>;
  /** Lets the table's lease go if `owner` holds it. */
  releaseLease(tableId: string, owner: string): Promise<void>;
  /**
   * Running tables with a bot seat or a clock (settings' `time` other than 'none') whose lease is
   * absent or expired at `now` (oldest change first, at most `limit`): the tables that need an
   * owner to go on by themselves after a process died (bots to play, clocks to run out).
   */
  listExpiredLeases(now: string, limit: number): Promise<string[]>;
  getTable(tableId: string): Promise<StoredTable | undefined>;
  /** Every action of the table in order. */
  getActions(tableId: string): Promise<StoredAction[]>;
  /** Most recently updated first (ties by id); `before`: only tables after that one in this order (paging). */
  listTables(filter: { statuses?: readonly TableStatus[]; limit?: number; before?: string }): Promise<StoredTable[]>;
  /** Deletes up to `limit` open tables last updated before `updatedBefore` (ISO time); their ids. */
  deleteOpenTables(updatedBefore: string, limit: number): Promise<string[]>;
  /** Appends a note; `n` is the next number for the table. Rejects when the table does not exist. */
  appendNote(note: Omit<TableNote, 'n'>): Promise<TableNote>;
  /** The table's notes in order: only `kinds` when given, only those after `after`, at most `limit`. */
  getNotes(tableId: string, filter?: { kinds?: readonly string[]; after?: number; limit?: number }): Promise<TableNote[]>;
  /** Group commit figures (batches, appends) since the store opened; absent for stores without it. */
  commitStats?(): GroupCommitStats;
  /** Resolves once the store can write at once (SQLite: its writer thread has started); absent: always. */
  ready?(): Promise<void>;
  /** Waits for appends in flight, then closes. */
  close(): Promise<void>;
}
