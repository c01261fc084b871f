/**
 * Games built from content files that are not the builtin, cached by content hash so that a
 * thread builds each variant once: lab workers (src/lab/resolve.ts) build a run's variant from
 * `RunSpec.content`, the server's bot workers build theirs from the pool's start data
 * (src/workers/entry.ts). The files are trusted here: they were checked on the calling thread
 * (src/content/files.ts) before they were sent.
 */
import { createRegistry, type Registry } from './index.js';
import { contentHash, type AnyGamePackage } from './package.js';

/** Packages built from content files, by content hash. */
const variants = new Map<string, AnyGamePackage>();

/** `pkg`'s game built from `files` (already checked), or `pkg` itself when they are its content. */
export function packageFor(pkg: AnyGamePackage, files: Readonly<Record<string, unknown>>, variant?: string): AnyGamePackage {
  const hash = contentHash(files);
  if (hash === pkg.content.hash) return pkg;
  let built = variants.get(hash);
  if (!built) {
    const made = pkg.content.withContent(files);
    built = variant === undefined ? made : { ...made, content: { ...made.content, variant } };
    variants.set(hash, built);
  }
  return built;
}

/** A game's variant as plain data, the way it crosses to a worker thread. */
export interface VariantFiles {
  game: string;
  /** The variant's name (its directory's name). */
  variant: string;
  /** The complete content files, checked. */
  files: Record<string, unknown>;
}

/** The variants a registry plays (the packages whose content is not the builtin), as plain data. */
export const variantsOf = (registry: Registry): VariantFiles[] =>
  registry.packages.flatMap((p) => (p.content.variant === undefined ? [] : [{ game: p.game.id, variant: p.content.variant, files: { ...p.content.data } }]));

/** `registry` with each listed game replaced by its variant built from the files. */
export function registryWithVariants(registry: Registry, list: readonly VariantFiles[]): Registry {
  if (list.length === 0) return registry;
  return createRegistry(
    registry.packages.map((p) => {
      const v = list.find((x) => x.game === p.game.id);
      return v ? packageFor(p, v.files, v.variant) : p;
    }),
  );
}
