/**
 * The operations on one table that only the process playing it may carry out (ownership.ts): the
 * realtime layer and the routes ask the service for them, and with several processes the service
 * forwards them to the table's owner over Redis (cluster.ts). Each is plain JSON both ways, and
 * what arrives from another process is parsed with `TableOpSchema` before it is carried out.
 */
import { z } from 'zod';
import type { Seat } from '../engine/game.js';
import {
  CHAT_MAX,
  ClaimSeatSchema,
  TableIdSchema,
  TokenSchema,
  type ChatLine,
  type ClaimSeatResponse,
  type NewSeatLinkResponse,
  type SnapshotMessage,
  type TableSummary,
} from './protocol.js';
import type { RematchLink } from './rematch.js';
import type { ServiceResult } from './result.js';

const SeatSchema = z.number().int().min(0).max(63);

export const TableOpSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('act'), tableId: TableIdSchema, token: TokenSchema, action: z.unknown(), chosenAt: z.number().int().min(0).optional() }),
  /**
   * `rematchOf`: the rematch's join of a player of that table (the service checked their token
   * there), which may take the seat kept for them. Never set from a request's input.
   */
  z.object({ op: z.literal('claim'), tableId: TableIdSchema, seat: SeatSchema, req: ClaimSeatSchema, rematchOf: TableIdSchema.optional() }),
  /** Who the token seats (null: a spectator). */
  z.object({ op: z.literal('watch'), tableId: TableIdSchema, token: TokenSchema.optional() }),
  /** What a seat already watching sees now. */
  z.object({ op: z.literal('sync'), tableId: TableIdSchema, seat: SeatSchema.nullable() }),
  z.object({ op: z.literal('presence'), tableId: TableIdSchema, seat: SeatSchema, delta: z.union([z.literal(1), z.literal(-1)]) }),
  z.object({ op: z.literal('summary'), tableId: TableIdSchema }),
  // Issue 16's operations: a player's return, the creator's tools, undo, chat and rematch.
  z.object({ op: z.literal('reclaim'), tableId: TableIdSchema, token: TokenSchema }),
  z.object({ op: z.literal('new-link'), tableId: TableIdSchema, seat: SeatSchema, creatorToken: TokenSchema }),
  z.object({ op: z.literal('hand-to-bot'), tableId: TableIdSchema, seat: SeatSchema, creatorToken: TokenSchema }),
  /** The creator opens a rematch seat kept for someone (seating.ts `openSeat`). */
  z.object({ op: z.literal('open-seat'), tableId: TableIdSchema, seat: SeatSchema, creatorToken: TokenSchema }),
  z.object({ op: z.literal('undo'), tableId: TableIdSchema, token: TokenSchema, step: z.number().int().min(1) }),
  /** The text as the realtime layer cleaned it (ChatTextSchema). */
  z.object({ op: z.literal('say'), tableId: TableIdSchema, token: TokenSchema, text: z.string().max(4 * CHAT_MAX) }),
  z.object({ op: z.literal('rematch'), tableId: TableIdSchema, token: TokenSchema }),
]);
export type TableOp = z.infer<typeof TableOpSchema>;

/** What each operation answers. */
export interface TableOpResults {
  act: { seq: number };
  claim: ClaimSeatResponse;
  watch: { seat: Seat | null };
  sync: SnapshotMessage;
  presence: null;
  summary: TableSummary;
  reclaim: { seat: Seat };
  'new-link': NewSeatLinkResponse;
  'hand-to-bot': { seat: Seat };
  'open-seat': { seat: Seat };
  undo: { seq: number };
  say: { line: ChatLine };
  /** `creator`: the new table's creator token, for the player who started the rematch. */
  rematch: { link: RematchLink; seat: Seat; token: string; started: boolean; creator?: string };
}

export type OpOf<K extends TableOp['op']> = Extract<TableOp, { op: K }>;
export type OpResult<K extends TableOp['op']> = ServiceResult<TableOpResults[K]>;
