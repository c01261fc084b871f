/**
 * Which content a table plays (issue 17, `drey serve --content`). A table keeps the content hash
 * (and the variant's name) of its game in `StoredTable.settings.content` from creation on, and
 * the match record a finished table gives carries it as `contentHash`, like lab and `drey play`
 * records. A table is only ever rebuilt with that same content: a server started without the
 * variant (or with another) refuses the table with a message saying what it needs, rather than
 * replaying its actions under other rules.
 */
import { z } from 'zod';
import { contentHash, type AnyGamePackage } from '../games/package.js';
import type { ContentInfo } from './protocol.js';
import { perSettings } from './settings-cache.js';

const StoredContentSchema = z.object({
  content: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), variant: z.string().min(1).max(200).optional() }),
});

/** The content `pkg` is built from, as a table keeps it. */
export const contentInfoOf = (pkg: AnyGamePackage): ContentInfo =>
  pkg.content.variant === undefined ? { hash: pkg.content.hash } : { hash: pkg.content.hash, variant: pkg.content.variant };

const builtinHashes = new WeakMap<AnyGamePackage, string>();

/** The hash of the content the game ships with (what a table stored before content hashes was played with). */
function builtinHash(pkg: AnyGamePackage): string {
  let hash = builtinHashes.get(pkg);
  if (hash === undefined) {
    hash = pkg.content.variant === undefined ? pkg.content.hash : contentHash(pkg.content.builtin);
    builtinHashes.set(pkg, hash);
  }
  return hash;
}

/** The content a stored table keeps in its settings (absent on tables stored before tables kept it); read once per settings object. */
export const storedContentOf = perSettings((settings): ContentInfo | undefined => {
  const parsed = StoredContentSchema.safeParse(settings);
  return parsed.success ? Object.freeze(parsed.data.content) : undefined;
});

/**
 * The content a stored table was played with: its settings' `content`, or — for a table stored
 * before tables kept it — the game's builtin content.
 */
export function tableContentOf(stored: { settings?: unknown }, pkg: AnyGamePackage): ContentInfo {
  return storedContentOf(stored) ?? { hash: builtinHash(pkg) };
}

const describe = (title: string, c: ContentInfo): string =>
  c.variant === undefined ? `${title} content ${c.hash.slice(0, 12)}` : `variant '${c.variant}' of ${title} (content ${c.hash.slice(0, 12)})`;

/**
 * Why this server cannot play a stored table (its content is not the content `pkg` is built
 * from), or undefined when it can.
 */
export function contentRefusal(stored: { id: string; settings?: unknown }, pkg: AnyGamePackage): string | undefined {
  const wanted = tableContentOf(stored, pkg);
  if (wanted.hash === pkg.content.hash) return undefined;
  const title = pkg.game.title;
  const fix =
    wanted.hash === builtinHash(pkg)
      ? 'restart the server without --content for that game'
      : `restart the server with --content ${pkg.game.id}=DIR, DIR holding that variant's content files`;
  return `table ${stored.id} was played with ${describe(title, wanted)}, but this server plays ${describe(title, contentInfoOf(pkg))}; to open it, ${fix}`;
}
