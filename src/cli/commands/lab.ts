/**
 * `drey lab`: the designer's workbench (docs/lab.md).
 *
 *   drey lab compare <game> base=builtin v1=DIR[,key=value…] … --games N --bots …
 *   drey lab sweep <game> --field options.roundLimit --values 10..20:2 --figure rounds --target "median rounds 14-18"
 *   drey lab tune <game> --field race.roundLimit=20..30 --field … --target "rounds 14±1" --target … --budget 4000 --out DIR
 *   drey lab playtests <game> [--db FILE] [--variant NAME | --content DIR] --bots … --games N
 *   drey lab report RUN.json --html FILE
 *   drey lab serve RUN.json [--port N]
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rulingLines } from '../../lab/rulings.js';
import type { Command } from 'commander';
import type { Registry } from '../../games/index.js';
import type { AnyGamePackage } from '../../games/package.js';
import { curveLines, tensionLines } from '../../lab/curves-text.js';
import { runCompare, type CompareReport, type CompareSpec, type Variant } from '../../lab/compare.js';
import { defaultWorkers } from '../../lab/run.js';
import { parseSweepValues, parseTarget, runSweep, type SweepReport, type SweepStat } from '../../lab/sweep.js';
import { labelWithSameAs, statLabel } from '../../lab/figures.js';
import { FEW, FEW_LEGEND, type Difference } from '../../lab/stats.js';
import { CliError, EXIT, usage } from '../errors.js';
import { botListFlag, intFlag, seatsFor, seedFlag } from '../flags.js';
import { columns, percent } from '../format.js';
import { addGameOptionFlags, optionValue, rawGameOptions } from '../game-options.js';
import { labReportHtml, type LabReport } from '../lab-html.js';
import { parseLabReport, variantPackages } from '../lab-file.js';
import { contentFieldVariants, loadVariantRegistry, tuneContent } from '../lab-variants.js';
import { parseTuneField, parseTuneTarget, runTune, MAX_TUNE_CANDIDATES, type TuneField, type TuneReport, type TuneRound, type TuneTarget, type TargetEstimate } from '../../lab/tune.js';
import { canonicalJson } from '../../engine/hash.js';
import { progressBar } from '../progress.js';
import { addQueueFlags, queueRun, type QueueFlags } from '../queue-flags.js';
import { serveLabReport } from '../lab-serve.js';
import { paceFromDb, playtestLines, runPlaytests, writePlaytestCsv, type PlaytestFlags } from '../lab-playtests.js';

/** Flags every lab command takes (addSharedFlags). */
interface SharedFlags extends QueueFlags {
  seats?: number;
  bots: string[];
  seed: string;
  workers?: number;
  json?: string;
  html?: string;
  db?: string;
  [option: string]: unknown;
}

interface RunFlags extends SharedFlags {
  games: number;
}

interface TuneFlags extends SharedFlags {
  field: string[];
  target: string[];
  budget: number;
  minutes?: number;
  candidates: number;
  confirm?: number;
  content?: string;
  out?: string;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

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

async function runSpec(game: string, registry: Registry, flags: RunFlags): Promise<CompareSpec> {
  const found = registry.find(game);
  if (!found.ok) usage(found.error.message);
  const seats = seatsFor(found.value.game, flags.seats);
  // With a database, minutes of play come from people's measured move times (move-times.ts).
  const pace = await paceFromDb(flags.db, game);
  return { game, seats, games: flags.games, bots: flags.bots, seed: flags.seed, options: rawGameOptions(flags), ...(pace ? { pace } : {}) };
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
      // "*" marks an interval that excludes 0 (a difference, not a verdict); "n=4, too few" one that means little.
      const diff = (d: Difference): string =>
        `${signedFmt(d.mean, fmt)} [${fmt(d.interval[0])}, ${fmt(d.interval[1])}]${d.interval[0] > 0 || d.interval[1] < 0 ? ' *' : ''}${d.n < FEW ? ` (n=${d.n}, too few)` : ''}`;
      return [labelWithSameAs(f), fmt(f.values[0]!.mean), ...f.diffs.flatMap((d, i) => [fmt(f.values[i + 1]!.mean), diff(d)])];
    });
  const lines = [
    `${report.title}: ${names.join(' vs ')} on the same ${report.games} games (${report.blocks} deals), ${report.seats} seats, bots ${report.bots.join(',')}, seed ${report.seed}`,
    '',
    ...columns([['figure', names[0]!, ...names.slice(1).flatMap((n) => [n, `${n} − ${names[0]} (paired 95%)`])], ...rows]),
    '',
    `* the paired 95% interval excludes 0: the games show a difference (whether more or less is better is the designer's call)`,
    ...(report.figures.some((f) => f.few) ? [FEW_LEGEND] : []),
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
  lines.push(...curvesAndTensionLines(report));
  return lines;
}

/** Each variant's tension figures and its lead measure's curves (the HTML report draws them all). */
export function curvesAndTensionLines(report: CompareReport): string[] {
  const lines: string[] = [];
  for (const v of report.variants) {
    if (v.tension) lines.push('', `tension, ${v.name} (lead measure: ${v.tension.lead}${v.tension.lowerIsBetter ? ', lower first' : ''}):`, ...tensionLines(v.tension).map((l) => `  ${l}`));
    if (v.curves && v.tension) {
      const lead = v.curves.measures.filter((m) => m.key === v.tension!.lead);
      lines.push(`curves, ${v.name} (mean at the end of the round; a game that ended counts with its final value):`, ...curveLines({ ...v.curves, measures: lead }).map((l) => `  ${l}`));
    }
  }
  return lines;
}

export function sweepLines(report: SweepReport): string[] {
  const fmt = report.unit === 'share' ? (x: number) => percent(x) : (x: number) => x.toFixed(2);
  return [
    `${report.title}: sweep of ${report.field}${report.content === undefined ? '' : ` in the content of ${report.content}`} on the same ${report.games} games per value, ${statLabel(report.stat, report.label)}${report.target ? `, target ${report.target.text}` : ''}`,
    '',
    ...columns([
      [report.field, statLabel(report.stat, report.label), '95% interval', ...(report.target ? ['target'] : [])],
      ...report.points.map((p) => [String(p.value), fmt(p.estimate), `[${fmt(p.interval[0])}, ${fmt(p.interval[1])}]${p.n < FEW ? ` (n=${p.n}, too few)` : ''}`, ...(p.meets === undefined ? [] : [p.meets ? 'meets' : '-'])]),
    ]),
  ];
}

function addRunFlags(command: Command): Command {
  return addSharedFlags(command.option('--games <n>', 'games per variant (rounded up to whole deals)', intFlag(1, 1_000_000), 200));
}

function addSharedFlags(command: Command): Command {
  addQueueFlags(command)
    .option('--seats <n>', 'number of seats (default 4, or the nearest the game allows)', intFlag(1, 64))
    .option('--bots <names>', 'bots, rotated through the seats (default: heuristic)', botListFlag, ['heuristic'])
    .option('--seed <seed>', 'seed of the run: deal i has seed <seed>.<i> in every variant', seedFlag, '1')
    .option('--workers <n>', 'worker threads (default: one per core)', intFlag(1, 256))
    .option('--json <file>', 'write the report as JSON (for machines, and for `drey lab report`)')
    .option('--html <file>', 'write the report as one self-contained HTML page')
    .option('--db <file|url>', "a server's database (SQLite file or postgres:// URL): minutes of play from its measured human move times");
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
    const spec = await runSpec(game, registry, flags);
    const variants: Variant[] = [];
    for (const t of texts) variants.push(await parseVariant(t, game, registry));
    if (variants.length < 2) usage('compare needs a base and at least one variant, e.g. base=builtin dash=./dash-cheaper');
    const progress = progressBar(process.stderr, 'lab');
    const report = await runCompare(spec, variants, { workers: flags.workers ?? defaultWorkers(), registry, onProgress: (d, t) => progress.update(d, t), ...queueRun(flags) });
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
    const spec = await runSpec(game, registry, flags);
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
      { workers: flags.workers ?? defaultWorkers(), registry, onProgress: (d, t) => progress.update(d, t), ...queueRun(flags) },
    );
    progress.done();
    if (!report.ok) throw new CliError(report.error.message, report.error.code.startsWith('bad-') ? EXIT.usage : EXIT.failed);
    process.stdout.write(`${sweepLines(report.value).join('\n')}\n`);
    writeOutputs(report.value, flags, registry, variants.map((v) => v.variant));
  });

  addSharedFlags(
    lab
      .command('tune')
      .description('search content fields toward targets (successive halving on paired seeds), then confirm the best against the start on fresh seeds')
      .argument('<game>', 'game id, e.g. acorn-run')
      .requiredOption('--field <path=values>', 'a content field and its values, e.g. race.roundLimit=20..30:2 (repeat for each field)', collect, [])
      .requiredOption('--target <text>', 'e.g. "rounds 14±1", "seat* fair±2%", "mean dummyWin 45%-55%", "bought:* 5%-90%" (repeat for each target)', collect, [])
      .option('--budget <games>', 'games the search may play, all candidates together', intFlag(10, 10_000_000), 4000)
      .option('--minutes <m>', 'stop the search after about this many minutes (the best so far is kept)', intFlag(1, 10_080))
      .option('--candidates <n>', `content candidates drawn from the fields' values (default 16, at most ${MAX_TUNE_CANDIDATES})`, intFlag(2, MAX_TUNE_CANDIDATES), 16)
      .option('--confirm <games>', 'games of the confirming comparison per variant (default a quarter of the budget, at least 100)', intFlag(1, 1_000_000))
      .option('--content <dir>', 'the content to start from (default: the built-in content)')
      .option('--out <dir>', 'write the best content here (after every round, and at the end), ready for --content'),
  ).action(async (game: string, flags: TuneFlags) => {
    const spec = await runSpec(game, registry, { ...flags, games: 1 });
    const fields: TuneField[] = flags.field.map((t) => {
      const f = parseTuneField(t);
      if (!f.ok) usage(f.error.message);
      return f.value;
    });
    const targets: TuneTarget[] = flags.target.map((t) => {
      const parsed = parseTuneTarget(t);
      if (!parsed.ok) usage(parsed.error.message);
      return parsed.value;
    });
    if (new Set(fields.map((f) => f.field)).size !== fields.length) usage('each --field is named once');
    const built = await tuneContent(registry, game, fields.map((f) => f.field), flags.content);
    const progress = progressBar(process.stderr, 'tune');
    const writeBest = (settings: readonly number[], note: string[]): void => {
      if (flags.out === undefined) return;
      const v = built.variant(settings, 'best');
      if ('why' in v) return;
      writeTuned(flags.out, (v.registry ?? registry).get(game)!.content.data, registry.get(game)!.content.builtin, note);
    };
    const report = await runTune(
      {
        spec,
        fields,
        start: built.start,
        targets,
        budget: { games: flags.budget, ...(flags.minutes !== undefined ? { minutes: flags.minutes } : {}) },
        candidates: flags.candidates,
        ...(flags.confirm !== undefined ? { confirm: flags.confirm } : {}),
        variant: built.variant,
      },
      {
        workers: flags.workers ?? defaultWorkers(),
        ...queueRun(flags),
        registry,
        onProgress: (d, t) => progress.update(d, t),
        onRound: (round, best) => {
          progress.done();
          process.stderr.write(`${roundLine(round, fields)}\n`);
          writeBest(best.settings, [`Best so far after round ${round.round} of the search (not yet confirmed).`, '', ...roundLines(round, fields)]);
        },
      },
    );
    progress.done();
    if (!report.ok) throw new CliError(report.error.message, report.error.code.startsWith('bad-') ? EXIT.usage : EXIT.failed);
    const lines = tuneLines(report.value);
    process.stdout.write(`${lines.join('\n')}\n`);
    writeBest(report.value.best.settings, lines);
    if (flags.out !== undefined) process.stdout.write(`wrote the best content to ${flags.out} (use it with --content ${flags.out})\n`);
    const variants = [report.value.start, report.value.best].map((c, i) => {
      const v = built.variant(c.settings, i === 0 ? 'start' : 'best');
      return 'why' in v ? { name: i === 0 ? 'start' : 'best', source: '' } : { ...v, name: i === 0 ? 'start' : 'best' };
    });
    if (flags.json !== undefined) {
      try {
        writeFileSync(flags.json, `${JSON.stringify(report.value)}\n`);
      } catch (e) {
        throw new CliError(`cannot write ${flags.json}: ${(e as Error).message}`, EXIT.failed);
      }
      process.stdout.write(`wrote ${flags.json}\n`);
    }
    writeOutputs(report.value.compare, { ...(flags.html !== undefined ? { html: flags.html } : {}) }, registry, variants);
  });

  lab
    .command('playtests')
    .description("the finished playtest tables of a server's database beside the bots: the same figures with independent 95% intervals, the players' feedback, every game's replay")
    .argument('<game>', 'game id, e.g. acorn-run')
    .option('--db <file|url>', "the server's database: an SQLite file or a postgres:// URL (default: $DATABASE_URL, else $DREY_DB, else ./data/drey.sqlite)")
    .option('--variant <name>', 'the playtests of this content variant (the name `drey serve --content` gave it)')
    .option('--content <dir>', 'the content the playtests were played with (default: the built-in content); tables are matched by its hash')
    .option('--bots <names>', 'bots of the comparison run, rotated through the seats (default: heuristic)', botListFlag, ['heuristic'])
    .option('--games <n>', 'bot games per seat count', intFlag(1, 1_000_000), 200)
    .option('--seed <seed>', "seed of the bots' run", seedFlag, '1')
    .option('--workers <n>', 'worker threads (default: one per core)', intFlag(1, 256))
    .option('--json <file>', 'write the report as JSON (for machines, and for `drey lab report|serve`)')
    .option('--csv <dir>', 'write tables.csv, seats.csv, feedback.csv and figures.csv into this directory')
    .option('--html <file>', 'write the report as one self-contained HTML page')
    .action(async (game: string, flags: PlaytestFlags) => {
      const report = await runPlaytests(game, registry, flags);
      process.stdout.write(`${playtestLines(report).join('\n')}\n`);
      if (flags.csv !== undefined) writePlaytestCsv(flags.csv, report);
      const pkgs = flags.html === undefined ? new Map<string, AnyGamePackage>() : await variantPackages(report, registry);
      writeFile(flags.json, () => `${JSON.stringify(report)}\n`);
      writeFile(flags.html, () => labReportHtml(report, (name) => pkgs.get(name)));
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
    .argument('<run>', 'RUN.json written by `drey lab compare|sweep|playtests --json`')
    .option('--port <n>', 'port (default 8090)', intFlag(0, 65535), 8090)
    .option('--host <addr>', 'address (default 127.0.0.1)', '127.0.0.1')
    .option('--playtests <file>', 'a saved `drey lab playtests --json` report: served as the Playtests page beside the run')
    .action(async (path: string, flags: { port: number; host: string; playtests?: string }) => {
      const report = readReport(path);
      const pkgs = await variantPackages(report, registry);
      let playtests: { report: LabReport; packages: Map<string, AnyGamePackage> } | undefined;
      if (flags.playtests !== undefined) {
        const p = readReport(flags.playtests);
        if (p.kind !== 'playtests') usage(`${flags.playtests} is a saved ${p.kind} run, not a playtest report (drey lab playtests --json)`);
        if (p.game !== report.game) usage(`${flags.playtests} holds playtests of ${p.title}, not ${report.title}`);
        playtests = { report: p, packages: await variantPackages(p, registry) };
      }
      const server = await serveLabReport(report, pkgs, { port: flags.port, host: flags.host, ...(playtests ? { playtests } : {}) });
      process.stdout.write(`the report is at ${server.url}/${report.kind === 'playtests' || playtests ? `, the playtests at ${server.url}/playtests` : ''} (Ctrl-C stops)\n`);
      await new Promise<void>((resolve) => process.once('SIGINT', () => void server.close().then(resolve)));
    });
}

/** Writes `path` (when asked for) and says so. */
function writeFile(path: string | undefined, text: () => string): void {
  if (path === undefined) return;
  try {
    writeFileSync(path, text());
  } catch (e) {
    throw new CliError(`cannot write ${path}: ${(e as Error).message}`, EXIT.failed);
  }
  process.stdout.write(`wrote ${path}\n`);
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

const settingsText = (fields: readonly TuneField[], settings: readonly number[]): string => fields.map((f, i) => `${f.field}=${settings[i]}`).join(', ');

const estimateText = (e: TargetEstimate): string => {
  const share = e.key.startsWith('win-') || e.key.startsWith('card-games|') || e.key === 'stat|dummyWin';
  const fmt = share ? (x: number) => percent(x) : (x: number) => x.toFixed(2);
  return `${fmt(e.estimate)} [${fmt(e.interval[0])}, ${fmt(e.interval[1])}]${e.meets ? '' : ` (target ${fmt(e.low)}–${fmt(e.high)})`}`;
};

/** How many candidates the content check refused, and its distinct reasons (the first three). */
function refusedText(report: TuneReport): string {
  const whys = [...new Set(report.refused.map((r) => r.why))];
  const n = report.refused.length;
  return `${n} candidate${n === 1 ? '' : 's'} refused by the content check (${whys.slice(0, 3).join('; ')}${whys.length > 3 ? '; …' : ''})`;
}

function roundLine(round: TuneRound, fields: readonly TuneField[]): string {
  const best = round.ranking[0]!;
  return `round ${round.round}: ${round.candidates} candidates × ${round.games} games in ${round.seconds.toFixed(1)} s; best so far ${best.name}${best.start ? ' (the start)' : ''}: ${settingsText(fields, best.settings)}, distance ${best.loss.toFixed(3)}`;
}

function roundLines(round: TuneRound, fields: readonly TuneField[]): string[] {
  return columns([
    ['candidate', 'settings', 'games', 'distance', ...round.ranking[0]!.estimates.map((e) => e.target)],
    ...round.ranking.map((c) => [c.name, settingsText(fields, c.settings), String(c.games), c.loss.toFixed(3), ...c.estimates.map(estimateText)]),
  ]);
}

/** The tune as text: the search, then the start against the best on fresh seeds, target by target. */
export function tuneLines(report: TuneReport): string[] {
  const lines = [
    `${report.title}: tune of ${report.fields.map((f) => f.field).join(', ')} toward ${report.targets.map((t) => `"${t.text}"`).join(', ')}, ${report.seats} seats, bots ${report.bots.join(',')}, seed ${report.seed}`,
    `search: ${report.rounds.length} rounds of successive halving, ${report.searchGames} games in ${report.searchSeconds.toFixed(0)} s (budget ${report.budget.games} games${report.budget.minutes !== undefined ? ` or ${report.budget.minutes} min` : ''})${report.refused.length > 0 ? `; ${refusedText(report)}` : ''}`,
  ];
  if (report.stoppedEarly) lines.push(`stopped early: ${report.stoppedEarly}`);
  for (const r of report.rounds) lines.push(`  ${roundLine(r, report.fields)}`);
  lines.push(
    '',
    `best: ${report.best.start ? 'the starting content (no candidate came closer to the targets)' : settingsText(report.fields, report.best.settings)}`,
    `start: ${settingsText(report.fields, report.start.settings)}`,
    '',
    `confirmed on ${report.confirm.games} fresh games per variant (seed ${report.confirm.seed}), worst member for a family, 95% intervals:`,
    ...columns([
      ['target', 'start', 'best', 'met by'],
      ...report.targets.map((t, i) => {
        const a = report.confirm.start[i];
        const b = report.confirm.best[i];
        return [
          t.text,
          a ? `${a.label}: ${estimateText(a)}` : 'no such figure',
          b ? `${b.label}: ${estimateText(b)}` : 'no such figure',
          [a?.meets ? 'start' : '', b?.meets ? 'best' : ''].filter(Boolean).join(', ') || 'neither',
        ];
      }),
    ]),
  );
  // Flags tell how a target was met: a length met by the sunset shows as round-limit games.
  for (const v of report.compare.variants) {
    const counts = Object.entries(v.flagCounts).map(([k, n]) => `${n} ${k}`).join(', ');
    lines.push(`flags, ${v.name}: ${counts || 'none'} (of ${report.confirm.games} games)`);
  }
  return lines;
}

/** The tuned content as a directory for --content: the files that differ from the builtin, and TUNE.md. */
function writeTuned(dir: string, data: Readonly<Record<string, unknown>>, builtin: Readonly<Record<string, unknown>>, note: readonly string[]): void {
  try {
    mkdirSync(dir, { recursive: true });
    // Files of an earlier best that this one no longer changes go, so the directory is exactly this content.
    for (const entry of readdirSync(dir)) if (entry.endsWith('.json') && !entry.endsWith('.schema.json') && entry.slice(0, -5) in builtin) rmSync(join(dir, entry));
    for (const [name, file] of Object.entries(data)) {
      if (canonicalJson(file) !== canonicalJson(builtin[name])) writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(file, null, 2)}\n`);
    }
    writeFileSync(join(dir, 'TUNE.md'), `# drey lab tune\n\n\`\`\`\n${note.join('\n')}\n\`\`\`\n`);
  } catch (e) {
    throw new CliError(`cannot write ${dir}: ${(e as Error).message}`, EXIT.failed);
  }
}
