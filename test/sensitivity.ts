/**
 * The content-sensitivity harness (issue 23): a content change and the behaviour that must
 * follow, checked by a PAIRED lab comparison (src/lab/compare.ts: the builtin and the variant
 * played on the same deals, seats rotated) at 95%. A game's suite (test/sensitivity-<game>.test.ts)
 * builds variants from its builtin content and asserts on the figures' paired differences; any game
 * with a content facet and a lab probe can use it.
 */
import { playVariants, type CompareSpec } from '../src/lab/compare.js';
import { pairedDifference, type Difference } from '../src/lab/stats.js';
import { BUILTINS, createRegistry } from '../src/games/index.js';
import type { AnyGamePackage } from '../src/games/package.js';

/** The builtin package of `game` built from its builtin content files changed by `edit`. */
export function variantOf(game: string, edit: (files: Record<string, unknown>) => void): AnyGamePackage {
  const builtin = BUILTINS.get(game);
  if (!builtin) throw new Error(`no game ${game}`);
  const files = structuredClone(builtin.content.data) as Record<string, unknown>;
  edit(files);
  return builtin.content.withContent(files);
}

/**
 * Plays the builtin and `variant` on the same deals (heuristic or any bots the spec names) and
 * returns the paired difference (variant − builtin) of a figure, or of the sum of several figures
 * (say, the copies bought of every Twig), over the deals where both variants measured it.
 */
export async function pairedEffects(spec: CompareSpec, variant: AnyGamePackage): Promise<(...keys: string[]) => Difference> {
  const registry = createRegistry([...BUILTINS.packages.filter((p) => p.game.id !== spec.game), variant]);
  const played = await playVariants(spec, [{ name: 'builtin', source: 'builtin' }, { name: 'variant', source: 'edited content', registry }], { workers: 1 });
  if (!played.ok) throw new Error(played.error.message);
  const [base, other] = played.value.runs;
  const sum = (block: Map<string, { sum: number; n: number }>, keys: readonly string[]): number | undefined => {
    const means = keys.flatMap((k) => {
      const acc = block.get(k);
      return acc && acc.n > 0 ? [acc.sum / acc.n] : [];
    });
    return means.length === 0 ? undefined : means.reduce((a, b) => a + b, 0);
  };
  return (...keys) => {
    const pairs: [number, number][] = [];
    base!.blocks.forEach((block, b) => {
      const x = sum(block, keys);
      const y = sum(other!.blocks[b]!, keys);
      if (x !== undefined && y !== undefined) pairs.push([x, y]);
    });
    return pairedDifference(pairs);
  };
}

/** Whether a paired difference is significant at 95% in the given direction. */
export const isUp = (d: Difference | undefined): boolean => d !== undefined && d.interval[0] > 0;
export const isDown = (d: Difference | undefined): boolean => d !== undefined && d.interval[1] < 0;

/** A difference in words, for failure messages: "+0.42 [0.10, 0.74] over 30 blocks". */
export const said = (d: Difference | undefined): string =>
  d === undefined ? 'not measured' : `${d.mean >= 0 ? '+' : ''}${d.mean.toFixed(3)} [${d.interval[0].toFixed(3)}, ${d.interval[1].toFixed(3)}] over ${d.n} blocks`;
