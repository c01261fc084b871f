/**
 * A saved workbench run (`drey lab compare|sweep --json FILE`) read back for `drey lab report` and
 * `drey lab serve`: untrusted JSON, checked once here.
 */
import { z } from 'zod';
import { err, ok, type GameError, type Result } from '../engine/result.js';
import type { Registry } from '../games/index.js';
import type { AnyGamePackage } from '../games/package.js';
import type { LabReport } from './lab-html.js';
import { loadVariantRegistry } from './lab-variants.js';

const MAX_REPLAYS = 2_000;
const MAX_ACTIONS = 200_000;

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
  }),
});

const variantSchema = z.looseObject({
  name: z.string().min(1).max(64),
  source: z.string().max(4096),
  content: z.string().max(4096).optional(),
  lengths: z.array(z.object({ rounds: z.number(), games: z.number() })),
  flags: z.array(z.looseObject({ kind: z.string(), message: z.string(), index: z.number().int(), seed: z.string() })),
});

const reportSchema = z.looseObject({
  kind: z.enum(['compare', 'sweep']),
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
  const parsed = reportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return err({ code: 'bad-run', message: `${source} is not a saved lab run: ${issue.message} at ${issue.path.join('.') || 'the top'}` });
  }
  // The schema checks what the report and the server read; the figures are only printed.
  return ok(parsed.data as unknown as LabReport);
}

/** Each variant's package: the built-in one, or the one built from its content directory. */
export async function variantPackages(report: LabReport, registry: Registry): Promise<Map<string, AnyGamePackage>> {
  const out = new Map<string, AnyGamePackage>();
  for (const v of report.variants) {
    const r = v.content === undefined ? registry : ((await loadVariantRegistry(registry, report.game, v.content)).registry ?? registry);
    const pkg = r.get(report.game);
    if (pkg) out.set(v.name, pkg);
  }
  return out;
}
