/**
 * What a table operation is (table-ops.ts lists them), each one declared record (issue 24, item 1): the input it takes
 * beside the table's id (a zod schema, checked again when another process forwards it), what it
 * does given a small table context, and — when clients may ask for it directly — how a socket
 * message or an HTTP route maps onto it. The service only routes an operation to the process that
 * plays the table (ownership.ts, cluster.ts) and hands the record a context there; realtime.ts and
 * http.ts build their handlers from the records. Nothing else lists the operations.
 *
 * Adding an operation is adding a record (`defineOp`) to TABLE_OPS (table-ops.ts): its socket event or route,
 * its forwarding schema and its place in the service come with it.
 */
import type { z } from 'zod';
import type { Seat, Viewer } from '../engine/game.js';
import type { Absence } from './absence.js';
import type { TableChat } from './chat.js';
import type { CommitContext } from './commits.js';
import type { LiveTable } from './live-table.js';
import type { NarrationHistories } from './narration-history.js';
import type { SnapshotMessage } from './protocol.js';
import type { ServiceResult } from './result.js';
import type { SeatingContext } from './seating.js';
import type { Store } from './storage/types.js';

/** What an operation's handler may use: the table (it runs where the table is played) and the service's parts. */
export interface TableContext {
  readonly table: LiveTable;
  /** The seat a token opens at this table, or null. */
  seatOf(token: string): Seat | null;
  /** Runs `work` after every change already queued at this table (one change at a time). */
  queued<T>(work: () => Promise<T>): Promise<T>;
  /** Seats changed: every watcher gets a frame with no new lines. */
  announce(): void;
  /** Sets the table's bots going (a seat changed hands, the game started). */
  scheduleBots(): void;
  /** Marks a human seat connected (+1) or gone (−1); watchers hear of it, coalesced. */
  presence(seat: Seat, delta: 1 | -1): void;
  /** What `viewer` is sent on watch and sync: the frame and the lines told to it so far. */
  snapshot(viewer: Viewer): SnapshotMessage;
  /**
   * Another operation, routed like any (to another table: a rematch's join). Typed by `performOp`
   * in table-ops.ts, which lists the operations: naming that list here would make the two files
   * import each other.
   */
  perform(op: { readonly op: string; readonly tableId: string }): Promise<ServiceResult<unknown>>;
  /** A table this one started (a rematch): played here, its clocks and bots started. */
  adopt(fresh: LiveTable): Promise<void>;
  now(): string;
  readonly store: Store;
  readonly commits: CommitContext;
  readonly seating: SeatingContext;
  readonly absence: Absence;
  readonly chat: TableChat;
  readonly histories: NarrationHistories;
}

/** A client event that maps onto an operation (realtime.ts registers one handler per record). */
export interface SocketSpec<M, In, Out> {
  event: string;
  /** The whole message (its `tableId` and whatever the operation takes), parsed before anything runs. */
  message: z.ZodType<M>;
  tableId(m: M): string;
  input(m: M): In;
  /** The ack of a success (beside `ok: true`). */
  ack(out: Out): Record<string, unknown>;
  /** What everyone watching the table hears after a success. */
  tell?(out: Out, tableId: string): { event: string; payload: unknown } | undefined;
  /** Whether this message would start a table, and so take from the sender's table quota. */
  startsTable?(m: M, rematchOf: (tableId: string) => Promise<unknown>): Promise<boolean>;
}

/** An HTTP route that maps onto an operation (http.ts registers one route per record). */
export interface HttpSpec<B, In> {
  method: 'GET' | 'POST';
  /** `:id` is the table; `:seat`, when there, a seat numbered from 1 as people count them. */
  url: string;
  /** The JSON body's schema (none: the route takes no body). */
  body?: z.ZodType<B>;
  /** `seat`: from 0, when the URL names one. */
  input(seat: Seat | undefined, body: B): In;
  /** Requests per minute per address: a number, or `seats` for the limit on claiming seats (limits.ts `seatsPerMinute`). */
  perMinute?: number | 'seats';
}

/**
 * One operation. Method syntax on purpose: the list holds records of different inputs, and a
 * record is only ever handed its own operation's input (the service looks it up by `op`).
 */
export interface OpRecord<K extends string, S extends z.ZodObject, Out, M = unknown, B = unknown> {
  op: K;
  /** The input beside `tableId`: what is forwarded, parsed again by the process that runs it. */
  input: S;
  run(ctx: TableContext, input: z.output<S>): Promise<ServiceResult<Out>>;
  socket?: SocketSpec<M, z.output<S>, Out>;
  http?: HttpSpec<B, z.output<S>>;
}

/** Checks a record where it is written (its handler against its schema, its specs against both). */
export const defineOp = <K extends string, S extends z.ZodObject, Out, M = unknown, B = unknown>(r: OpRecord<K, S, Out, M, B>): OpRecord<K, S, Out, M, B> => r;

/** A record as the generic code holds it. */
export type AnyOpRecord = OpRecord<string, z.ZodObject, unknown, unknown, unknown>;

