/** A value or an error, never a thrown exception across a boundary. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

/** An error that crosses a boundary: a stable machine code and a sentence for people. */
export interface GameError {
  code: string;
  message: string;
}
