/**
 * A game's content as files on disk (docs/lab.md, "Content files"). `exportContent` writes each
 * content file as readable JSON with its JSON Schema beside it; `loadContentDir` reads a variant
 * directory — which may hold only the files it changes — validates every file with the game's
 * zod schemas and the checks between files, and builds the game from it. Every refusal is a
 * ContentError naming the file, the path inside it and why.
 */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod';
import { createRegistry, type Registry } from '../games/index.js';
import type { AnyGamePackage, ContentIssue } from '../games/package.js';
import { contentHash } from '../games/package.js';

/** The largest content file read, in bytes. */
export const MAX_CONTENT_FILE_BYTES = 1 << 20;
/** The most entries a content directory may hold. */
export const MAX_CONTENT_DIR_ENTRIES = 200;
/** The most problems one error lists. */
const MAX_LISTED = 5;

/** A content file that cannot be used: which file, where inside it, and why. */
export class ContentError extends Error {
  constructor(readonly issues: readonly ContentIssue[]) {
    const shown = issues.slice(0, MAX_LISTED).map(describeIssue);
    const more = issues.length > MAX_LISTED ? ` (and ${issues.length - MAX_LISTED} more)` : '';
    super(`${shown.join('; ')}${more}`);
    this.name = 'ContentError';
  }
}

/** `market-cards.json` at `cheap[3].cost`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out === '' ? '' : '.'}${String(key)}`;
  return out;
}

const describeIssue = (i: ContentIssue): string =>
  `${i.file === '' ? 'content' : `${i.file}.json`}${i.path.length > 0 ? ` at ${formatPath(i.path)}` : ''}: ${i.message}`;

const fail = (file: string, message: string, path: readonly PropertyKey[] = []): never => {
  throw new ContentError([{ file, path, message }]);
};

/** The names of a game's content files; refuses a game that has none. */
function contentFileNames(pkg: AnyGamePackage): string[] {
  const names = Object.keys(pkg.content.files);
  if (names.length === 0) fail('', `${pkg.game.title} has no content files`);
  return names;
}

/**
 * Writes `<file>.json` for each of the package's content files (with `"$schema":
 * "./<file>.schema.json"` so that an editor completes and checks its fields) and
 * `<file>.schema.json` beside it. Returns the paths written.
 */
export async function exportContent(pkg: AnyGamePackage, dir: string): Promise<string[]> {
  const names = contentFileNames(pkg);
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const name of names) {
    const schema = z.toJSONSchema(pkg.content.files[name]!, { io: 'input', unrepresentable: 'any' });
    // The files are strict objects; the editor's "$schema" hint is the one member allowed beyond them.
    if (schema.type === 'object') schema.properties = { $schema: { type: 'string' }, ...schema.properties };
    const data = pkg.content.builtin[name] as Record<string, unknown>;
    const schemaPath = join(dir, `${name}.schema.json`);
    const dataPath = join(dir, `${name}.json`);
    await writeFile(schemaPath, `${JSON.stringify({ ...schema, title: `${pkg.game.title}: ${name}` }, null, 2)}\n`);
    await writeFile(dataPath, `${JSON.stringify({ $schema: `./${name}.schema.json`, ...data }, null, 2)}\n`);
    written.push(dataPath, schemaPath);
  }
  return written;
}

/** Reads and parses one content file, bounded in size; `$schema` is an editor's hint and is dropped. */
async function readContentFile(path: string, name: string): Promise<unknown> {
  const info = await stat(path);
  if (info.size > MAX_CONTENT_FILE_BYTES) {
    fail(name, `the file is ${info.size} bytes; content files may be at most ${MAX_CONTENT_FILE_BYTES} bytes`);
  }
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    fail(name, `not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (data !== null && typeof data === 'object' && !Array.isArray(data) && '$schema' in data) {
    const { $schema: _hint, ...rest } = data as Record<string, unknown>;
    return rest;
  }
  return data;
}

/**
 * Validates content files: `given` holds the files a variant changes (raw, as read), the rest
 * come from the builtin. Returns the complete validated files, or throws a ContentError.
 */
export function validateContent(pkg: AnyGamePackage, given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const names = contentFileNames(pkg);
  const issues: ContentIssue[] = [];
  const files: Record<string, unknown> = {};
  for (const name of Object.keys(given)) {
    if (!names.includes(name)) issues.push({ file: name, path: [], message: `${pkg.game.title} has no content file '${name}' (its files: ${names.join(', ')})` });
  }
  for (const name of names) {
    if (!(name in given)) {
      files[name] = pkg.content.builtin[name];
      continue;
    }
    const parsed = pkg.content.files[name]!.safeParse(given[name]);
    if (parsed.success) files[name] = parsed.data;
    else for (const i of parsed.error.issues) issues.push({ file: name, path: i.path, message: i.message });
  }
  if (issues.length > 0) throw new ContentError(issues);
  const between = pkg.content.check(files);
  if (between.length > 0) throw new ContentError(between);
  return files;
}

/** The package built from `files` (validated like loadContentDir), named `variant`. */
export function packageWithContent(pkg: AnyGamePackage, given: Readonly<Record<string, unknown>>, variant: string): AnyGamePackage {
  const files = validateContent(pkg, given);
  const built = pkg.content.withContent(files);
  const hash = contentHash(files);
  if (hash === pkg.content.hash) return pkg;
  return { ...built, content: { ...built.content, hash, variant } };
}

/**
 * The package built from the variant directory `dir`: each `<file>.json` there replaces that
 * file of the builtin content; `*.schema.json` and other files are ignored. Content equal to the
 * builtin gives the builtin package.
 */
export async function loadContentDir(pkg: AnyGamePackage, dir: string): Promise<AnyGamePackage> {
  const names = contentFileNames(pkg);
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return fail('', `cannot read the content directory ${dir}`);
  }
  if (entries.length > MAX_CONTENT_DIR_ENTRIES) fail('', `${dir} holds ${entries.length} entries; a content directory may hold at most ${MAX_CONTENT_DIR_ENTRIES}`);
  const given: Record<string, unknown> = {};
  for (const entry of entries.sort()) {
    if (!entry.endsWith('.json') || entry.endsWith('.schema.json')) continue;
    const name = entry.slice(0, -'.json'.length);
    if (!names.includes(name)) fail(name, `${pkg.game.title} has no content file '${entry}' (its files: ${names.map((n) => `${n}.json`).join(', ')})`);
    given[name] = await readContentFile(join(dir, entry), name);
  }
  return packageWithContent(pkg, given, basename(resolve(dir)));
}

/** `registry` with the package of `gameId` replaced by its variant loaded from `dir`. */
export async function registryWithContent(registry: Registry, gameId: string, dir: string): Promise<Registry> {
  const found = registry.find(gameId);
  if (!found.ok) return fail('', found.error.message);
  const variant = await loadContentDir(found.value, dir);
  return createRegistry(registry.packages.map((p) => (p.game.id === gameId ? variant : p)));
}
