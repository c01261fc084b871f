/** `drey replay FILE`: verify a match record and print the game as a readable log. */
import type { Command } from 'commander';
import { canonicalJson } from '../../engine/hash.js';
import { replay } from '../../engine/match.js';
import { findGame } from '../../games/index.js';
import { readRecordFile } from '../../lab/record-file.js';
import { CliError, EXIT, usage } from '../errors.js';
import { outcomeLines } from '../outcome-text.js';
import { textUIFor } from '../text-uis.js';

interface ReplayFlags {
  json?: boolean;
}

export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description('verify a match record and print the game step by step')
    .argument('<file>', 'a match record (JSON), as written by `drey sim --record` or `drey play --record`')
    .option('--json', 'print the outcome and final state hash as JSON')
    .action((file: string, flags: ReplayFlags) => {
      const read = readRecordFile(file);
      if (!read.ok) usage(read.error.message);
      const record = read.value;
      const game = findGame(record.game);
      if (!game.ok) usage(`${file}: ${game.error.message}`);

      const replayed = replay(game.value, record);
      let failure: string | undefined;
      if (!replayed.ok) failure = replayed.error.message;
      else if (record.hash !== undefined && record.hash !== replayed.value.hash) {
        failure = `the final state hash is ${replayed.value.hash}, but the record says ${record.hash}`;
      } else if (record.outcome !== undefined && canonicalJson(record.outcome) !== canonicalJson(replayed.value.outcome)) {
        failure = `the outcome differs from the one recorded`;
      }
      // A record of an unfinished game (left with Ctrl-D) is not a failure: it replays as far as it goes.
      if (flags.json) {
        const out = replayed.ok
          ? { verified: failure === undefined, game: record.game, seats: record.seats, seed: record.seed, actions: record.actions.length, outcome: replayed.value.outcome, hash: replayed.value.hash, ...(failure ? { error: failure } : {}) }
          : { verified: false, game: record.game, error: failure, step: replayed.error.step ?? 0 };
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      }
      if (failure !== undefined) throw new CliError(`${file} does not verify: ${failure}`, EXIT.failed);
      if (flags.json || !replayed.ok) return;

      const { steps, outcome, hash, match } = replayed.value;
      const names = Array.from({ length: record.seats }, (_, seat) =>
        record.bots?.[seat] ? `Seat ${seat} (${record.bots[seat]})` : `Seat ${seat}`,
      );
      const short = Array.from({ length: record.seats }, (_, seat) => `Seat ${seat}`);
      const out: string[] = [
        `${game.value.title}, ${record.seats} seats, seed ${record.seed}, ${steps.length} actions`,
      ];
      const options = canonicalJson(record.options);
      if (options !== '{}') out.push(`options: ${options}`);
      if (record.bots) out.push(`players: ${names.join(', ')}`);
      out.push('');
      const width = String(steps.length).length;
      for (const step of steps) {
        out.push(`${String(step.seq).padStart(width)}  ${short[step.seat]}: ${step.description}`);
      }
      out.push('');
      const ui = textUIFor(record.game);
      if (ui) out.push(...ui.render(game.value.view(match.state, 'spectator'), 'spectator', short), '');
      if (outcome) out.push(...outcomeLines(outcome, short));
      else out.push('The game was left unfinished.');
      out.push(`verified: final state hash ${hash}${record.hash ? ' (as recorded)' : ''}`);
      process.stdout.write(`${out.join('\n')}\n`);
    });
}
