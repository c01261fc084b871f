/**
 * Variants of a game's content for `drey lab`: a content directory (`name=DIR`, loaded and
 * checked by src/content/files.ts) or one content field set to each value of a sweep. A content
 * error names the file, the path inside it and why, and exits 2.
 */
import { ContentError, loadContentDir, packageWithContent, registryWithContent } from '../content/files.js';
import { createRegistry, type Registry } from '../games/index.js';
import type { AnyGamePackage } from '../games/package.js';
import type { Variant } from '../lab/compare.js';
import { numberAt, setNumberAt } from '../lab/sweep.js';
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
 * One variant per value of a content field: `FILE.PATH` (`race.roundLimit`,
 * `market-cards.cheap.g-dash.cost`; an array element is picked by its id), set in the built-in
 * content, or with `content` in that directory's content (the builtin with the directory's files
 * over it). A value that gives the built-in content is the built-in package (no registry).
 */
export async function contentFieldVariants(
  registry: Registry,
  game: string,
  field: string,
  values: readonly number[],
  content?: string,
): Promise<{ value: number; variant: Variant }[]> {
  const pkg = registry.find(game);
  if (!pkg.ok) usage(pkg.error.message);
  const builtin = pkg.value.content.builtin;
  const [file, ...path] = field.split('.');
  if (file === undefined || !(file in builtin) || path.length === 0) {
    usage(`--field ${field}: a content field is FILE.PATH with FILE one of ${Object.keys(builtin).join(', ') || '(this game has no content files)'}, or options.KEY`);
  }
  const files = await startingFiles(pkg.value, content);
  const where = content ?? 'builtin';
  return values.map((value) => {
    const edited = setNumberAt(files[file], path, value);
    if (!edited.ok) usage(`--field ${field}: ${content === undefined ? '' : `${content}: `}${file}.json has ${edited.error.message}`);
    const name = `${field.split('.').pop()}=${value}`;
    let built;
    try {
      built = packageWithContent(pkg.value, { ...files, [file]: edited.value }, name);
    } catch (e) {
      contentUsage(`--field ${field}=${value}${content === undefined ? '' : ` in ${content}`}`, e);
    }
    const variant: Variant = { name, source: `${where}, ${field}=${value}`, hash: built.content.hash, ...(content !== undefined ? { content } : {}) };
    // Content equal to the builtin gives the built-in package: it plays as the builtin.
    if (built !== pkg.value) variant.registry = createRegistry(registry.packages.map((p) => (p.game.id === game ? built : p)));
    return { value, variant };
  });
}

/**
 * `drey lab tune`'s content: the starting files (the builtin, or with `content` that directory's
 * content over it), each field's starting value, and a builder of the variant with every field
 * set at once, which answers why instead when the content check refuses the result.
 */
export async function tuneContent(
  registry: Registry,
  game: string,
  fields: readonly string[],
  content?: string,
): Promise<{ start: number[]; variant: (settings: readonly number[], name: string) => Variant | { why: string } }> {
  const pkg = registry.find(game);
  if (!pkg.ok) usage(pkg.error.message);
  const builtin = pkg.value.content.builtin;
  const files = await startingFiles(pkg.value, content);
  const paths = fields.map((field) => {
    const [file, ...path] = field.split('.');
    if (file === undefined || !(file in builtin) || path.length === 0) {
      usage(`--field ${field}: a content field is FILE.PATH with FILE one of ${Object.keys(builtin).join(', ') || '(this game has no content files)'}`);
    }
    return { field, file, path };
  });
  const start = paths.map(({ field, file, path }) => {
    const v = numberAt(files[file], path);
    if (!v.ok) usage(`--field ${field}: ${content === undefined ? '' : `${content}: `}${file}.json has ${v.error.message}`);
    return v.value;
  });
  const where = content ?? 'builtin';
  const variant = (settings: readonly number[], name: string): Variant | { why: string } => {
    const edited: Record<string, unknown> = { ...files };
    for (const [i, { field, file, path }] of paths.entries()) {
      const next = setNumberAt(edited[file], path, settings[i]!);
      if (!next.ok) return { why: `${field}: ${next.error.message}` };
      edited[file] = next.value;
    }
    let built;
    try {
      built = packageWithContent(pkg.value, edited, name);
    } catch (e) {
      if (e instanceof ContentError) return { why: e.message };
      throw e;
    }
    const v: Variant = { name, source: where, hash: built.content.hash, ...(content !== undefined ? { content } : {}) };
    if (built !== pkg.value) v.registry = createRegistry(registry.packages.map((p) => (p.game.id === game ? built : p)));
    return v;
  };
  return { start, variant };
}

/** The content a field is changed in: the builtin, or with `content` that directory's content (exit 2 if it is refused). */
async function startingFiles(pkg: AnyGamePackage, content: string | undefined): Promise<Readonly<Record<string, unknown>>> {
  if (content === undefined) return pkg.content.builtin;
  try {
    return (await loadContentDir(pkg, content)).content.data;
  } catch (e) {
    return contentUsage(`content ${content}`, e);
  }
}
