/** `drey serve`: the web table (HTTP + live tables + bots) on one port, data in SQLite. */
import type { Command } from 'commander';
import { serveFromEnv } from '../../server/start.js';
import { CliError, EXIT } from '../errors.js';

interface ServeFlags {
  port?: string;
  host?: string;
  db?: string;
  botDelay?: string;
  content?: string[];
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve Drey in the browser: lobby, live tables, bots, replays (env: PORT, HOST, DREY_DB)')
    .option('--port <n>', 'port to listen on (default: $PORT or 8080)')
    .option('--host <addr>', 'address to listen on (default: $HOST or 127.0.0.1)')
    .option('--db <file>', 'SQLite file for tables and their event logs (default: $DREY_DB or ./data/drey.sqlite)')
    .option('--bot-delay <ms>', 'how long bots wait before acting, so people can follow (default 700)')
    .option(
      '--content <game=dir>',
      "play <game> with the content files in <dir> (see 'drey content export'); once per game (default: $DREY_CONTENT)",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .action(async (flags: ServeFlags) => {
      // Flags win over the environment; the server parses and checks both in one place (config.ts).
      const env: NodeJS.ProcessEnv = { ...process.env };
      if (flags.port !== undefined) env.PORT = flags.port;
      if (flags.host !== undefined) env.HOST = flags.host;
      if (flags.db !== undefined) env.DREY_DB = flags.db;
      if (flags.botDelay !== undefined) env.DREY_BOT_DELAY_MS = flags.botDelay;
      const code = await serveFromEnv(env, flags.content);
      if (code === 2) throw new CliError('bad server settings (see the line above)', EXIT.usage);
      if (code !== 0) throw new CliError('the server stopped with an error', EXIT.failed);
    });
}
