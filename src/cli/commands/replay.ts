/** `drey replay FILE`: verify a match record and print the game as a readable log. */
import type { Command } from 'commander';
import { canonicalJson } from '../../engine/hash.js';
import { replay } from '../../engine/match.js';
import { BUILTINS, type Registry } from '../../games/index.js';
import { readRecordFile } from '../../lab/record-file.js';
import { applyContentFlag, CONTENT_FLAG } from '../content.js';
import { CliError, EXIT, usage } from '../errors.js';
import { outcomeLines } from '../outcome-text.js';
import { replayNarration } from '../replay-log.js';

interface ReplayFlags {
  json?: boolean;
  content?: string;
}

export function registerReplay(program: Command, builtins: Registry): void {
  program
    .command('replay')
    .description('verify a match record and print the game step by step')
    .argument('<file>', 'a match record (JSON), as written by `drey sim --record` or `drey play --record`')
    .option('--json', 'print whether it verified, the outcome and the final state hash as JSON')
    .option(...CONTENT_FLAG)
    .action(async (file: string, flags: ReplayFlags) => {
      // A file that cannot be read, is not a record, or names an unknown game is a usage error (2).
      const read = readRecordFile(file);
      if (!read.ok) usage(read.error.message);
      const record = read.value;
      const { registry } = await applyContentFlag(builtins, record.game, flags.content);
      const found = registry.find(record.game);
      if (!found.ok) usage(`${file}: ${found.error.message}`);
      const pkg = found.value;
      // A record names the content it was played with; one from before content files is builtin.
      const wanted = record.contentHash ?? BUILTINS.get(record.game)?.content.hash;
      if (wanted !== undefined && wanted !== pkg.content.hash) {
        const have = flags.content === undefined ? 'the builtin content' : `the content in ${flags.content}`;
        usage(
          `${file} was played with ${pkg.game.title} content ${wanted}, not ${have} (${pkg.content.hash.slice(0, 12)}); ` +
            `replay it with --content DIR, DIR holding that content's files`,
        );
      }
      const game = pkg.game;

      // A record that reads fine but does not replay to what it says is a verification failure (1).
      const names = Array.from({ length: record.seats }, (_, seat) => `Seat ${seat}`);
      const told = replayNarration(game, pkg.narrator, record.actions.length, names);
      const replayed = replay(game, record, told.observer);
      let failure: string | undefined;
      if (!replayed.ok) failure = replayed.error.message;
      else if (record.hash !== undefined && record.hash !== replayed.value.hash) {
        failure = `it replays to final state hash ${replayed.value.hash}, but the record says ${record.hash}`;
      } else if (record.outcome !== undefined && canonicalJson(record.outcome) !== canonicalJson(replayed.value.outcome)) {
        failure = 'it replays to a different outcome than the one recorded';
      }
      // A record of an unfinished game (left with Ctrl-D) is no failure: it replays as far as it goes.

      if (flags.json) {
        const out = replayed.ok
          ? {
              verified: failure === undefined,
              game: record.game,
              seats: record.seats,
              seed: record.seed,
              actions: record.actions.length,
              finished: replayed.value.outcome !== null,
              outcome: replayed.value.outcome,
              hash: replayed.value.hash,
              ...(failure === undefined ? {} : { error: failure }),
            }
          : { verified: false, game: record.game, seats: record.seats, seed: record.seed, step: replayed.error.step ?? 0, error: failure };
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      }
      if (failure !== undefined) throw new CliError(`${file} does not verify: ${failure}`, EXIT.failed);
      if (flags.json || !replayed.ok) return;

      const { steps, outcome, hash, match } = replayed.value;
      const out: string[] = [`${game.title}, ${record.seats} seats, seed ${record.seed}, ${steps.length} actions`];
      const options = canonicalJson(record.options);
      if (options !== '{}') out.push(`options: ${options}`);
      if (record.bots) out.push(`players: ${record.bots.map((b, seat) => `seat ${seat} ${b}`).join(', ')}`);
      out.push('', ...told.lines, '');
      const ui = pkg.textUI;
      if (ui) out.push(...ui.render(game.view(match.state, 'spectator'), 'spectator', names), '');
      out.push(...(outcome ? outcomeLines(outcome, names) : ['The game was left unfinished.']));
      out.push(`verified: ${steps.length} actions replay to final state hash ${hash}${record.hash ? ' (as recorded)' : ''}`);
      process.stdout.write(`${out.join('\n')}\n`);
    });
}
