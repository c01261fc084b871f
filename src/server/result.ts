/**
 * What the table service answers: a value, or an error with a code from the wire protocol. Named
 * apart from the engine's `Outcome` (how a finished game came out).
 */
import type { ServerError, ServerErrorCode } from './protocol.js';

export type ServiceResult<T> = { ok: true; value: T } | { ok: false; error: ServerError };

export const fail = (code: ServerErrorCode, message: string): { ok: false; error: ServerError } => ({
  ok: false,
  error: { code, message },
});

/** The message of something thrown, for a log line or an error answer. */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
