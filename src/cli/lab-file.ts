/**
 * A saved workbench run (`drey lab compare|sweep --json FILE`) read back for `drey lab report` and
 * `drey lab serve`: untrusted JSON, checked once here.
 */
import { z } from 'zod';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { ContentError, packageWithContent } from '../content/files.js';
import type { Registry } from '../games/index.js';
import type { AnyGamePackage } from '../games/package.js';
import { usage } from './errors.js';
import type { LabReport } from './lab-html.js';
import { loadVariantRegistry } from './lab-variants.js';

const MAX_REPLAYS = 2_000;
const MAX_ACTIONS = 200_000;

const contentHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'a content hash is 64 hex digits');

const replaySchema = z.looseObject({
  id: z.string().regex(/^[A-Za-z0-9-]{1,80}$/),
  variant: z.string().max(64),
  index: z.number().int().min(0),
  seed: z.string().max(200),
  lineup: z.array(z.string().max(64)).max(64),
  record: z.looseObject({
    game: z.string().min(1).max(64),
    seats: z.number().int().min(1).max(64),
    seed: z.string().max(200),
    options: z.unknown(),
    arrangement: z.unknown().optional(),
    actions: z.array(z.object({ seat: z.number().int().min(0), action: z.looseObject({ type: z.string() }) })).max(MAX_ACTIONS),
    contentHash: contentHashSchema.optional(),
  }),
});

const variantSchema = z.looseObject({
  name: z.string().min(1).max(64),
  source: z.string().max(4096),
  content: z.string().max(4096).optional(),
  hash: contentHashSchema.optional(),
  contentFiles: z.record(z.string().max(64), z.unknown()).optional(),
  lengths: z.array(z.object({ rounds: z.number(), games: z.number() })),
  flags: z.array(z.looseObject({ kind: z.string(), message: z.string(), index: z.number().int(), seed: z.string() })),
});

const reportSchema = z.looseObject({
  kind: z.enum(['compare', 'sweep', 'playtests']),
  game: z.string().min(1).max(64),
  title: z.string().max(200),
  variants: z.array(variantSchema).min(1).max(64),
  replays: z.array(replaySchema).max(MAX_REPLAYS),
});

/** Parses a saved run, or says what is wrong with it. */
export function parseLabReport(text: string, source: string): Result<LabReport, GameError> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err({ code: 'bad-run', message: `${source} is not JSON (${(e as Error).message})` });
  }
  // A tune's saved run (`drey lab tune --json`) is read as its confirming comparison.
  if (json !== null && typeof json === 'object' && (json as { kind?: unknown }).kind === 'tune') json = (json as { compare?: unknown }).compare;
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return err({ code: 'bad-run', message: `${source} is not a saved lab run: ${issue.message} at ${issue.path.join('.') || 'the top'}` });
  }
  // The schema checks what the report and the server read; the figures are only printed.
  return ok(parsed.data as unknown as LabReport);
}

/**
 * Each variant's package: built from the content files the report carries (`contentFiles`), or
 * for a report without them, from its content directory, or the built-in one. A package whose
 * content is not the content the variant was played with (`hash`) is refused with a usage error:
 * its replays would tell other games.
 */
export async function variantPackages(report: LabReport, registry: Registry): Promise<Map<string, AnyGamePackage>> {
  const out = new Map<string, AnyGamePackage>();
  const base = registry.get(report.game);
  if (!base) return out;
  for (const v of report.variants) {
    let pkg: AnyGamePackage;
    let from: string;
    if (v.contentFiles !== undefined) {
      from = 'the content files in the report';
      try {
        pkg = packageWithContent(base, v.contentFiles, v.name);
      } catch (e) {
        if (e instanceof ContentError) usage(`variant ${v.name}: the report's content files do not load: ${e.message}`);
        throw e;
      }
    } else if (v.content !== undefined && v.hash !== base.content.hash) {
      from = `the content in ${v.content}`;
      pkg = (await loadVariantRegistry(registry, report.game, v.content)).registry?.get(report.game) ?? base;
    } else {
      from = 'the built-in content';
      pkg = base;
    }
    if (v.hash !== undefined && pkg.content.hash !== v.hash) {
      usage(`variant ${v.name} was played with ${report.title} content ${v.hash.slice(0, 12)}, but ${from} is ${pkg.content.hash.slice(0, 12)}: its replays cannot be told`);
    }
    out.set(v.name, pkg);
  }
  return out;
}
