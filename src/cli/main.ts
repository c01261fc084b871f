/**
 * The `drey` command. Each subcommand lives in its own file under commands/ and is registered
 * here with one line. Every failure ends as one line on stderr and an exit code (see errors.ts).
 */
import { Command, CommanderError } from 'commander';
import { BUILTINS, type Registry } from '../games/index.js';
import { registerDb } from './commands/db.js';
import { registerPlay } from './commands/play.js';
import { registerReplay } from './commands/replay.js';
import { registerServe } from './commands/serve.js';
import { registerSim } from './commands/sim.js';
import { registerTournament } from './commands/tournament.js';
import { registerWorker } from './commands/worker.js';
import { CliError, EXIT } from './errors.js';

/** Subcommands, in the order `drey --help` lists them. Add one with one line. */
const COMMANDS: readonly ((program: Command, registry: Registry) => void)[] = [registerPlay, registerSim, registerTournament, registerReplay, registerServe, registerDb, registerWorker];

/** The `drey` program over these games (default: the built-in ones). */
export function buildProgram(registry: Registry = BUILTINS): Command {
  const program = new Command('drey')
    .description('Drey: Autumn Leaves, Acorns and Acorn Run in the terminal, with bots and a simulation lab')
    .version('0.1.0')
    .showSuggestionAfterError(true)
    // Commander's own errors read like ours, on one line: "drey: unknown option '--seat' (did you mean --seats?)".
    .configureOutput({
      outputError: (text, write) =>
        write(text.replace(/^error: /, 'drey: ').replace(/\n\(Did you mean (.*)\?\)/, ' (did you mean $1?)')),
    })
    .exitOverride();
  // Subcommands copy these settings when they are created, so set them before registering.
  for (const register of COMMANDS) register(program, registry);
  return program;
}

/**
 * Runs `drey` with `argv` (without node and the script path); resolves to the exit code. Tests
 * may pass a registry with games of their own.
 */
export async function main(argv: readonly string[], opts: { registry?: Registry } = {}): Promise<number> {
  // `drey replay x | head`: when the reader goes away, stop quietly instead of throwing EPIPE.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(EXIT.ok);
      throw e;
    });
  }
  try {
    await buildProgram(opts.registry).parseAsync([...argv], { from: 'user' });
    return process.exitCode === undefined ? EXIT.ok : Number(process.exitCode);
  } catch (e) {
    if (e instanceof CommanderError) {
      // Commander has already printed its one-line message (or the help / version).
      return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (e instanceof CliError) {
      process.stderr.write(`drey: ${e.message}\n`);
      return e.exitCode;
    }
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`drey: internal error: ${message} (set DREY_DEBUG=1 for details)\n`);
    if (process.env.DREY_DEBUG === '1' && e instanceof Error) process.stderr.write(`${e.stack ?? ''}\n`);
    return 70;
  }
}
