import { describe, expect, it } from 'vitest';
import { BUILTINS } from './index.js';
import { choicesAt, offeredOptions, optionsObject } from './options.js';

const optionsOf = (id: string) => BUILTINS.get(id)!.meta.options;

describe('option descriptions', () => {
  it("offer Acorns' partner game only at 4, 6 or 8 seats", () => {
    const acorns = optionsOf('acorns');
    expect(offeredOptions(acorns, 5, {}).map((o) => o.key)).toEqual([]);
    expect(offeredOptions(acorns, 6, {}).map((o) => o.key)).toEqual(['partners']);
    // A choice made at 6 seats is dropped at 5, where the game would refuse it.
    expect(optionsObject(acorns, 6, { partners: true })).toEqual({ partners: true });
    expect(optionsObject(acorns, 5, { partners: true })).toEqual({});
  });

  it("offer Acorn Run's dummy settings only beside one or two players, once there are dummies", () => {
    const run = optionsOf('acorn-run');
    expect(offeredOptions(run, 2, {}).map((o) => o.key)).toEqual(['trees', 'roundLimit', 'dummies']);
    expect(offeredOptions(run, 2, { dummies: 1 }).map((o) => o.key)).toEqual(['trees', 'roundLimit', 'dummies', 'difficulty', 'start']);
    expect(offeredOptions(run, 3, { dummies: 1 }).map((o) => o.key)).toEqual(['trees', 'roundLimit']);
    const start = run.find((o) => o.key === 'start')!;
    expect(choicesAt(start, 1).map((c) => c.value)).toEqual(['first', 'last']);
    expect(choicesAt(start, 2).map((c) => c.value)).toEqual(['first', 'last', 'split']);
  });

  it('make an options object of what differs from the defaults, which the game accepts', () => {
    const pkg = BUILTINS.get('acorn-run')!;
    const chosen = { trees: 2, roundLimit: 30, dummies: 2, difficulty: 'expert', start: 'split' };
    const options = optionsObject(pkg.meta.options, 2, chosen);
    expect(options).toEqual({ trees: 2, dummies: 2, difficulty: 'expert', start: 'split' });
    expect(pkg.game.parseOptions(options, 2).ok).toBe(true);
    // Without dummies their settings are left out, and one seat cannot split.
    expect(optionsObject(pkg.meta.options, 2, { ...chosen, dummies: 0 })).toEqual({ trees: 2 });
    expect(optionsObject(pkg.meta.options, 1, chosen)).toEqual({ trees: 2, dummies: 2, difficulty: 'expert' });
  });

  it("every built-in option's default and choices are values the game accepts", () => {
    for (const pkg of BUILTINS.packages) {
      for (const option of pkg.meta.options) {
        const seats = option.seats?.[0] ?? pkg.game.seats.min;
        const requires = pkg.meta.options.find((o) => o.key === option.requires);
        const base = requires ? { [requires.key]: requires.choices.find((c) => c.value !== requires.default)!.value } : {};
        for (const c of [{ value: option.default }, ...choicesAt(option, seats)]) {
          const parsed = pkg.game.parseOptions({ ...base, [option.key]: c.value }, seats);
          expect(parsed.ok, `${pkg.game.id} ${option.key}=${String(c.value)} at ${seats} seats`).toBe(true);
        }
      }
    }
  });
});
