/**
 * Every operation on one table, one record each (table-op.ts says what a record is). Only the
 * process playing a table (ownership.ts) runs them; the service routes them there, forwarding
 * over Redis with several processes (cluster.ts), where `TableOpSchema` parses them again. The
 * socket events and HTTP routes that ask for them are built from these records (realtime.ts,
 * http.ts). Each answers plain JSON.
 */
import { z } from 'zod';
import type { Seat } from '../engine/game.js';
import { commitAction } from './commits.js';
import { summarize, type LiveTable } from './live-table.js';
import {
  ActMessageSchema,
  CHAT_MAX,
  ChatMessageSchema,
  ClaimSeatSchema,
  CreatorRequestSchema,
  ReclaimSeatSchema,
  RematchMessageSchema,
  SERVER_EVENTS,
  TableIdSchema,
  TokenSchema,
  UndoMessageSchema,
  type ChatEvent,
  type ClaimSeatResponse,
  type RematchEvent,
} from './protocol.js';
import { fail, storageFailure, type ServiceResult } from './result.js';
import { rematchedFrom, rematchOf, rematchRequest, rematchReservations, type RematchLink } from './rematch.js';
import { claimSeat, createTable, openSeat } from './seating.js';
import { defineOp, type AnyOpRecord, type OpRecord, type TableContext } from './table-op.js';
import { undoStep } from './undo.js';

const SeatSchema = z.number().int().min(0).max(63);

const badToken = (): ServiceResult<never> => fail('bad-token', 'this token does not open any seat at this table');

/** Whether an action `seat` chose at move `chosenAt` is stale: the seat has acted since, or the move is ahead of the table. */
function isStale(table: LiveTable, seat: Seat, chosenAt: number): boolean {
  if (chosenAt > table.stored.seq) return true;
  for (let i = table.log.length - 1; i >= 0 && table.log[i]!.seq > chosenAt; i--) {
    if (table.log[i]!.seat === seat) return true;
  }
  return false;
}

/**
 * Plays an action (untrusted: the engine parses and checks it) for the holder of `token`.
 * `chosenAt` is the `seq` of the frame it was chosen in (clients must send it): an action whose
 * seat has acted since then, or from ahead of the table, is stale and refused.
 */
const act = defineOp({
  op: 'act',
  input: z.object({ token: TokenSchema, action: z.unknown(), chosenAt: z.number().int().min(0).optional() }),
  async run(ctx, { token, action, chosenAt }): Promise<ServiceResult<{ seq: number }>> {
    const { table } = ctx;
    const seat = ctx.seatOf(token);
    if (seat === null) return badToken();
    return ctx.queued(async () => {
      if (chosenAt !== undefined && isStale(table, seat, chosenAt)) {
        return fail('stale-action', `this action was chosen at move ${chosenAt}; the table is at move ${table.stored.seq} and your seat has acted since`);
      }
      // A player whose seat a bot plays is back as soon as they act.
      if (ctx.absence.isStandIn(table, seat)) await ctx.absence.returnNow(table, seat);
      return commitAction(ctx.commits, table, seat, action);
    });
  },
  socket: {
    event: 'act',
    message: ActMessageSchema,
    tableId: (m) => m.tableId,
    input: (m) => ({ token: m.token, action: m.action, chosenAt: m.seq }),
    ack: (out) => ({ seq: out.seq }),
  },
});

/**
 * Takes a free seat. `rematchOf`: the rematch's join of a player of that table (the service
 * checked their token there), which may take the seat kept for them. Never set from a request's input.
 */
const claim = defineOp({
  op: 'claim',
  input: z.object({ seat: SeatSchema, req: ClaimSeatSchema, rematchOf: TableIdSchema.optional() }),
  run(ctx, { seat, req, rematchOf }): Promise<ServiceResult<ClaimSeatResponse>> {
    const { table } = ctx;
    return ctx.queued(async () => {
      // Only the rematch's join from the table this one follows may take a seat kept for its player.
      const reservation = rematchOf !== undefined && rematchedFrom(table.stored) === rematchOf;
      const claimed = await claimSeat(ctx.seating, table, seat, req, reservation);
      if (claimed.ok && table.stored.status === 'running') await ctx.absence.started(table);
      if (claimed.ok) {
        ctx.announce();
        ctx.scheduleBots();
      }
      return claimed;
    });
  },
  // Seats are numbered from 1 in URLs, as people count them (invite links show them).
  http: { method: 'POST', url: '/api/tables/:id/seats/:seat', body: ClaimSeatSchema, input: (seat, req) => ({ seat: seat ?? 0, req }), perMinute: 'seats' },
});

/** Who the token seats (null: a spectator). */
const watch = defineOp({
  op: 'watch',
  input: z.object({ token: TokenSchema.optional() }),
  async run(ctx, { token }): Promise<ServiceResult<{ seat: Seat | null }>> {
    const seat = token === undefined ? null : ctx.seatOf(token);
    if (token !== undefined && seat === null) return badToken();
    return { ok: true, value: { seat } };
  },
});

/** What a seat already watching sees now. */
const sync = defineOp({
  op: 'sync',
  input: z.object({ seat: SeatSchema.nullable() }),
  async run(ctx, { seat }) {
    const viewer = seat ?? 'spectator';
    // The history is told up to the table's seq, and read with the frame in one synchronous run.
    await ctx.histories.prepare(ctx.table, viewer);
    return { ok: true, value: ctx.snapshot(viewer) };
  },
});

const presence = defineOp({
  op: 'presence',
  input: z.object({ seat: SeatSchema, delta: z.union([z.literal(1), z.literal(-1)]) }),
  async run(ctx, { seat, delta }): Promise<ServiceResult<null>> {
    ctx.presence(seat, delta);
    return { ok: true, value: null };
  },
});

const summary = defineOp({
  op: 'summary',
  input: z.object({}),
  async run(ctx) {
    return { ok: true, value: summarize(ctx.table) };
  },
  // A table this server cannot open (its content is another) is refused with the reason.
  http: { method: 'GET', url: '/api/tables/:id', input: () => ({}) },
});

// Issue 16's operations: a player's return, the creator's tools, undo, chat and rematch.

/** The holder of a seat's token takes it back from the bot that plays it while they were away. */
const reclaim = defineOp({
  op: 'reclaim',
  input: z.object({ token: TokenSchema }),
  async run(ctx, { token }): Promise<ServiceResult<{ seat: Seat }>> {
    const seat = ctx.seatOf(token);
    if (seat === null) return badToken();
    await ctx.absence.returned(ctx.table, seat);
    return { ok: true, value: { seat } };
  },
  // A player whose seat a bot plays (their clock ran out) takes it back with their token.
  http: { method: 'POST', url: '/api/tables/:id/back', body: ReclaimSeatSchema, input: (_seat, body) => ({ token: body.token }) },
});

const CreatorInput = z.object({ seat: SeatSchema, creatorToken: TokenSchema });
const creatorRoute = (url: string) =>
  ({ method: 'POST', url, body: CreatorRequestSchema, input: (seat: Seat | undefined, body: z.output<typeof CreatorRequestSchema>) => ({ seat: seat ?? 0, creatorToken: body.creatorToken }), perMinute: 'seats' }) as const;

/** The table's creator gives a seat a new link (the old token stops working). */
const newLink = defineOp({
  op: 'new-link',
  input: CreatorInput,
  run: (ctx, { seat, creatorToken }) => ctx.absence.newSeatLink(ctx.table, seat, creatorToken),
  http: creatorRoute('/api/tables/:id/seats/:seat/new-link'),
});

/** The table's creator hands a seat whose player is away to a bot, until the player returns. */
const handToBot = defineOp({
  op: 'hand-to-bot',
  input: CreatorInput,
  run: (ctx, { seat, creatorToken }) => ctx.absence.handToBot(ctx.table, seat, creatorToken),
  http: creatorRoute('/api/tables/:id/seats/:seat/bot'),
});

/** The table's creator opens a rematch seat kept for a player who has not come (seating.ts `openSeat`). */
const openSeatOp = defineOp({
  op: 'open-seat',
  input: CreatorInput,
  run(ctx, { seat, creatorToken }): Promise<ServiceResult<{ seat: Seat }>> {
    return ctx.queued(async () => {
      const opened = await openSeat(ctx.seating, ctx.table, seat, creatorToken);
      if (opened.ok) ctx.announce();
      return opened;
    });
  },
  http: creatorRoute('/api/tables/:id/seats/:seat/open'),
});

/** Takes back the last step of the holder of `token` (issue 16; engine/match.ts `prepareUndo` says when). */
const undo = defineOp({
  op: 'undo',
  input: z.object({ token: TokenSchema, step: z.number().int().min(1) }),
  async run(ctx, { token, step }): Promise<ServiceResult<{ seq: number }>> {
    const seat = ctx.seatOf(token);
    if (seat === null) return badToken();
    return ctx.queued(() => undoStep(ctx.commits, ctx.table, seat, step));
  },
  socket: { event: 'undo', message: UndoMessageSchema, tableId: (m) => m.tableId, input: (m) => ({ token: m.token, step: m.step }), ack: (out) => ({ seq: out.seq }) },
});

/** Writes a chat line for the holder of `token`; spectators read only. The text as ChatTextSchema cleaned it. */
const say = defineOp({
  op: 'say',
  input: z.object({ token: TokenSchema, text: z.string().max(4 * CHAT_MAX) }),
  async run(ctx, { token, text }) {
    const seat = ctx.seatOf(token);
    if (seat === null) return fail('spectator', 'only seated players write in the chat; spectators read it');
    const line = await ctx.chat.post(ctx.table, seat, text);
    return line.ok ? { ok: true as const, value: { line: line.value } } : line;
  },
  socket: {
    event: 'chat',
    message: ChatMessageSchema,
    tableId: (m) => m.tableId,
    input: (m) => ({ token: m.token, text: m.text }),
    ack: (out) => ({ n: out.line.n }),
    tell: (out, tableId) => ({ event: SERVER_EVENTS.chat, payload: { tableId, lines: [out.line] } satisfies ChatEvent }),
  },
});

/** `creator`: the new table's creator token, for the player who started the rematch. */
export interface RematchResult {
  link: RematchLink;
  seat: Seat;
  token: string;
  started: boolean;
  creator?: string;
}

/**
 * Starts a rematch of a finished table for the holder of `token` (same seats, bots and options,
 * a new seed), or joins the one another seat started: the same seat with a new token.
 */
const rematch = defineOp({
  op: 'rematch',
  input: z.object({ token: TokenSchema }),
  async run(ctx, { token }): Promise<ServiceResult<RematchResult>> {
    const { table } = ctx;
    const tableId = table.stored.id;
    const seat = ctx.seatOf(token);
    if (seat === null) return fail('bad-token', 'only a player of this table can ask for a rematch');
    if (table.stored.status !== 'finished') return fail('not-finished', 'a rematch starts once the game is over');
    const stored = table.stored.seats[seat];
    const name = stored?.kind === 'human' && stored.name !== null ? stored.name : `Seat ${seat + 1}`;
    return ctx.queued(async () => {
      const existing = await rematchOf(ctx.store, tableId);
      if (existing) {
        // The seat kept for this player there (rematch.ts): their token here shows it is theirs.
        const claimed = await performOp<'claim'>(ctx, { op: 'claim', tableId: existing.tableId, seat, req: { name }, rematchOf: tableId });
        if (!claimed.ok) return claimed;
        return { ok: true, value: { link: existing, seat, token: claimed.value.token, started: false } };
      }
      const created = await createTable(ctx.seating, rematchRequest(table, seat, name), { rematchOf: tableId }, rematchReservations(table, seat));
      if (!created.ok) return created;
      const { table: fresh, response } = created.value;
      await ctx.adopt(fresh);
      const link: RematchLink = { tableId: fresh.stored.id, by: name };
      try {
        await ctx.store.appendNote({ tableId, kind: 'rematch', seat, data: link, at: ctx.now() });
      } catch (e) {
        return storageFailure('the rematch note', e);
      }
      // The starter is the new table's creator (as with create()): new seat links, hand-overs, opening kept seats.
      return { ok: true, value: { link, seat, token: response.seat!.token, started: true, creator: response.creator.token } };
    });
  },
  socket: {
    event: 'rematch',
    message: RematchMessageSchema,
    tableId: (m) => m.tableId,
    input: (m) => ({ token: m.token }),
    ack: (out) => ({ tableId: out.link.tableId, seat: out.seat, token: out.token, ...(out.creator === undefined ? {} : { creator: { token: out.creator } }) }),
    tell: (out, tableId) => (out.started ? { event: SERVER_EVENTS.rematch, payload: { tableId, rematch: out.link } satisfies RematchEvent } : undefined),
    // Starting a rematch makes a table: it counts against the address's quota (joining one does not).
    startsTable: async (m, existing) => (await existing(m.tableId)) === null,
  },
});

/** Every table operation, by name. */
export const TABLE_OPS = {
  act,
  claim,
  watch,
  sync,
  presence,
  summary,
  reclaim,
  'new-link': newLink,
  'hand-to-bot': handToBot,
  'open-seat': openSeatOp,
  undo,
  say,
  rematch,
} as const;

type Ops = typeof TABLE_OPS;
export type TableOpName = keyof Ops;
type OutOf<R> = R extends OpRecord<string, z.ZodObject, infer Out, infer _M, infer _B> ? Out : never;

/** An input type as an intersection takes it: an empty object's (`Record<string, never>`) adds nothing. */
type Fields<O> = string extends keyof O ? unknown : O;
/** Operation `K` as it is routed and forwarded: its name, its table and its input. */
export type OpOf<K extends TableOpName> = { op: K; tableId: string } & Fields<z.output<Ops[K]['input']>>;
export type TableOp = { [K in TableOpName]: OpOf<K> }[TableOpName];
/** What each operation answers. */
export type TableOpResults = { [K in TableOpName]: OutOf<Ops[K]> };
export type OpResult<K extends TableOpName> = ServiceResult<TableOpResults[K]>;

/** Every record, for the generic handlers. */
export const OP_RECORDS: readonly AnyOpRecord[] = Object.values(TABLE_OPS) as readonly AnyOpRecord[];

/** An operation as it arrives from another process: parsed by its own record's schema. */
export const TableOpSchema = z.discriminatedUnion(
  'op',
  OP_RECORDS.map((r) => r.input.extend({ op: z.literal(r.op), tableId: TableIdSchema })) as unknown as [z.ZodObject, ...z.ZodObject[]],
) as unknown as z.ZodType<TableOp>;

/** The record of an operation by name. */
export const recordOf = (op: string): AnyOpRecord | undefined => (TABLE_OPS as Readonly<Record<string, AnyOpRecord>>)[op];

/** `ctx.perform` typed by the operation: its input checked against its record, its answer that record's. */
function performOp<K extends TableOpName>(ctx: TableContext, op: OpOf<K>): Promise<OpResult<K>> {
  return ctx.perform(op) as Promise<OpResult<K>>;
}
