/**
 * The operations on one table that only the process playing it may carry out (ownership.ts): the
 * realtime layer and the routes ask the service for them, and with several processes the service
 * forwards them to the table's owner over Redis (cluster.ts). Each is plain JSON both ways, and
 * what arrives from another process is parsed with `TableOpSchema` before it is carried out.
 */
import { z } from 'zod';
import type { Seat } from '../engine/game.js';
import { ClaimSeatSchema, TableIdSchema, TokenSchema, type ClaimSeatResponse, type SnapshotMessage, type TableSummary } from './protocol.js';
import type { ServiceResult } from './result.js';

const SeatSchema = z.number().int().min(0).max(63);

export const TableOpSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('act'), tableId: TableIdSchema, token: TokenSchema, action: z.unknown(), chosenAt: z.number().int().min(0).optional() }),
  z.object({ op: z.literal('claim'), tableId: TableIdSchema, seat: SeatSchema, req: ClaimSeatSchema }),
  /** Who the token seats (null: a spectator). */
  z.object({ op: z.literal('watch'), tableId: TableIdSchema, token: TokenSchema.optional() }),
  /** What a seat already watching sees now. */
  z.object({ op: z.literal('sync'), tableId: TableIdSchema, seat: SeatSchema.nullable() }),
  z.object({ op: z.literal('presence'), tableId: TableIdSchema, seat: SeatSchema, delta: z.union([z.literal(1), z.literal(-1)]) }),
  z.object({ op: z.literal('summary'), tableId: TableIdSchema }),
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
}

export type OpOf<K extends TableOp['op']> = Extract<TableOp, { op: K }>;
export type OpResult<K extends TableOp['op']> = ServiceResult<TableOpResults[K]>;
