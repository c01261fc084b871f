/**
 * Content sensitivity (issue 23): the Acorns bots see the content they play. A paired lab
 * comparison (src/lab/compare.ts: the same deals for both variants) of heuristic bots on the
 * shipped deck against a variant whose 8-acorn tree is worth 30 must show, at 95%, that the bots
 * fight harder for the tree made valuable: more cards played on it (the lab probe's treeCards6,
 * row 7 of the deck file), while the trees nobody changed are fought for about as before.
 *
 * Raising the most valuable tree keeps the deck's order (trees are sorted by value), so both
 * variants deal exactly the same cards: a bot blind to tree values would play identical games and
 * the difference would be exactly 0 (checked by making the heuristic score every tree as 4 acorns:
 * treeCards6 differed by 0.00 [0.00, 0.00]).
 */
import { describe, expect, it } from 'vitest';
import { BUILTIN_CONTENT } from '../src/games/acorns/content/index.js';
import { BUILTIN_PACKAGES, BUILTINS, createRegistry } from '../src/games/index.js';
import { packageFor } from '../src/games/variants.js';
import { runCompare } from '../src/lab/compare.js';

describe('Acorns bots are sensitive to tree values', () => {
  it('a tree made much more valuable gets more cards played on it (paired, 95%)', async () => {
    const deck = structuredClone(BUILTIN_CONTENT);
    const row = deck.trees.findIndex((t) => t.acorns === 8);
    expect(row).toBe(6);
    deck.trees[row]!.acorns = 30;
    const acorns = BUILTINS.get('acorns')!;
    const registry = createRegistry(BUILTIN_PACKAGES.map((p) => (p === acorns ? packageFor(p, { deck }) : p)));
    const report = await runCompare(
      { game: 'acorns', seats: 4, games: 200, seed: 'tree-values', bots: ['heuristic'] },
      [
        { name: 'base', source: 'builtin' },
        { name: 'rich-tree', source: 'trees[6].acorns=30', registry },
      ],
      { workers: 1 },
    );
    if (!report.ok) throw new Error(report.error.message);
    const diff = (key: string) => {
      const f = report.value.figures.find((x) => x.key === key);
      if (!f) throw new Error(`no figure ${key}`);
      return f.diffs[0]!;
    };
    const rich = diff(`value|treeCards${row}`);
    // More cards on the 30-acorn tree, with the whole 95% interval above zero.
    expect(rich.interval[0]).toBeGreaterThan(0);
    expect(rich.mean).toBeGreaterThan(0.1);
    // Its value shows in the acorns claimed (the same deals, so the same trees are claimed).
    expect(diff('value|acornsClaimed').interval[0]).toBeGreaterThan(0);
    // The cheapest trees, unchanged, draw about as many cards as before (within 0.1 a seat-game).
    expect(Math.abs(diff('value|treeCards0').mean)).toBeLessThan(0.1);
  });
});
