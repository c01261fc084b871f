/**
 * `drey lab`: the designer's workbench (docs/lab.md).
 *
 *   drey lab compare <game> base=builtin v1=DIR[,key=value…] … --games N --bots …
 *   drey lab sweep <game> --field options.roundLimit --values 10..20:2 --figure rounds --target "median rounds 14-18"
 *   drey lab report RUN.json --html FILE
 *   drey lab serve RUN.json [--port N]
 */
import { rulingLines } from '../../lab/rulings.js';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Registry } from '../../games/index.js';
import { runCompare, type CompareReport, type CompareSpec, type Variant } from '../../lab/compare.js';
import { defaultWorkers } from '../../lab/run.js';
import { parseSweepValues, parseTarget, runSweep, type SweepReport, type SweepStat } from '../../lab/sweep.js';
import { CliError, EXIT, usage } from '../errors.js';
import { botListFlag, intFlag, seatsFor, seedFlag } from '../flags.js';
import { columns, percent } from '../format.js';
import { addGameOptionFlags, optionValue, rawGameOptions } from '../game-options.js';
import { labReportHtml, type LabReport } from '../lab-html.js';
import { parseLabReport, variantPackages } from '../lab-file.js';
import { contentFieldVariants, loadVariantRegistry } from '../lab-variants.js';
import { progressBar } from '../progress.js';
import { serveLabReport } from '../lab-serve.js';

interface RunFlags {
  seats?: number;
  games: number;
  bots: string[];
  seed: string;
  workers?: number;
  json?: string;
  html?: string;
  [option: string]: unknown;
}

interface SweepFlags extends RunFlags {
  field: string;
  values: string;
  figure?: string;
  stat?: string;
  target?: string;
}

/** `name=SOURCE[,key=value…]`: SOURCE is `builtin` or a content directory; the pairs are game options. */
export async function parseVariant(text: string, game: string, registry: Registry): Promise<Variant> {
  const eq = text.indexOf('=');
  const name = eq < 0 ? '' : text.slice(0, eq).trim();
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,31}$/.test(name)) usage(`a variant is written name=builtin or name=DIR (a name of letters, digits, - and _), not '${text}'`);
  const [source, ...pairs] = text.slice(eq + 1).split(',');
  const options: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) usage(`variant ${name}: '${pair}' is not a game option (key=value)`);
    options[pair.slice(0, at).trim()] = optionValue(pair.slice(at + 1).trim());
  }
  const where = (source ?? '').trim();
  if (where.length === 0) usage(`variant ${name}: name its content (builtin or a directory)`);
  const loaded = where === 'builtin' ? { registry: undefined, hash: registry.get(game)?.content.hash } : await loadVariantRegistry(registry, game, where);
  return {
    name,
    source: pairs.length > 0 ? `${where}, ${pairs.join(', ')}` : where,
    ...(loaded.registry ? { registry: loaded.registry } : {}),
    ...(loaded.hash !== undefined ? { hash: loaded.hash } : {}),
    ...(where !== 'builtin' ? { content: where } : {}),
    ...(pairs.length > 0 ? { options } : {}),
  };
}

function runSpec(game: string, registry: Registry, flags: RunFlags): CompareSpec {
  const found = registry.find(game);
  if (!found.ok) usage(found.error.message);
  const seats = seatsFor(found.value.game, flags.seats);
  return { game, seats, games: flags.games, bots: flags.bots, seed: flags.seed, options: rawGameOptions(flags) };
}

/** Writes the JSON and HTML files asked for; says where. */
function writeOutputs(report: LabReport, flags: { json?: string; html?: string }, registry: Registry, variants: readonly Variant[]): void {
  const write = (path: string, text: string): void => {
    try {
      writeFileSync(path, text);
    } catch (e) {
      throw new CliError(`cannot write ${path}: ${(e as Error).message}`, EXIT.failed);
    }
    process.stdout.write(`wrote ${path}\n`);
  };
  if (flags.json !== undefined) write(flags.json, `${JSON.stringify(report)}\n`);
  if (flags.html !== undefined) {
    const pkgs = new Map(variants.map((v) => [v.name, (v.registry ?? registry).get(report.game)]));
    write(flags.html, labReportHtml(report, (name) => pkgs.get(name)));
  }
}

const signedFmt = (x: number, f: (x: number) => string): string => (x > 0 ? `+${f(x)}` : f(x));

/** The compare report as text: every figure but the per-card ones, then the pairing and flags. */
export function compareLines(report: CompareReport): string[] {
  const names = report.variants.map((v) => v.name);
  const rows = report.figures
    .filter((f) => !f.key.startsWith('card-'))
    .map((f) => {
      const digits = f.values.every((v) => Math.abs(v.mean) < 1) ? 3 : 2;
      const fmt = f.unit === 'share' ? (x: number) => percent(x) : (x: number) => x.toFixed(digits);
      return [f.label, fmt(f.values[0]!.mean), ...f.diffs.flatMap((d, i) => [fmt(f.values[i + 1]!.mean), `${signedFmt(d.mean, fmt)} [${fmt(d.interval[0])}, ${fmt(d.interval[1])}]`])];
    });
  const lines = [
    `${report.title}: ${names.join(' vs ')} on the same ${report.games} games (${report.blocks} deals), ${report.seats} seats, bots ${report.bots.join(',')}, seed ${report.seed}`,
    '',
    ...columns([['figure', names[0]!, ...names.slice(1).flatMap((n) => [n, `${n} − ${names[0]} (paired 95%)`])], ...rows]),
  ];
  for (const p of report.pairing) {
    lines.push('', `pairing on ${p.label}: paired interval ${p.pairedWidth.toFixed(2)} wide, unpaired ${p.unpairedWidth.toFixed(2)} (unpaired would need ~${p.unpairedGamesForSameWidth} games per variant for the paired width)`);
  }
  for (const v of report.variants) {
    const counts = Object.entries(v.flagCounts).map(([k, n]) => `${n} ${k}`).join(', ');
    lines.push(`flags, ${v.name}: ${counts || 'none'}`);
  }
  for (const v of report.variants) {
    const gaps = rulingLines(v.rulings ?? [], percent);
    if (gaps.length > 0) lines.push('', `${v.name}: ${gaps[0]!}`, ...gaps.slice(1));
  }
  return lines;
}

export function sweepLines(report: SweepReport): string[] {
  const fmt = report.unit === 'share' ? (x: number) => percent(x) : (x: number) => x.toFixed(2);
  return [
    `${report.title}: sweep of ${report.field}${report.content === undefined ? '' : ` in the content of ${report.content}`} on the same ${report.games} games per value, ${report.stat} ${report.label}${report.target ? `, target ${report.target.text}` : ''}`,
    '',
    ...columns([
      [report.field, `${report.stat} ${report.label}`, '95% interval', ...(report.target ? ['target'] : [])],
      ...report.points.map((p) => [String(p.value), fmt(p.estimate), `[${fmt(p.interval[0])}, ${fmt(p.interval[1])}]`, ...(p.meets === undefined ? [] : [p.meets ? 'meets' : '-'])]),
    ]),
  ];
}

function addRunFlags(command: Command): Command {
  command
    .option('--seats <n>', 'number of seats (default 4, or the nearest the game allows)', intFlag(1, 64))
    .option('--games <n>', 'games per variant (rounded up to whole deals)', intFlag(1, 1_000_000), 200)
    .option('--bots <names>', 'bots, rotated through the seats (default: heuristic)', botListFlag, ['heuristic'])
    .option('--seed <seed>', 'seed of the run: deal i has seed <seed>.<i> in every variant', seedFlag, '1')
    .option('--workers <n>', 'worker threads (default: one per core)', intFlag(1, 256))
    .option('--json <file>', 'write the report as JSON (for machines, and for `drey lab report`)')
    .option('--html <file>', 'write the report as one self-contained HTML page');
  return addGameOptionFlags(command);
}

export function registerLab(program: Command, registry: Registry): void {
  const lab = program.command('lab').description("the designer's workbench: compare variants on the same deals, sweep a field, per-card figures, HTML reports");

  addRunFlags(
    lab
      .command('compare')
      .description('play variants on the same seeds (seats rotated) and report each figure against the base with a paired 95% interval')
      .argument('<game>', 'game id, e.g. acorn-run')
      .argument('<variants...>', 'name=builtin | name=DIR, with optional ,key=value game options; the first is the base'),
  ).action(async (game: string, texts: string[], flags: RunFlags) => {
    const spec = runSpec(game, registry, flags);
    const variants: Variant[] = [];
    for (const t of texts) variants.push(await parseVariant(t, game, registry));
    if (variants.length < 2) usage('compare needs a base and at least one variant, e.g. base=builtin dash=./dash-cheaper');
    const progress = progressBar(process.stderr, 'lab');
    const report = await runCompare(spec, variants, { workers: flags.workers ?? defaultWorkers(), registry, onProgress: (d, t) => progress.update(d, t) });
    progress.done();
    if (!report.ok) throw new CliError(report.error.message, report.error.code.startsWith('bad-') || report.error.code === 'unknown-game' ? EXIT.usage : EXIT.failed);
    process.stdout.write(`${compareLines(report.value).join('\n')}\n`);
    writeOutputs(report.value, flags, registry, variants);
  });

  addRunFlags(
    lab
      .command('sweep')
      .description('vary one numeric field over values on the same seeds; report a figure per value with its interval')
      .argument('<game>', 'game id, e.g. acorn-run')
      .requiredOption('--field <path>', 'options.KEY (a game option), or a content field such as race.roundLimit')
      .requiredOption('--values <values>', 'a..b[:step] or a comma-separated list')
      .option('--figure <name>', 'rounds, actions, seat1, lane-g1, finishers, disqualified, dummyWin, comboVp, raceVp, buys:CARD-ID …')
      .option('--stat <stat>', 'mean or median (default: the target\'s, else mean)')
      .option('--target <text>', 'e.g. "median rounds 14-18" or "seat1 23%-27%"')
      .option('--content <dir>', 'the content the field is changed in (default: the built-in content)'),
  ).action(async (game: string, flags: SweepFlags & { content?: string }) => {
    const spec = runSpec(game, registry, flags);
    const values = parseSweepValues(flags.values);
    if (!values.ok) usage(values.error.message);
    const target = flags.target === undefined ? undefined : parseTarget(flags.target);
    if (target && !target.ok) usage(target.error.message);
    const figure = flags.figure ?? target?.value.figure;
    if (figure === undefined) usage('name the figure to report: --figure rounds (or give a --target)');
    const stat = (flags.stat ?? target?.value.stat ?? 'mean') as SweepStat;
    if (stat !== 'mean' && stat !== 'median') usage(`--stat is mean or median, not ${flags.stat}`);
    const variants = await sweepVariants(registry, game, flags.field, values.value, flags.content);
    const progress = progressBar(process.stderr, 'sweep');
    const report = await runSweep(
      spec,
      { field: flags.field, ...(flags.content !== undefined ? { content: flags.content } : {}), values: variants, figure, stat, ...(target ? { target: target.value } : {}) },
      { workers: flags.workers ?? defaultWorkers(), registry, onProgress: (d, t) => progress.update(d, t) },
    );
    progress.done();
    if (!report.ok) throw new CliError(report.error.message, report.error.code.startsWith('bad-') ? EXIT.usage : EXIT.failed);
    process.stdout.write(`${sweepLines(report.value).join('\n')}\n`);
    writeOutputs(report.value, flags, registry, variants.map((v) => v.variant));
  });

  lab
    .command('report')
    .description('turn a saved run (--json) into the HTML report')
    .argument('<run>', 'RUN.json written by `drey lab compare|sweep --json`')
    .requiredOption('--html <file>', 'the HTML page to write')
    .action(async (path: string, flags: { html: string }) => {
      const report = readReport(path);
      const pkgs = await variantPackages(report, registry);
      try {
        writeFileSync(flags.html, labReportHtml(report, (name) => pkgs.get(name)));
      } catch (e) {
        throw new CliError(`cannot write ${flags.html}: ${(e as Error).message}`, EXIT.failed);
      }
      process.stdout.write(`wrote ${flags.html}\n`);
    });

  lab
    .command('serve')
    .description("serve a saved run's report, with its games in Drey's web replay viewer")
    .argument('<run>', 'RUN.json written by `drey lab compare|sweep --json`')
    .option('--port <n>', 'port (default 8090)', intFlag(0, 65535), 8090)
    .option('--host <addr>', 'address (default 127.0.0.1)', '127.0.0.1')
    .action(async (path: string, flags: { port: number; host: string }) => {
      const report = readReport(path);
      const pkgs = await variantPackages(report, registry);
      const server = await serveLabReport(report, pkgs, { port: flags.port, host: flags.host });
      process.stdout.write(`the report is at ${server.url}/ (Ctrl-C stops)\n`);
      await new Promise<void>((resolve) => process.once('SIGINT', () => void server.close().then(resolve)));
    });
}

function readReport(path: string): LabReport {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    usage(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const parsed = parseLabReport(text, path);
  if (!parsed.ok) usage(parsed.error.message);
  return parsed.value;
}

/** One variant per value: a game option (`options.KEY`) or a content field. */
async function sweepVariants(registry: Registry, game: string, field: string, values: readonly number[], content?: string): Promise<{ value: number; variant: Variant }[]> {
  if (field.startsWith('options.')) {
    const key = field.slice('options.'.length);
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(key)) usage(`--field ${field}: options.KEY names a game option`);
    const base = content === undefined ? undefined : await loadVariantRegistry(registry, game, content);
    return values.map((value) => ({
      value,
      variant: {
        name: `${key}=${value}`,
        source: `${content ?? 'builtin'}, ${key}=${value}`,
        options: { [key]: value },
        ...(base?.registry ? { registry: base.registry } : {}),
        ...(base?.hash ? { hash: base.hash } : {}),
        ...(content !== undefined ? { content } : {}),
      },
    }));
  }
  return contentFieldVariants(registry, game, field, values, content);
}
