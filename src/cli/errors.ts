/**
 * How the CLI fails: one line on stderr and an exit code, never a stack trace. Commands throw a
 * CliError; main.ts catches it at the top.
 */

/** Exit codes (documented in docs/cli.md). */
export const EXIT = {
  ok: 0,
  /** A record that was read fine but does not verify (drey replay), or a sim that broke mid-run. */
  failed: 1,
  /** Bad flags, unknown games or bots, wrong seat counts, unreadable files. */
  usage: 2,
  /** Interrupted with Ctrl-C. */
  interrupted: 130,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Throws a usage error (exit 2). */
export function usage(message: string): never {
  throw new CliError(message, EXIT.usage);
}
