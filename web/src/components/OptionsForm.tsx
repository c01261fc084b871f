/**
 * A game's options on the new-table form, drawn from its option descriptions (the package's
 * meta, sent by /api/games): one select per option offered at this seat count.
 */
import { choicesAt, offeredOptions } from '../../../src/games/options.js';
import type { OptionDescription, OptionValue } from '../../../src/games/package.js';

export function OptionsForm({
  options,
  seats,
  chosen,
  onChange,
}: {
  options: readonly OptionDescription[];
  seats: number;
  chosen: Readonly<Record<string, OptionValue>>;
  onChange: (chosen: Record<string, OptionValue>) => void;
}) {
  return (
    <>
      {offeredOptions(options, seats, chosen).map((o) => {
        const choices = choicesAt(o, seats);
        const value = chosen[o.key] ?? o.default;
        return (
          <label key={o.key} className="field">
            <span>{o.label}</span>
            <select
              value={String(value)}
              onChange={(e) => {
                const picked = choices.find((c) => String(c.value) === e.target.value);
                if (picked) onChange({ ...chosen, [o.key]: picked.value });
              }}
              data-testid={`option-${o.key}`}
            >
              {choices.map((c) => (
                <option key={String(c.value)} value={String(c.value)}>
                  {c.label}
                </option>
              ))}
            </select>
            <small className="field-help">{forPlayers(o.explanation)}</small>
          </label>
        );
      })}
    </>
  );
}

/** An option's explanation as a player reads it: the designers' ruling code in front ("R14: ") left out. */
export const forPlayers = (text: string): string => {
  const plain = text.replace(/^[A-Z]\d+(?:[–-][A-Z]?\d+)?:\s*/, '');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
};
