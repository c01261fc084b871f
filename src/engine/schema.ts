/** Parsing untrusted input with a zod schema into a Result with a one-line reason. */
import type { z } from 'zod';
import { err, ok, type GameError, type Result } from './result.js';

/**
 * A short sentence from a zod error: "card: expected a number" (first few issues). The one
 * formatter of zod errors in Drey: games, the server's routes and its settings all use it.
 */
export function describeZodError(error: Pick<z.ZodError, 'issues'>): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

export function parseWith<T>(schema: z.ZodType<T>, input: unknown, code: string, what: string): Result<T, GameError> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  return err({ code, message: `bad ${what}: ${describeZodError(parsed.error)}` });
}
