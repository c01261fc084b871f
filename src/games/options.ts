/**
 * Option descriptions (package.ts) at work: which options a form offers at a seat count, with
 * which choices, and the options object its choices make. Pure, so the web lobby and tests share it.
 */
import type { OptionChoice, OptionDescription, OptionValue } from './package.js';

/** The choices of `option` a table of `seats` may take. */
export const choicesAt = (option: OptionDescription, seats: number): OptionChoice[] =>
  option.choices.filter((c) => c.seats === undefined || c.seats.includes(seats));

/** The options a form offers at `seats`, given what is chosen so far (`chosen`, by key). */
export function offeredOptions(
  options: readonly OptionDescription[],
  seats: number,
  chosen: Readonly<Record<string, OptionValue>>,
): OptionDescription[] {
  const valueOf = (o: OptionDescription): OptionValue => chosen[o.key] ?? o.default;
  const seated = options.filter((o) => o.seats === undefined || o.seats.includes(seats));
  return seated.filter((o) => {
    if (o.requires === undefined) return true;
    const needed = seated.find((r) => r.key === o.requires);
    return needed !== undefined && valueOf(needed) !== needed.default;
  });
}

/**
 * The options object for the game's parseOptions: every offered option whose chosen value is one
 * of its choices at this seat count and differs from its default. Left out, an option takes its
 * default, so the object says only what the table changes.
 */
export function optionsObject(
  options: readonly OptionDescription[],
  seats: number,
  chosen: Readonly<Record<string, OptionValue>>,
): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  for (const o of offeredOptions(options, seats, chosen)) {
    const value = chosen[o.key];
    if (value === undefined || value === o.default) continue;
    if (choicesAt(o, seats).some((c) => c.value === value)) out[o.key] = value;
  }
  return out;
}
