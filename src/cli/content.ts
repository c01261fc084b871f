/**
 * Content files in the CLI: `drey content export|check`, and `--content DIR` on the commands
 * that play a game (sim, tournament, play, serve, replay). Loading and checking is
 * src/content/files.ts; a bad file is a usage error naming the file, the path inside it and why.
 */
import { readdir } from 'node:fs/promises';
import type { Command } from 'commander';
import { ContentError, exportContent, loadContentDir, registryWithContent } from '../content/files.js';
import type { Registry } from '../games/index.js';
import type { AnyGamePackage } from '../games/package.js';
import { usage } from './errors.js';

export const CONTENT_FLAG = ['--content <dir>', "play the game built from the content files in <dir> (see 'drey content export')"] as const;

/** Runs a content load; a ContentError becomes a usage error (exit 2), with no stack trace. */
async function loading<T>(dir: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (e instanceof ContentError) usage(`content ${dir}: ${e.message}`);
    throw e;
  }
}

/**
 * The registry with `gameId` built from the content in `dir` (unchanged without a dir), and the
 * content files a lab run sends its workers (undefined for the builtin content).
 */
export async function applyContentFlag(
  registry: Registry,
  gameId: string,
  dir: string | undefined,
): Promise<{ registry: Registry; files?: Record<string, unknown> }> {
  if (dir === undefined) return { registry };
  const found = registry.find(gameId);
  if (!found.ok) usage(found.error.message);
  const variant = await loading(dir, () => registryWithContent(registry, gameId, dir));
  const pkg = variant.get(gameId)!;
  return pkg.content.variant === undefined ? { registry: variant } : { registry: variant, files: { ...pkg.content.data } };
}

function gamePackage(registry: Registry, gameId: string): AnyGamePackage {
  const found = registry.find(gameId);
  if (!found.ok) usage(found.error.message);
  if (Object.keys(found.value.content.files).length === 0) usage(`${found.value.game.title} has no content files`);
  return found.value;
}

interface ExportFlags {
  force?: boolean;
}

export function registerContent(program: Command, registry: Registry): void {
  const content = program.command('content').description("a game's content (board, cards, decks) as JSON files a designer edits");
  content
    .command('export')
    .description('write the game\'s content as JSON files, each with a JSON Schema beside it')
    .argument('<game>', 'game id, e.g. acorn-run')
    .argument('<dir>', 'directory to write into (created; must be empty unless --force)')
    .option('--force', 'write into a directory that is not empty, replacing the content files there')
    .action(async (gameId: string, dir: string, flags: ExportFlags) => {
      const pkg = gamePackage(registry, gameId);
      const entries = await readdir(dir).catch(() => [] as string[]);
      if (entries.length > 0 && !flags.force) usage(`${dir} is not empty (use --force to write into it anyway)`);
      const written = await loading(dir, () => exportContent(pkg, dir));
      process.stdout.write(`${pkg.game.title} content (${pkg.content.hash.slice(0, 12)}): ${written.length} files in ${dir}\n`);
      for (const name of Object.keys(pkg.content.files)) process.stdout.write(`  ${name}.json  (schema: ${name}.schema.json)\n`);
      process.stdout.write(`Edit the files (delete the ones you do not change), then: drey content check ${gameId} ${dir}\n`);
    });
  content
    .command('check')
    .description('validate a content directory (only the files it changes need be there) and print its hash')
    .argument('<game>', 'game id, e.g. acorn-run')
    .argument('<dir>', 'a content directory')
    .action(async (gameId: string, dir: string) => {
      const pkg = gamePackage(registry, gameId);
      const loaded = await loading(dir, () => loadContentDir(pkg, dir));
      const changed = Object.keys(pkg.content.files).filter((n) => JSON.stringify(loaded.content.data[n]) !== JSON.stringify(pkg.content.builtin[n]));
      process.stdout.write(
        loaded.content.variant === undefined
          ? `${dir}: valid, the same as the builtin content (${loaded.content.hash.slice(0, 12)})\n`
          : `${dir}: valid variant '${loaded.content.variant}' of ${pkg.game.title}, content ${loaded.content.hash}\n  changed: ${changed.join(', ')}\n`,
      );
    });
}
