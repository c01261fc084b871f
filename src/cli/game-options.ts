/**
 * Game options on the command line: a generic `--option key=value` (repeatable) plus
 * convenience flags for options several games share. The CLI only collects them into a plain
 * object; the game's parseOptions decides what they mean, so errors are the game's own.
 */
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import type { AnyGame } from '../engine/game.js';
import { usage } from './errors.js';
import { intFlag } from './flags.js';

/** Convenience flags: `--partners` is `--option partners=true`. Add a game option with one line. */
const OPTION_FLAGS: readonly { flags: string; key: string; description: string; parse?: (v: string) => unknown }[] = [
  { flags: '--partners', key: 'partners', description: 'partner game (teams of two sitting together)' },
  { flags: '--dummies <n>', key: 'dummies', description: 'number of dummy runners', parse: intFlag(0, 8) },
  { flags: '--difficulty <level>', key: 'difficulty', description: 'difficulty level of the game' },
];

/** A typed value from the text after `=`: true/false, a number, or the text itself. */
export function optionValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** Collects repeated `--option key=value` into an array of pairs. */
function collectOption(value: string, previous: [string, unknown][] = []): [string, unknown][] {
  const eq = value.indexOf('=');
  const key = (eq < 0 ? value : value.slice(0, eq)).trim();
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(key)) throw new InvalidArgumentError('It must look like key=value.');
  return [...previous, [key, eq < 0 ? true : optionValue(value.slice(eq + 1).trim())]];
}

/** Adds --option and the convenience flags to a command. */
export function addGameOptionFlags(command: Command): Command {
  command.option('--option <key=value>', 'a game option (repeatable), e.g. --option hands=3', collectOption);
  for (const flag of OPTION_FLAGS) {
    const option = new Option(flag.flags, flag.description);
    if (flag.parse) option.argParser(flag.parse);
    command.addOption(option);
  }
  return command;
}

/** The raw options object from parsed flags (keys in the order given; later ones win). */
export function rawGameOptions(opts: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const flag of OPTION_FLAGS) {
    const name = flag.key;
    if (opts[name] !== undefined) out[flag.key] = opts[name];
  }
  for (const [key, value] of (opts.option as [string, unknown][] | undefined) ?? []) out[key] = value;
  return out;
}

/** Parses the collected options through the game; its error is shown as is. */
export function parseGameOptions(game: AnyGame, raw: Record<string, unknown>, seats: number): unknown {
  const parsed = game.parseOptions(raw, seats);
  if (!parsed.ok) usage(parsed.error.message);
  return parsed.value;
}
