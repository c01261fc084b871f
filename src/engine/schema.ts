/** Parsing untrusted input with a zod schema into a Result with a one-line reason. */
import type { z } from 'zod';
import { err, ok, type GameError, type Result } from './result.js';

/** A short sentence from a zod error: "card: expected a number" (first few issues). */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

export function parseWith<T>(schema: z.ZodType<T>, input: unknown, code: string, what: string): Result<T, GameError> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  return err({ code, message: `bad ${what}: ${describeZodError(parsed.error)}` });
}
