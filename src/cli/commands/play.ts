/** `drey play`: you against bots at a terminal table. */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Bot } from '../../engine/bot.js';
import { botSeatName } from '../../engine/bot-names.js';
import { stableHash } from '../../engine/hash.js';
import { createMatch } from '../../engine/match.js';
import { findBot, listBots } from '../../bots/index.js';
import type { Registry } from '../../games/index.js';
import type { AnyGamePackage } from '../../games/package.js';
import type { RecordFile } from '../../lab/record-file.js';
import { CliError, EXIT, usage } from '../errors.js';
import { applyContentFlag, CONTENT_FLAG } from '../content.js';
import { botListFlag, intFlag, seatsFor, seedFlag } from '../flags.js';
import { addGameOptionFlags, parseGameOptions, rawGameOptions } from '../game-options.js';
import { LineReader } from '../lines.js';
import { runTable } from '../table.js';
import { playSize } from '../term-size.js';

interface PlayFlags {
  seats?: number;
  seed?: string;
  bots?: string[];
  seat: number;
  record?: string | true;
  content?: string;
  [option: string]: unknown;
}

export function registerPlay(program: Command, builtins: Registry): void {
  const command = program
    .command('play')
    .description('play a game against bots in the terminal')
    .argument('<game>', 'game id, e.g. autumn-leaves')
    .option('--seats <n>', 'number of seats (default 4, or the nearest the game allows)', intFlag(1, 64))
    .option('--seed <seed>', 'seed of the game (default: a fresh random one, shown on screen)', seedFlag)
    .option('--bots <names>', "the bots: one name for all, or one per bot seat in seat order (default: the game's heuristic)", botListFlag)
    .option('--seat <k>', 'your seat, counting from 1 (as every report does)', intFlag(1, 64), 1)
    .option('--record [file]', 'save the match record as JSON (default file: drey-<game>-<seed>.json)')
    .option(...CONTENT_FLAG);
  addGameOptionFlags(command).action(async (gameId: string, flags: PlayFlags) => {
    const { registry } = await applyContentFlag(builtins, gameId, flags.content);
    const found = registry.find(gameId);
    if (!found.ok) usage(found.error.message);
    const pkg = found.value;
    const game = pkg.game;
    const ui = pkg.textUI;
    if (!ui) usage(`${game.title} cannot be played in the terminal yet (no text UI)`);
    const seats = seatsFor(game, flags.seats);
    if (flags.seat > seats) usage(`there is no seat ${flags.seat} at a ${seats}-seat table (seats are 1–${seats})`);
    // --seat counts from 1 for people; the engine's seats are indexes from 0.
    const human = flags.seat - 1;
    const options = rawGameOptions(flags);
    parseGameOptions(game, options, seats);
    const { bots, botNames } = chooseBots(pkg, seats, human, flags.bots);
    const seed = flags.seed ?? randomBytes(4).toString('hex');

    const created = createMatch(game, { seats, seed, options });
    if (!created.ok) usage(created.error.message);
    const match = created.value;
    const names = Array.from({ length: seats }, (_, seat) => (seat === human ? 'You' : botSeatName(seat)));
    const distinct = [...new Set(botNames.filter((_, s) => s !== human))];
    // The game's own first line usually names it; the header then needn't.
    const firstLine = ui.render(game.view(match.state, human), human, names)[0] ?? '';
    const title = firstLine.includes(game.title) ? '' : `${game.title} · `;
    const header = `${title}seed ${seed} · you are seat ${human + 1} · bots: ${distinct.join(', ') || 'none'} · ? lists moves, quit leaves`;

    const reader = new LineReader(process.stdin, process.stdout);
    const tty = Boolean(process.stdin.isTTY && process.stdout.isTTY);
    let result: Awaited<ReturnType<typeof runTable>>;
    try {
      result = await runTable(
        { match, ui, narrator: pkg.narrator, stats: pkg.stats, human, bots, names, header, botSeed: seed, reserveAtEnd: flags.record === undefined ? 0 : 2 },
        {
          ask: (prompt) => reader.ask(prompt),
          write: (text) => process.stdout.write(text),
          tty,
          // The terminal's real size at every screen (a resized window is used from the next
          // one); through a pipe COLUMNS, or lines not cut (term-size.ts).
          size: () => playSize(process.stdout, process.env),
        },
      );
    } finally {
      reader.close();
    }

    const out: string[] = [];
    if (result.end !== 'finished') {
      // On a terminal the cursor still sits on the prompt line.
      if (tty) out.push('');
      out.push(`You left the game after ${match.record.actions.length} actions (seed ${seed}).`);
    }
    if (flags.record !== undefined) {
      const path = flags.record === true ? `drey-${game.id}-${seed.replace(/[^A-Za-z0-9._-]/g, '_')}.json` : flags.record;
      const file: RecordFile = { ...match.record, bots: botNames, contentHash: pkg.content.hash };
      if (result.outcome) {
        file.outcome = result.outcome;
        file.hash = stableHash(match.state);
      }
      try {
        writeFileSync(path, `${JSON.stringify(file)}\n`);
      } catch (e) {
        throw new CliError(`could not save the record to ${path}: ${(e as Error).message}`, EXIT.failed);
      }
      out.push(`Record saved to ${path}`, `Replay it with: drey replay ${path}`);
    }
    if (out.length > 0) process.stdout.write(`${out.join('\n')}\n`);
    if (result.end === 'interrupt') process.exitCode = EXIT.interrupted;
  });
}

/** One bot per seat from --bots: one name for every bot seat, or one per bot seat in order. */
function chooseBots(pkg: AnyGamePackage, seats: number, human: number, names: string[] | undefined) {
  const fallback = listBots(pkg).some((b) => b.name === 'heuristic') ? 'heuristic' : 'random';
  const given = names ?? [fallback];
  if (given.length !== 1 && given.length !== seats - 1) {
    usage(`--bots names ${given.length} bots, but there are ${seats - 1} bot seats (name one bot for all, or one per bot seat)`);
  }
  const botNames: string[] = [];
  const bots: (Bot | undefined)[] = [];
  let next = 0;
  for (let seat = 0; seat < seats; seat++) {
    if (seat === human) {
      botNames.push('human');
      bots.push(undefined);
      continue;
    }
    const name = given.length === 1 ? given[0]! : given[next++]!;
    const bot = findBot(pkg, name);
    if (!bot.ok) usage(bot.error.message);
    botNames.push(name);
    bots.push(bot.value);
  }
  return { bots, botNames };
}
