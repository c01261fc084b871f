import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentError, exportContent, loadContentDir, MAX_CONTENT_FILE_BYTES, registryWithContent } from '../src/content/files.js';
import { BUILTINS, createRegistry } from '../src/games/index.js';
import type { AnyGamePackage } from '../src/games/package.js';
import { runSim } from '../src/lab/sim.js';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'drey-content-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const acornRun = BUILTINS.get('acorn-run')!;
const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** A variant directory holding only `market-cards.json`: the exported one with every Dash card one cheaper. */
async function dashVariant(): Promise<string> {
  const exported = tempDir();
  await exportContent(acornRun, exported);
  const market = readJson(join(exported, 'market-cards.json')) as { cheap: { id: string; cost: number }[] };
  for (const c of market.cheap) if (c.id.endsWith('-dash')) c.cost -= 1;
  const dir = tempDir();
  writeFileSync(join(dir, 'market-cards.json'), JSON.stringify(market, null, 2));
  return dir;
}

const digests = async (pkg: AnyGamePackage, seed: string): Promise<string> => {
  const registry = createRegistry(BUILTINS.packages.map((p) => (p.game.id === pkg.game.id ? pkg : p)));
  const ran = await runSim({ game: pkg.game.id, seats: 2, games: 6, seed, bots: ['heuristic'], options: {} }, { workers: 1, registry });
  if (!ran.ok) throw new Error(ran.error.message);
  return ran.value.summary.digest;
};

/** The ContentError `load` throws. */
async function refusal(load: () => Promise<unknown>): Promise<ContentError> {
  try {
    await load();
  } catch (e) {
    if (e instanceof ContentError) return e;
    throw e;
  }
  throw new Error('the content was accepted');
}

/** A variant directory with `file` written as `text`. */
function variantWith(file: string, text: string): string {
  const dir = tempDir();
  writeFileSync(join(dir, file), text);
  return dir;
}

describe('content files: export and load', () => {
  it('exports every content file with a JSON Schema beside it, and loads back as the builtin', async () => {
    for (const pkg of BUILTINS.packages.filter((p) => Object.keys(p.content.files).length > 0)) {
      const dir = tempDir();
      const written = await exportContent(pkg, dir);
      expect(written.length).toBe(2 * Object.keys(pkg.content.files).length);
      for (const name of Object.keys(pkg.content.files)) {
        const data = readJson(join(dir, `${name}.json`));
        expect(data.$schema).toBe(`./${name}.schema.json`);
        const schema = readJson(join(dir, `${name}.schema.json`));
        expect(schema.type).toBe('object');
        expect(schema.additionalProperties).toBe(false);
      }
      const back = await loadContentDir(pkg, dir);
      expect(back.content.hash).toBe(pkg.content.hash);
      expect(back.content.variant).toBeUndefined();
    }
  });

  it('a round-tripped Acorn Run plays the same games as the builtin', async () => {
    const dir = tempDir();
    await exportContent(acornRun, dir);
    // Forcing a rebuild from the files: the factory applied to the loaded files, not the builtin object.
    const files = Object.fromEntries(Object.keys(acornRun.content.files).map((n) => {
      const { $schema: _s, ...rest } = readJson(join(dir, `${n}.json`));
      return [n, rest];
    }));
    const rebuilt = acornRun.content.withContent(files);
    expect(rebuilt).not.toBe(acornRun);
    for (const seed of ['rt-1', 'rt-2']) expect(await digests(rebuilt, seed)).toBe(await digests(acornRun, seed));
  });

  it('a variant with one file changed (Dash cards one cheaper) has its own hash and plays differently', async () => {
    const dir = await dashVariant();
    const variant = await loadContentDir(acornRun, dir);
    expect(variant.content.hash).not.toBe(acornRun.content.hash);
    expect(variant.content.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(variant.content.variant).toBe(dir.split('/').at(-1));
    expect(await digests(variant, 'dash')).not.toBe(await digests(acornRun, 'dash'));
    // The builtin is untouched by the variant running beside it.
    expect(await digests(acornRun, 'rt-1')).toBe(await digests(acornRun.content.withContent(acornRun.content.builtin), 'rt-1'));
  });

  it('registryWithContent replaces only that game', async () => {
    const dir = await dashVariant();
    const registry = await registryWithContent(BUILTINS, 'acorn-run', dir);
    expect(registry.get('acorn-run')!.content.hash).not.toBe(acornRun.content.hash);
    expect(registry.get('acorns')).toBe(BUILTINS.get('acorns'));
  });
});

describe('content files: refusals name the file, the path inside it and why', () => {
  const market = (): { cheap: Record<string, unknown>[]; expensive: Record<string, unknown>[] } =>
    structuredClone(acornRun.content.builtin['market-cards']) as { cheap: Record<string, unknown>[]; expensive: Record<string, unknown>[] };

  it('a bad type', async () => {
    const m = market();
    m.cheap[3]!.cost = 'two';
    const e = await refusal(() => loadContentDir(acornRun, variantWith('market-cards.json', JSON.stringify(m))));
    expect(e.message).toMatch(/^market-cards\.json at cheap\[3\]\.cost: .*expected number/);
  });

  it('an unknown field', async () => {
    const race = { ...(acornRun.content.builtin.race as object), handsize: 7 };
    const e = await refusal(() => loadContentDir(acornRun, variantWith('race.json', JSON.stringify(race))));
    expect(e.message).toMatch(/^race\.json: .*handsize/);
  });

  it('a cost outside its deck', async () => {
    const m = market();
    m.expensive[0]!.cost = 1;
    const e = await refusal(() => loadContentDir(acornRun, variantWith('market-cards.json', JSON.stringify(m))));
    expect(e.message).toBe('market-cards.json at expensive[0].cost: expensive g-rush must cost 3–4');
  });

  it('a card id used in two files', async () => {
    const m = market();
    m.cheap[0]!.id = 's-green';
    const e = await refusal(() => loadContentDir(acornRun, variantWith('market-cards.json', JSON.stringify(m))));
    expect(e.message).toBe("market-cards.json at cheap[0].id: card id 's-green' is already used by starter-cards cards[0]");
  });

  it('a dangling reference: a dummy recipe naming more cards of a level than the deck has', async () => {
    const deck = structuredClone(acornRun.content.builtin['dummy-deck']) as { recipes: { hard: { bottom: { level: string; count: number }[] } } };
    deck.recipes.hard.bottom = [{ level: 'III', count: 12 }, { level: 'III', count: 6 }];
    const e = await refusal(() => loadContentDir(acornRun, variantWith('dummy-deck.json', JSON.stringify(deck))));
    expect(e.message).toBe('dummy-deck.json at recipes.hard: hard needs 18 level III dummy cards, the deck has 12');
  });

  it('a starter deck smaller than a hand (a check between two files)', async () => {
    const dir = variantWith('race.json', JSON.stringify({ ...(acornRun.content.builtin.race as object), handSize: 8 }));
    const starter = structuredClone(acornRun.content.builtin['starter-cards']) as { cards: { copies: number }[] };
    starter.cards[0]!.copies = 1; // the first seven kinds, one card each
    writeFileSync(join(dir, 'starter-cards.json'), JSON.stringify({ cards: starter.cards.slice(0, 7) }));
    const e = await refusal(() => loadContentDir(acornRun, dir));
    expect(e.message).toBe('starter-cards.json at cards: the starter deck has 7 cards, fewer than a hand (race.handSize 8)');
  });

  it('bad JSON', async () => {
    const e = await refusal(() => loadContentDir(acornRun, variantWith('board.json', '{ "trees": [')));
    expect(e.message).toMatch(/^board\.json: not valid JSON/);
  });

  it('a huge file', async () => {
    const e = await refusal(() => loadContentDir(acornRun, variantWith('board.json', ' '.repeat(MAX_CONTENT_FILE_BYTES + 1))));
    expect(e.message).toMatch(/^board\.json: the file is \d+ bytes; content files may be at most 1048576 bytes/);
  });

  it('a file the game does not have', async () => {
    const e = await refusal(() => loadContentDir(acornRun, variantWith('cards.json', '{}')));
    expect(e.message).toMatch(/^cards\.json: Acorn Run has no content file 'cards\.json' \(its files: board\.json, /);
  });

  it('a directory that is not there', async () => {
    const e = await refusal(() => loadContentDir(acornRun, join(tempDir(), 'missing')));
    expect(e.message).toMatch(/^content: cannot read the content directory/);
  });
});
