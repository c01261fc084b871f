/**
 * A sweep (`drey lab sweep`): one numeric field varied over values — a game option
 * (`options.roundLimit`) or a field of the game's content — each value a variant played on the
 * same schedule (compare.ts), reporting one figure per value with its 95% interval and marking
 * the values that meet a target ("median rounds 14-18").
 */
import { err, ok, type GameError, type Result } from '../engine/result.js';
import { figureLabel, uniqueCardNames, type FigureLabel } from './figures.js';
import { figureSummary, finishVariants, playVariants, type CompareSpec, type LabRunHeader, type Variant } from './compare.js';
import type { RunOptions } from './run.js';
import { medianWithInterval, type Interval } from './stats.js';

export type SweepStat = 'mean' | 'median';

export interface SweepTarget {
  text: string;
  stat: SweepStat;
  figure: string;
  low: number;
  high: number;
}

export interface SweepPoint {
  value: number;
  variant: string;
  n: number;
  estimate: number;
  interval: Interval;
  /** Whether the estimate lies within the target (undefined without a target). */
  meets?: boolean;
}

export interface SweepReport extends FigureLabel, LabRunHeader {
  kind: 'sweep';
  field: string;
  /** The content directory the field was changed in (absent: the built-in content). */
  content?: string;
  stat: SweepStat;
  target?: SweepTarget;
  points: SweepPoint[];
}

/** `a..b`, `a..b:step` or `1,2,3`: the values to sweep (at most 50). */
export function parseSweepValues(text: string): Result<number[], GameError> {
  const bad = (why: string): Result<number[], GameError> => err({ code: 'bad-values', message: `--values ${text}: ${why}` });
  const range = /^\s*(-?\d+(?:\.\d+)?)\s*\.\.\s*(-?\d+(?:\.\d+)?)\s*(?::\s*(\d+(?:\.\d+)?))?\s*$/.exec(text);
  let values: number[];
  if (range) {
    const [a, b, step] = [Number(range[1]), Number(range[2]), range[3] === undefined ? 1 : Number(range[3])];
    if (!(step > 0)) return bad('the step must be more than 0');
    if (b < a) return bad('a range goes from low to high (a..b)');
    values = [];
    for (let i = 0; a + i * step <= b + 1e-9; i++) values.push(Number((a + i * step).toFixed(6)));
  } else {
    const parts = text.split(',').map((s) => s.trim());
    if (parts.some((p) => !/^-?\d+(\.\d+)?$/.test(p))) return bad('give a range a..b[:step] or numbers separated by commas');
    values = parts.map(Number);
  }
  if (values.length === 0 || values.length > 50) return bad(`between 1 and 50 values, not ${values.length}`);
  return ok(values);
}

/** Figure names on the command line → figure keys (figures.ts). */
export function figureKey(name: string): string {
  const seat = /^seat(\d+)$/.exec(name);
  if (seat) return `win-seat|${Number(seat[1]) - 1}`;
  const lane = /^lane-(\w+)$/.exec(name);
  if (lane) return `win-group|lane|${lane[1]}`;
  if (name.startsWith('bot:')) return `win-bot|${name.slice(4)}`;
  if (name.startsWith('buys:')) return `card-buys|${name.slice(5)}`;
  if (name.startsWith('round-bought:')) return `card-round|${name.slice(13)}`;
  if (['rounds', 'actions'].includes(name) || name.includes('|')) return name;
  if (['comboVp', 'raceVp'].includes(name)) return `value|${name}`;
  return `stat|${name}`;
}

/**
 * "median rounds 14-18", "mean seat1 23%-27%", "finishers 3-4": a statistic (mean by default), a
 * figure and a closed range. Shares may be given in percent.
 */
export function parseTarget(text: string): Result<SweepTarget, GameError> {
  const m = /^\s*(?:(mean|median)\s+)?(\S+)\s+(-?\d+(?:\.\d+)?)(%?)\s*(?:-|–|\.\.)\s*(-?\d+(?:\.\d+)?)(%?)\s*$/.exec(text);
  if (!m) return err({ code: 'bad-target', message: `--target "${text}": write it as [mean|median] FIGURE LOW-HIGH, e.g. "median rounds 14-18"` });
  const scale = (v: string, p: string | undefined): number => (p ? Number(v) / 100 : Number(v));
  const low = scale(m[3]!, m[4]);
  const high = scale(m[5]!, m[6]);
  if (high < low) return err({ code: 'bad-target', message: `--target "${text}": the range goes from low to high` });
  return ok({ text: text.trim(), stat: (m[1] as SweepStat | undefined) ?? 'mean', figure: m[2]!, low, high });
}

/** Plays every value's variant on the same schedule and reports the figure per value. */
export async function runSweep(
  spec: CompareSpec,
  sweep: { field: string; content?: string; values: readonly { value: number; variant: Variant }[]; figure: string; stat: SweepStat; target?: SweepTarget },
  opts: RunOptions = {},
): Promise<Result<SweepReport, GameError>> {
  const played = await playVariants(spec, sweep.values.map((v) => v.variant), opts);
  if (!played.ok) return played;
  const { runs, schedule } = played.value;
  const key = figureKey(sweep.figure);
  const label = figureLabel(key, uniqueCardNames(runs[0]!.run.pkg.lab?.cardNames ?? {}));
  if (!runs.some((r) => r.games.some((g) => g.has(key)))) {
    const known = [...new Set(runs.flatMap((r) => r.games.flatMap((g) => [...g.keys()])))].sort().join(', ');
    return err({ code: 'bad-figure', message: `no figure '${sweep.figure}' in these games (figure keys: ${known})` });
  }
  const finished = finishVariants(played.value);
  if (!finished.ok) return finished;
  const scale = label.unit === 'share' && sweep.target && Math.max(Math.abs(sweep.target.low), Math.abs(sweep.target.high)) > 1 ? 0.01 : 1;
  const points = runs.map((r, i): SweepPoint => {
    const values = r.games.flatMap((g) => g.get(key) ?? []);
    // A mean's interval stays in the figure's range (Wilson for a share, cut at 0 for a count).
    const s = sweep.stat === 'median' ? medianWithInterval(values) : figureSummary(values, label.unit);
    const estimate = 'median' in s ? s.median : s.mean;
    const point: SweepPoint = { value: sweep.values[i]!.value, variant: r.variant.name, n: s.n, estimate, interval: s.interval };
    if (sweep.target) point.meets = estimate >= sweep.target.low * scale && estimate <= sweep.target.high * scale;
    return point;
  });
  const target = sweep.target ? { ...sweep.target, low: sweep.target.low * scale, high: sweep.target.high * scale } : undefined;
  return ok({
    kind: 'sweep',
    ...label,
    game: runs[0]!.run.game.id,
    title: runs[0]!.run.game.title,
    seats: spec.seats,
    bots: spec.bots,
    seed: spec.seed,
    games: schedule.length,
    blocks: runs[0]!.blocks.length,
    field: sweep.field,
    ...(sweep.content !== undefined ? { content: sweep.content } : {}),
    stat: sweep.stat,
    ...(target ? { target } : {}),
    points,
    variants: finished.value.summaries,
    replays: finished.value.replays,
  });
}

/**
 * A copy of the JSON `doc` with the number at `path` set to `value`. A path's parts name object
 * keys; in an array, a part picks the element whose `id` it is (or its index). The field must
 * exist and hold a number: a sweep changes a value, it never invents one.
 */
export function setNumberAt(doc: unknown, path: readonly string[], value: number): Result<unknown, GameError> {
  const where = (i: number): string => path.slice(0, i + 1).join('.');
  const copy: unknown = structuredClone(doc);
  let node: unknown = copy;
  for (let i = 0; i < path.length; i++) {
    const part = path[i]!;
    const last = i === path.length - 1;
    let key: string | number;
    if (Array.isArray(node)) {
      const byId = node.findIndex((e) => typeof e === 'object' && e !== null && (e as { id?: unknown }).id === part);
      key = byId >= 0 ? byId : /^\d+$/.test(part) && Number(part) < node.length ? Number(part) : -1;
      if (key === -1) return err({ code: 'bad-field', message: `no element '${part}' at ${where(i)}` });
    } else if (typeof node === 'object' && node !== null && Object.hasOwn(node, part)) {
      key = part;
    } else {
      return err({ code: 'bad-field', message: `no field ${where(i)}` });
    }
    const holder = node as Record<string | number, unknown>;
    if (last) {
      if (typeof holder[key] !== 'number') return err({ code: 'bad-field', message: `${where(i)} is not a number` });
      holder[key] = value;
    } else node = holder[key];
  }
  return ok(copy);
}

/** The number at `path` in `doc` (path parts as `setNumberAt`), or why there is none. */
export function numberAt(doc: unknown, path: readonly string[]): Result<number, GameError> {
  let node: unknown = doc;
  for (const [i, part] of path.entries()) {
    if (Array.isArray(node)) {
      const byId = node.find((e) => typeof e === 'object' && e !== null && (e as { id?: unknown }).id === part);
      node = byId ?? (/^\d+$/.test(part) ? node[Number(part)] : undefined);
    } else if (typeof node === 'object' && node !== null && Object.hasOwn(node, part)) {
      node = (node as Record<string, unknown>)[part];
    } else node = undefined;
    if (node === undefined) return err({ code: 'bad-field', message: `no field ${path.slice(0, i + 1).join('.')}` });
  }
  return typeof node === 'number' ? ok(node) : err({ code: 'bad-field', message: `${path.join('.')} is not a number` });
}
