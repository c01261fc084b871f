/**
 * Variants of a game's content for `drey lab`: a content directory (`name=DIR`, loaded and
 * checked by src/content/files.ts) or one content field set to each value of a sweep. A content
 * error names the file, the path inside it and why, and exits 2.
 */
import { ContentError, packageWithContent, registryWithContent } from '../content/files.js';
import { createRegistry, type Registry } from '../games/index.js';
import type { Variant } from '../lab/compare.js';
import { setNumberAt } from '../lab/sweep.js';
import { usage } from './errors.js';

function contentUsage(where: string, e: unknown): never {
  if (e instanceof ContentError) usage(`${where}: ${e.message}`);
  throw e;
}

/** The registry holding `game` built from the content files in `dir`, and the content's hash. */
export async function loadVariantRegistry(registry: Registry, game: string, dir: string): Promise<{ registry?: Registry; hash?: string }> {
  try {
    const loaded = await registryWithContent(registry, game, dir);
    return { registry: loaded, hash: loaded.get(game)!.content.hash };
  } catch (e) {
    return contentUsage(`content ${dir}`, e);
  }
}

/**
 * One variant per value of a content field of the built-in content: `FILE.PATH`
 * (`race.roundLimit`, `market-cards.cheap.g-dash.cost`; an array element is picked by its id).
 */
export async function contentFieldVariants(
  registry: Registry,
  game: string,
  field: string,
  values: readonly number[],
  content?: string,
): Promise<{ value: number; variant: Variant }[]> {
  if (content !== undefined) usage(`--field ${field}: a content field is swept over the built-in content (leave out --content, or sweep options.KEY)`);
  const pkg = registry.find(game);
  if (!pkg.ok) usage(pkg.error.message);
  const files = pkg.value.content.builtin;
  const [file, ...path] = field.split('.');
  if (file === undefined || !(file in files) || path.length === 0) {
    usage(`--field ${field}: a content field is FILE.PATH with FILE one of ${Object.keys(files).join(', ') || '(this game has no content files)'}, or options.KEY`);
  }
  return values.map((value) => {
    const edited = setNumberAt(files[file], path, value);
    if (!edited.ok) usage(`--field ${field}: ${file}.json has ${edited.error.message}`);
    const name = `${field.split('.').pop()}=${value}`;
    let built;
    try {
      built = packageWithContent(pkg.value, { [file]: edited.value }, name);
    } catch (e) {
      contentUsage(`--field ${field}=${value}`, e);
    }
    const variant: Variant = { name, source: `builtin, ${field}=${value}`, hash: built.content.hash };
    // The built-in value itself gives the built-in package: it may play on the workers.
    if (built !== pkg.value) variant.registry = createRegistry(registry.packages.map((p) => (p.game.id === game ? built : p)));
    return { value, variant };
  });
}
