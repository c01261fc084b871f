/**
 * The `drey` command line run in the test's own process (no child process, so a failure shows its
 * stack): its exit code and what it printed to stdout and stderr. `opts` go to `main` (a test's own
 * game registry).
 */
import { main } from '../src/cli/main.js';

export async function runCli(argv: string[], opts: Parameters<typeof main>[1] = {}): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = process.stdout.write.bind(process.stdout);
  const e = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((s: string) => ((out += s), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => ((err += s), true)) as typeof process.stderr.write;
  try {
    return { code: await main(argv, opts), out, err };
  } finally {
    process.stdout.write = o;
    process.stderr.write = e;
  }
}
