/**
 * Variants of a game's content for `drey lab`: a content directory (`name=DIR`) or one content
 * field set to each value of a sweep. Content files are the content facet's (src/content/files.ts);
 * until a build has it, only built-in content and game options can vary.
 */
import type { Registry } from '../games/index.js';
import type { Variant } from '../lab/compare.js';
import { usage } from './errors.js';

/** The registry holding `game` built from the content files in `dir`, and the content's hash. */
export async function loadVariantRegistry(_registry: Registry, _game: string, dir: string): Promise<{ registry?: Registry; hash?: string }> {
  usage(`content directories (${dir}) need content files support (drey content export), which this build lacks: vary game options instead (name=builtin,key=value)`);
}

/** One variant per value of a content field (`race.roundLimit`, `market-cards.g-dash.cost`). */
export async function contentFieldVariants(
  _registry: Registry,
  _game: string,
  field: string,
  _values: readonly number[],
  _content?: string,
): Promise<{ value: number; variant: Variant }[]> {
  usage(`--field ${field}: content fields need content files support, which this build lacks; sweep a game option with --field options.KEY`);
}
