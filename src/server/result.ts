/**
 * What the table service answers: a value, or an error with a code from the wire protocol. Named
 * apart from the engine's `Outcome` (how a finished game came out).
 */
import type { ServerError, ServerErrorCode } from './protocol.js';
import { CommitBatchError } from './storage/group-commit.js';

export type ServiceResult<T> = { ok: true; value: T } | { ok: false; error: ServerError };

export const fail = (code: ServerErrorCode, message: string): { ok: false; error: ServerError } => ({
  ok: false,
  error: { code, message },
});

/** The message of something thrown, for a log line or an error answer. */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * SQLSTATE classes and node error codes that mean "the database is not reachable right now" (a
 * restart, a failover, a network cut) rather than "this write is wrong": class 08 (connection
 * exception), 57P01–57P03 (admin/crash shutdown, cannot connect now), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_TEXT = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)/i;

/** Whether a storage failure is the database being away for a while (worth trying again). */
export function storageUnavailable(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as Error & { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE.has(code))) return true;
  return UNAVAILABLE_TEXT.test(e.message);
}

/**
 * The answer when storage refused to save `what` (nothing changed): `storage-unavailable` (503, try
 * again in a few seconds) while the database is restarting or unreachable, `storage-error` (500)
 * for anything else.
 */
export function storageFailure(what: string, e: unknown): { ok: false; error: ServerError } {
  // A group commit that failed as a whole (storage/group-commit.ts): nothing of it was saved, and
  // the action is worth trying again as it is.
  if (e instanceof CommitBatchError) {
    return fail('storage-unavailable', `${what} was not saved: the database could not commit the batch it was in (${messageOf(e.cause)}); nothing changed, try again`);
  }
  return storageUnavailable(e)
    ? fail('storage-unavailable', `the database is not answering, so ${what} was not saved; nothing changed, try again in a few seconds`)
    : fail('storage-error', `${what} could not be saved: ${messageOf(e)}`);
}

/**
 * The answer to a request whose handling threw (a rules bug, a failed read): `internal-error` with
 * no details, except when the cause is the database being away, which the client is told, with
 * `storage-unavailable`, to try again in a few seconds (nothing changed either way).
 */
export function thrownAnswer(e: unknown, what = 'message'): ServerError {
  return storageUnavailable(e)
    ? { code: 'storage-unavailable', message: 'the database is not answering; nothing changed, try again in a few seconds' }
    : { code: 'internal-error', message: `the server could not handle that ${what}` };
}
