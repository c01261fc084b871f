import { describe, expect, it } from 'vitest';
import { acornRun } from '../index.js';
import { boardAcornsFor } from '../board.js';
import { BUILTIN_TABLES } from '../tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;

describe('Acorn Run arrangements with dummies', () => {
  it('R8: acorns handed out by an arrangement leave room for the spaces dummies fill', () => {
    const options = acornRun.parseOptions({ dummies: 3 }, 1);
    if (!options.ok) throw new Error(options.error.message);
    const left = T.content.race.acorns - boardAcornsFor(T, 4).reduce((a, b) => a + b, 0);
    expect(acornRun.parseArrangement({ acorns: [left] }, 1, options.value).ok).toBe(true);
    const over = acornRun.parseArrangement({ acorns: [left + 1] }, 1, options.value);
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.error.message).toMatch(`only ${left} acorns are left`);
  });
});
