import { describe, expect, it } from 'vitest';
import { BUILTINS } from '../src/games/index.js';
import { conformanceSuite } from './conformance.js';

describe('conformance', () => {
  it('every registered game has conformance configurations', () => {
    for (const pkg of BUILTINS.packages) expect(pkg.conformance.length, pkg.game.id).toBeGreaterThan(0);
  });

  for (const pkg of BUILTINS.packages) conformanceSuite(pkg);
});
