/**
 * The workbench's report as ONE self-contained HTML page (`drey lab compare --html`, `drey lab
 * report RUN.json --html`): tables, charts drawn with Observable Plot on the server into inline
 * SVG (linkedom's document stands in for the browser's), and the replays of the flagged and
 * sample games embedded in the page — each told by the game's narrator, and linked to Drey's web
 * replay viewer when the page is served by `drey lab serve`. No external requests.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import { replay } from '../engine/match.js';
import type { AnyGamePackage } from '../games/package.js';
import type { CompareReport, ReplayEntry, VariantSummary } from '../lab/compare.js';
import type { SweepReport } from '../lab/sweep.js';
import type { PlaytestReport } from '../lab/playtests.js';
import { MIN_MOVES } from '../lab/move-times.js';
import { FEW, labelWithSameAs, statLabel, type Share } from '../lab/figures.js';
import { FEW_RULE, type Difference, type Interval, type MeanSummary } from '../lab/stats.js';
import { replayNarration } from './replay-log.js';
import { CURVES_STYLE, VARIANT_COLOURS, curvesAndTensionSection, figureRefsCell } from './lab-curves-html.js';

export type LabReport = CompareReport | SweepReport | PlaytestReport;

const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pct = (x: number): string => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : '–');
const num = (x: number, digits = 2): string => (Number.isFinite(x) ? x.toFixed(digits) : '–');
/** "-0.00" reads as "0.00". */
const noNegativeZero = (text: string): string => text.replace(/^-(0[.,]?0*%?)$/, '$1');
const signed = (x: number, f: (x: number) => string): string => {
  const text = noNegativeZero(f(x));
  return Number.isFinite(x) && x > 0 && !/^0[.,]?0*%?$/.test(text) ? `+${text}` : text;
};
const interval = ([lo, hi]: Interval, f: (x: number) => string): string => `[${noNegativeZero(f(lo))}, ${noNegativeZero(f(hi))}]`;

/** A link to an embedded replay: the page's own anchor. */
export const replayAnchor = (id: string): string => `#replay-${id}`;

function svg(options: Record<string, unknown>): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const plot = Plot.plot({ ...options, document } as Parameters<typeof Plot.plot>[0]) as unknown as { outerHTML: string };
  return `<figure class="chart">${plot.outerHTML}</figure>`;
}

// A share of nothing (a card nobody bought: its buyers' win share) is "–", not "– (n=0, too few)".
const shareCell = (s: Share): string =>
  s.n === 0 ? '–' : s.n < FEW ? `<span class="few" title="fewer than ${FEW} samples">${pct(s.rate)} (n=${s.n}, too few)</span>` : `${pct(s.rate)} <small>${interval(s.interval, pct)} n=${s.n}</small>`;
const meanCell = (m: MeanSummary, digits = 2): string =>
  m.n === 0 ? '–' : `${num(m.mean, digits)} <small>± ${num(m.sd, digits)} sd, ${interval(m.interval, (x) => num(x, digits))} n=${m.n}</small>`;
/**
 * A difference, marked (bold and ◆, one neutral colour) when its 95% interval excludes 0. Not
 * green or red: a significant difference is not "good" or "bad" — that depends on what the
 * designer wants (SIGNIFICANCE_LEGEND).
 */
const diffCell = (d: Difference, f: (x: number) => string): string => {
  if (d.n === 0) return '–'; // nothing to compare (a figure one side's games do not have)
  const clear = d.interval[0] > 0 || d.interval[1] < 0;
  const few = d.n < FEW ? ` <span class="few">too few</span>` : '';
  return `<span class="${clear ? 'clear' : 'unclear'}">${clear ? '◆ ' : ''}${signed(d.mean, f)} <small>${interval(d.interval, f)} n=${d.n}</small></span>${few}`;
};

const SIGNIFICANCE_LEGEND = `<p class="legend"><b>◆ bold</b>: the 95% interval excludes 0 — a difference the games show, not a verdict (whether more or less is better is the designer's call). <span class="few">too few</span>: ${esc(FEW_RULE)}. Shares use Wilson's interval, differences of shares Newcombe's (paired: his 1998 method for paired data), counts a normal interval cut at 0.</p>`;

function replayLink(report: LabReport, variant: string, index: number | undefined, text = 'replay'): string {
  if (index === undefined) return '';
  const entry = report.replays.find((r) => r.variant === variant && r.index === index);
  return entry ? `<a class="replay" href="${replayAnchor(entry.id)}">${esc(text)}</a>` : '';
}

function header(report: CompareReport | SweepReport): string {
  const variants = report.variants
    .map((v) => `<li><b>${esc(v.name)}</b>: ${esc(v.source)}${v.hash ? ` <code>${esc(v.hash)}</code>` : ''} — ${report.games} games in ${num(v.seconds, 1)} s on ${v.workers === 1 ? 'one thread' : `${v.workers} threads`}</li>`)
    .join('');
  return `<p>${esc(report.title)}, ${report.seats} seats, bots ${esc(report.bots.join(', '))}, seed <code>${esc(report.seed)}</code>: every variant played the same ${report.games} games (${dealsPhrase(report)}: common random numbers).</p><ul>${variants}</ul>`;
}

/**
 * How the games came from deals. A lineup of one bot in every seat is the same lineup in every
 * rotation, so the schedule plays each deal once (games = deals) and saying "every rotation" would
 * promise seat-swapped games that were never needed.
 */
export function dealsPhrase(report: { games: number; blocks: number }): string {
  const perDeal = report.games / report.blocks;
  const deals = `${report.blocks} ${report.blocks === 1 ? 'deal' : 'deals'}`;
  return perDeal === 1 ? `${deals}, one game each: every seat has the same bot, so a rotation would repeat it` : `${deals}, each played in every distinct rotation of the lineup, ${num(perDeal, 0)} games a deal`;
}

function figuresSection(report: CompareReport): string {
  const names = report.variants.map((v) => v.name);
  const how = report.diffLabel ?? 'paired 95%';
  const head = `<tr><th>figure</th><th>${esc(names[0]!)}</th>${names.slice(1).map((n) => `<th>${esc(n)}</th><th>${esc(n)} − ${esc(names[0]!)} (${esc(how)})</th>`).join('')}</tr>`;
  const rowsOf = (card: boolean): string =>
    report.figures
    .filter((f) => f.key.startsWith('card-') === card)
    .map((f) => {
      // Figures below 1 (a card's copies per seat) get a third decimal, or their differences read 0.00.
      const digits = f.values.every((v) => Math.abs(v.mean) < 1) ? 3 : 2;
      const fmt = f.unit === 'share' ? pct : (x: number) => num(x, digits);
      // A figure none of a column's games has (a playtest's bot seat beside bot games of one bot) says so.
      const cell = (m: MeanSummary): string =>
        m.n === 0 ? '<span class="few">not in these games</span>' : `${fmt(m.mean)} <small>${interval(m.interval, fmt)}</small>${m.n < FEW ? ` <span class="few">n=${m.n}, too few</span>` : ''}`;
      return `<tr><td>${esc(labelWithSameAs(f))}</td><td>${cell(f.values[0]!)}</td>${f.diffs.map((d, i) => `<td>${cell(f.values[i + 1]!)}</td><td>${diffCell(d, fmt)}</td>`).join('')}${figureReplaysCell(report, f)}</tr>`;
    })
    .join('');
  const cards = rowsOf(true);
  const pairing = report.pairing
    .map(
      (p) =>
        `<p class="pairing">Pairing on <b>${esc(p.label)}</b>: the paired 95% interval of the difference is ${num(p.pairedWidth)} wide; the same games compared unpaired give ${num(p.unpairedWidth)}. Unpaired, about ${p.unpairedGamesForSameWidth.toLocaleString('en-US')} games per variant would be needed for the paired width (${report.games.toLocaleString('en-US')} were played).</p>`,
    )
    .join('');
  const cardTable = cards ? `<h3>Cards${report.diffLabel ? '' : ', paired'}: copies bought per seat and round bought</h3><table>${head}${cards}</table>` : '';
  return `<h2>Figures</h2>${pairing}${SIGNIFICANCE_LEGEND}<table>${head.replace(/<\/tr>$/, '<th>replays (per variant: near mean, min, max)</th></tr>')}${rowsOf(false)}</table>${cardTable}`;
}

/** A figure row's replays: per variant, its games nearest the mean and at the extremes (card rows link from the card table). */
function figureReplaysCell(report: CompareReport, f: CompareReport['figures'][number]): string {
  if (!f.refs) return '';
  const links = f.refs.map((refs, i) => {
    const name = report.variants[i]!.name;
    const cell = figureRefsCell((variant, index, text) => replayLink(report, variant, index, text), name, refs);
    return cell && f.refs!.length > 1 ? `${esc(name)}: ${cell}` : cell;
  });
  return `<td><small>${links.filter((l) => l !== '').join('<br>')}</small></td>`;
}

function winChart(report: CompareReport): string {
  const data = report.figures
    .filter((f) => f.key.startsWith('win-seat|') || f.key.startsWith('win-group|'))
    .flatMap((f) => f.values.flatMap((v, i) => (v.n === 0 ? [] : [{ figure: `${f.label.replace('win share, ', '')} · ${report.variants[i]!.name}`, variant: report.variants[i]!.name, mean: v.mean, lo: v.interval[0], hi: v.interval[1] }])));
  if (data.length === 0) return '';
  return `<h3>Win share with 95% intervals, per seat and start, per variant</h3>${svg({
    marginLeft: 170,
    width: 760,
    height: 40 + 18 * data.length,
    x: { label: 'win share (dashed: fair share)', percent: true, grid: true },
    y: { label: null, domain: data.map((d) => d.figure) },
    // Each variant in the colour it has in every chart of the page (the curves' too).
    color: { legend: true, domain: report.variants.map((v) => v.name), range: VARIANT_COLOURS },
    marks: [
      Plot.ruleX([1 / report.seats], { stroke: '#999', strokeDasharray: '4 3' }),
      Plot.ruleY(data, { y: 'figure', x1: 'lo', x2: 'hi', stroke: 'variant', strokeWidth: 2 }),
      Plot.dot(data, { y: 'figure', x: 'mean', fill: 'variant', r: 4 }),
    ],
  })}`;
}

function lengthChart(report: LabReport): string {
  const data = report.variants.flatMap((v) => v.lengths.map((l) => ({ variant: v.name, rounds: l.rounds, games: l.games })));
  if (data.length === 0) return '';
  const medians = report.variants.map((v) => `${esc(v.name)}: median ${num(v.medianRounds.median, 1)} rounds ${interval(v.medianRounds.interval, (x) => num(x, 0))}`).join('; ');
  return `<h3>Game length (rounds)</h3><p>${medians}</p>${svg({
    width: 760,
    height: 120 + 90 * report.variants.length,
    marginRight: 90,
    fy: { label: null },
    x: { label: 'rounds', tickFormat: 'd' },
    y: { label: 'games', grid: true },
    // Each variant in the colour it has in every chart of the page (the curves' too).
    color: { legend: true, domain: report.variants.map((v) => v.name), range: VARIANT_COLOURS },
    marks: [Plot.barY(data, { x: 'rounds', y: 'games', fill: 'variant', fy: 'variant' }), Plot.ruleY([0])],
  })}`;
}

function cardsSection(report: LabReport, v: VariantSummary): string {
  if (v.cards.length === 0) return '';
  const rows = v.cards
    .map((c) => {
      const uses = Object.entries(c.uses)
        .map(([k, m]) => `${k} ${num(m.mean)}`)
        .join(', ');
      const iwd = c.few ? `<span class="few">${diffCell(c.improvement, pct)}</span>` : diffCell(c.improvement, pct);
      return `<tr id="card-${esc(v.name)}-${esc(c.id)}"><td>${esc(c.name)} <small>${esc(c.id)}</small></td><td>${shareCell(c.boughtIn)}</td><td>${meanCell(c.round, 1)}</td><td>${shareCell(c.winBought)}</td><td>${shareCell(c.winPassed)}</td><td>${iwd}</td><td>${esc(uses)}</td><td>${replayLink(report, v.name, c.sample)}</td></tr>`;
    })
    .join('');
  const chart = svg({
    marginLeft: 140,
    width: 760,
    height: 40 + 16 * v.cards.length,
    x: { label: 'improvement when bought (win share bought − passed)', percent: true, grid: true },
    y: { label: null },
    marks: [
      Plot.ruleX([0]),
      Plot.ruleY(v.cards, { y: 'name', x1: (c: (typeof v.cards)[number]) => c.improvement.interval[0], x2: (c: (typeof v.cards)[number]) => c.improvement.interval[1], stroke: (c: (typeof v.cards)[number]) => (c.few ? '#bbb' : '#36c') }),
      Plot.dot(v.cards, { y: 'name', x: (c: (typeof v.cards)[number]) => c.improvement.mean, fill: (c: (typeof v.cards)[number]) => (c.few ? '#bbb' : '#36c') }),
    ],
  });
  return `<h3>Cards — ${esc(v.name)}</h3><table><tr><th>card</th><th>bought in (seat-games)</th><th>round bought (mean ± sd)</th><th>win share, bought</th><th>win share, offered and passed</th><th>improvement when bought</th><th>uses per buyer-game</th><th></th></tr>${rows}</table>${chart}`;
}

function placesSection(report: LabReport, v: VariantSummary): string {
  if (v.places.length === 0) return '';
  const rows = v.places
    .map((p) => `<tr><td>${esc(p.id)}</td><td>${shareCell(p.used)}</td><td>${p.few ? `<span class="few">${meanCell(p.rounds)} too few games</span>` : meanCell(p.rounds)}</td><td>${replayLink(report, v.name, p.sample)}</td></tr>`)
    .join('');
  return `<h3>Lanes and trees — ${esc(v.name)}</h3><table><tr><th>place</th><th>used by (seat-games)</th><th>rounds spent there, when used</th><th></th></tr>${rows}</table>`;
}

function flagsSection(report: LabReport): string {
  const items = report.variants.flatMap((v) =>
    v.flags.map((f) => `<li><b>${esc(v.name)}</b> game ${f.index} (seed <code>${esc(f.seed)}</code>), ${esc(f.kind)}: ${esc(f.message)} ${replayLink(report, v.name, f.index)}</li>`),
  );
  const counts = report.variants
    .map((v) => `${esc(v.name)}: ${Object.entries(v.flagCounts).map(([k, n]) => `${n} ${esc(k)}`).join(', ') || 'none'}`)
    .join('; ');
  return `<h2>Flags</h2><p>${counts} (the first five of each kind are listed).</p><ul class="flags">${items.join('') || '<li>nothing flagged</li>'}</ul>`;
}

/**
 * Rule gaps (docs/lab.md): per variant, how often each ruling decided a situation the rulebook
 * leaves open — firings per game and the share of games with at least one, each with its 95%
 * interval — and replays of the first games where it fired.
 */
function rulingsSection(report: LabReport): string {
  const parts = report.variants.flatMap((v) => {
    if (!v.rulings || v.rulings.length === 0) return [];
    const rows = v.rulings
      .map((r) => {
        const links = r.examples.map((e) => replayLink(report, v.name, e.index, `game ${e.index}`)).filter((l) => l !== '').join(' ');
        return `<tr id="gap-${esc(v.name)}-${esc(r.id)}"><td><b>${esc(r.id)}</b></td><td>${esc(r.situation)}</td><td>${num(r.perGame.mean, 3)} <small>${interval(r.perGame.interval, (x) => num(x, 3))}</small></td><td>${pct(r.share)} <small>${interval(r.shareInterval, pct)}</small></td><td>${links || '<small>never fired</small>'}</td></tr>`;
      })
      .join('');
    return [`<h3>Rule gaps — ${esc(v.name)} (${v.rulings[0]!.n} games)</h3><table><tr><th>ruling</th><th>the situation it decides</th><th>per game (95%)</th><th>games with one (95%)</th><th>replays</th></tr>${rows}</table>`];
  });
  return parts.length === 0 ? '' : `<h2>Rule gaps</h2><p>How often the players meet a situation the rulebook leaves open, decided by a ruling (RULINGS.md).</p>${parts.join('')}`;
}

function sweepSection(report: SweepReport): string {
  const fmt = report.unit === 'share' ? pct : (x: number) => num(x);
  const named = statLabel(report.stat, report.label);
  const rows = report.points
    .map((p) => `<tr class="${p.meets ? 'meets' : ''}"><td>${esc(String(p.value))}</td><td>${fmt(p.estimate)} <small>${interval(p.interval, fmt)} n=${p.n}</small></td><td>${p.meets === undefined ? '' : p.meets ? '✔ meets the target' : '✘'}</td><td>${replayLink(report, p.variant, 0, 'sample game')}</td></tr>`)
    .join('');
  const data = report.points.map((p) => ({ value: p.value, estimate: p.estimate, lo: p.interval[0], hi: p.interval[1], meets: p.meets ? 'meets target' : 'misses target' }));
  type Point = (typeof data)[number];
  // Half a cap's width in the field's own units: a small share of the swept range.
  const values = data.map((d) => d.value);
  const cap = (Math.max(...values) - Math.min(...values) || 1) / 90;
  const band = report.target ? [Plot.rectY([report.target], { y1: 'low', y2: 'high', fill: '#4a4', fillOpacity: 0.12 })] : [];
  const chart = svg({
    width: 760,
    // Inset: the first and last values' interval bars would otherwise sit on the frame and read as axis lines.
    // Ticks at the swept values themselves (a field like hand size takes whole numbers: 6.5 cards is no value).
    x: { label: report.field, inset: 24, ticks: sweepTicks(values), ...(values.every(Number.isInteger) ? { tickFormat: 'd' } : {}) },
    y: { label: named, grid: true, ...(report.unit === 'share' ? { percent: true } : {}) },
    color: { legend: report.target !== undefined },
    marks: [
      ...band,
      Plot.line(data, { x: 'value', y: 'estimate', stroke: '#888' }),
      // Each value's 95% interval: a bar with caps, so it cannot be taken for a grid or axis line.
      Plot.ruleX(data, { x: 'value', y1: 'lo', y2: 'hi', stroke: '#555' }),
      Plot.ruleY(data, { x1: (d: Point) => d.value - cap, x2: (d: Point) => d.value + cap, y: 'lo', stroke: '#555' }),
      Plot.ruleY(data, { x1: (d: Point) => d.value - cap, x2: (d: Point) => d.value + cap, y: 'hi', stroke: '#555' }),
      Plot.dot(data, { x: 'value', y: 'estimate', fill: report.target ? 'meets' : '#36c', r: 4 }),
    ],
  });
  const target = report.target ? `, target ${esc(report.target.text)}` : '';
  return `<h2>Sweep of ${esc(report.field)}${report.content === undefined ? '' : ` in the content of <code>${esc(report.content)}</code>`}: ${esc(named)}${target}</h2>${chart}<table><tr><th>${esc(report.field)}</th><th>${esc(named)} (95%)</th><th>target</th><th></th></tr>${rows}</table>`;
}

/** The x ticks of a sweep: its values, sorted, thinned evenly to at most a dozen (first and last kept). */
export function sweepTicks(values: readonly number[]): number[] {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const most = 12;
  if (sorted.length <= most) return sorted;
  const every = Math.ceil((sorted.length - 1) / (most - 1));
  return sorted.filter((_, i) => i % every === 0 || i === sorted.length - 1);
}

/** At most this many of a sweep's values get curves: one colour each (VARIANT_COLOURS), readable overlaid. */
const SWEEP_CURVES = 5;

/**
 * A sweep's curves and tension (issue 26): of its values, evenly spread ones (the first and the
 * last included) overlaid like a comparison's variants, so how a race unfolds can be read across
 * the swept field.
 */
function sweepCurves(report: SweepReport): string {
  const n = report.variants.length;
  const picked = n <= SWEEP_CURVES ? report.variants : [...new Set(Array.from({ length: SWEEP_CURVES }, (_, i) => Math.round((i * (n - 1)) / (SWEEP_CURVES - 1))))].map((i) => report.variants[i]!);
  const section = curvesAndTensionSection(picked, (variant, index, text) => replayLink(report, variant, index, text));
  if (section === '' || picked.length === n) return section;
  return section.replace('</h2>', `</h2><p>Curves of ${picked.length} of the ${n} values, evenly spread: ${picked.map((v) => esc(v.name)).join(', ')} (every value's tension figures are in the saved run's JSON).</p>`);
}

/** Each embedded game: its narrated log and its record (for the replay viewer). */
function replaysSection(report: LabReport, packageOf: (variant: string) => AnyGamePackage | undefined): string {
  const parts = report.replays.map((r) => {
    const pkg = packageOf(r.variant);
    let log = '';
    if (pkg) {
      const names = r.lineup.map((bot, seat) => `Seat ${seat + 1} (${bot})`);
      const told = replayNarration(pkg.game, pkg.narrator, r.record.actions.length, names);
      const replayed = replay(pkg.game, r.record, told.observer);
      log = replayed.ok ? told.lines.join('\n') : `this record does not replay: ${replayed.error.message}`;
    }
    return `<section class="replay" id="replay-${esc(r.id)}"><h3>${esc(r.variant)}, game ${r.index} (seed <code>${esc(r.seed)}</code>, ${esc(r.lineup.join(', '))})</h3><p><a class="viewer" href="/replay/lab-${esc(r.id)}">open in Drey's replay viewer</a> (with <code>drey lab serve RUN.json</code>) · <a href="#top">back to the top</a></p><details><summary>the game, told (${r.record.actions.length} actions)</summary><pre>${esc(log)}</pre></details></section>`;
  });
  return `<h2>Replays</h2><p>The flagged games and each figure's sample games, replayed from their records (in the page's <code>#lab-records</code> JSON).</p>${parts.join('')}`;
}

/** Records as JSON inside a script element: `<` escaped so no text can close the element. */
const recordsScript = (replays: readonly ReplayEntry[]): string =>
  `<script type="application/json" id="lab-records">${JSON.stringify(replays).replace(/</g, '\\u003c')}</script>`;

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;font-size:13px;display:block;max-width:100%;overflow-x:auto}code{overflow-wrap:anywhere}th,td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f4f1ea}small{color:#666}.few{color:#999}.clear{font-weight:700;color:#222}.unclear{color:#555}.legend{font-size:13px;color:#444}
tr.meets td{background:#eef8ee}pre{font-size:12px;max-height:30rem;overflow:auto;background:#faf8f4;padding:.5rem}
.pairing{background:#f4f1ea;padding:.5rem}figure.chart{margin:0 0 1rem}h1{margin-bottom:0}
${CURVES_STYLE}`;

/** The report as one HTML page. `packageOf` finds each variant's package, to tell its replays. */
export function labReportHtml(report: LabReport, packageOf: (variant: string) => AnyGamePackage | undefined): string {
  if (report.kind === 'playtests') return playtestsHtml(report, packageOf);
  const title = report.kind === 'compare' ? `${report.title}: ${report.variants.map((v) => v.name).join(' vs ')}` : `${report.title}: sweep of ${report.field}`;
  const body =
    report.kind === 'compare'
      ? [figuresSection(report), winChart(report), lengthChart(report), curvesAndTensionSection(report.variants, (variant, index, text) => replayLink(report, variant, index, text)), flagsSection(report), rulingsSection(report), ...report.variants.map((v) => cardsSection(report, v) + placesSection(report, v))]
      : [sweepSection(report), lengthChart(report), sweepCurves(report), flagsSection(report), rulingsSection(report), ...report.variants.slice(0, 1).map((v) => cardsSection(report, v))];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body id="top"><h1>${esc(title)}</h1>${header(report)}${body.join('\n')}${replaysSection(report, packageOf)}${recordsScript(report.replays)}</body></html>
`;
}

const starBar = (n: number, max: number): string => `<span class="bar" style="width:${max > 0 ? Math.round((120 * n) / max) : 0}px"></span>`;

/** One group's people beside its bots, read as a comparison with independent intervals. */
const groupView = (report: PlaytestReport, g: PlaytestReport['groups'][number]): CompareReport => ({
  kind: 'compare',
  diffLabel: 'independent 95%',
  game: report.game,
  title: report.title,
  seats: g.seats,
  bots: report.bots,
  seed: report.seed,
  games: g.botGames,
  blocks: g.botGames,
  variants: [g.bots, g.people],
  figures: g.figures,
  pairing: [],
  replays: report.replays,
});

function feedbackSection(report: PlaytestReport): string {
  const f = report.feedback;
  const link = (e: PlaytestReport['feedback']['entries'][number]): string => {
    const t = report.tables.find((x) => x.id === e.table);
    return t ? `<a class="replay" href="${replayAnchor(t.replay)}">table ${esc(e.table)}</a>` : `table ${esc(e.table)}`;
  };
  const who = (e: PlaytestReport['feedback']['entries'][number]): string => `<b>${esc(e.name)}</b> <small>(${link(e)}, seat ${e.seat + 1})</small>`;
  const max = Math.max(...Object.values(f.fun.counts));
  const fun =
    f.fun.mean.n === 0
      ? '<p>No one rated the fun.</p>'
      : `<p>Fun (1 none – 5 great): <b>${num(f.fun.mean.mean)}</b> <small>${interval(f.fun.mean.interval, (x) => num(x))} n=${f.fun.mean.n}</small>${f.fun.mean.n < FEW ? ' <span class="few">too few</span>' : ''}</p><table class="stars">${Object.entries(f.fun.counts)
          .map(([k, n]) => `<tr><td>${k}</td><td>${starBar(n, max)} ${n}</td></tr>`)
          .join('')}</table>`;
  const length = `<p>Length felt: too short <b>${f.length['too-short']}</b>, right <b>${f.length.right}</b>, too long <b>${f.length['too-long']}</b>.</p>`;
  const unclear = f.entries.filter((e) => e.unclear);
  const comments = f.entries.filter((e) => e.comment);
  return `<h2 id="feedback">Feedback</h2><p>${f.answered} of ${f.players} players answered${f.unreadable > 0 ? ` (${f.unreadable} unreadable notes left out)` : ''}; a player's last answer counts.</p>${fun}${length}<h3>Unclear rules</h3><ul>${unclear.map((e) => `<li>${who(e)}: ${esc(e.unclear!)}</li>`).join('') || '<li>none named</li>'}</ul><h3>Comments</h3><ul>${comments.map((e) => `<li>${who(e)}: ${esc(e.comment!).replace(/\n/g, '<br>')}</li>`).join('') || '<li>none</li>'}</ul>`;
}

function tablesSection(report: PlaytestReport): string {
  const rows = report.tables
    .map(
      (t) =>
        `<tr><td><code>${esc(t.id)}</code></td><td>${esc(t.finished)}</td><td>${esc(t.group)}</td><td>${t.names.map((n) => (t.winners.includes(n) ? `<b>${esc(n)}</b> <small>(won)</small>` : esc(n))).join(', ')}</td><td>${t.rounds}</td><td>${t.actions}${t.undos > 0 ? ` <small>+${t.undos} undone</small>` : ''}</td><td>${num(t.minutes, 1)}</td><td><a class="replay" href="${replayAnchor(t.replay)}">replay</a> · <a class="viewer" href="/replay/lab-${esc(t.replay)}">viewer</a></td></tr>`,
    )
    .join('');
  return `<h2 id="playtests">Playtests</h2><table><tr><th>table</th><th>finished</th><th>seats</th><th>players</th><th>rounds</th><th>actions</th><th>minutes (clock)</th><th></th></tr>${rows}</table>`;
}

function moveTimesSection(report: PlaytestReport): string {
  const m = report.moveTimes;
  if (!m) return '';
  return `<h2>Human move times</h2><p>${num(m.secondsPerAction, 1)} s per action, ${esc(m.why)}. The minutes-of-play estimates on this page use it${m.moves < MIN_MOVES ? ` only from ${MIN_MOVES} moves on (not yet: the game's guess is used)` : ''}.</p><table><tr><th>action</th><th>moves</th><th>median seconds</th></tr>${m.kinds.map((k) => `<tr><td>${esc(k.kind)}</td><td>${k.moves}</td><td>${num(k.median, 1)}</td></tr>`).join('')}</table>`;
}

/** A playtest report as one page: the tables, the feedback, each group beside the bots, move times, replays. */
function playtestsHtml(report: PlaytestReport, packageOf: (variant: string) => AnyGamePackage | undefined): string {
  const what = report.content.variant === undefined ? `content <code>${esc(report.content.hash.slice(0, 12))}</code>` : `variant <b>${esc(report.content.variant)}</b> (content <code>${esc(report.content.hash.slice(0, 12))}</code>)`;
  const title = `${report.title}: playtests${report.content.variant === undefined ? '' : ` of ${report.content.variant}`}`;
  const intro = `<p>${esc(report.title)} playtests of ${what}: ${report.tables.length} finished tables, each beside a run of bots ${esc(report.bots.join(', '))} (seed <code>${esc(report.seed)}</code>) on the same content, seat count and options. People and bots played different deals, so each difference comes with an independent 95% interval (Newcombe's for shares, Welch's for counts); a handful of playtests is far below ${FEW} games, and the figures say so.</p><p><a href="#playtests">playtests</a> · <a href="#feedback">feedback</a> · ${report.groups.map((g) => `<a href="#group-${esc(g.name.replace(/[^A-Za-z0-9]+/g, '-'))}">${esc(g.name)}</a>`).join(' · ')}</p>`;
  const groups = report.groups.map((g) => {
    const view = groupView(report, g);
    const linker = (variant: string, index: number | undefined, text?: string): string => replayLink(view, variant, index, text);
    return `<section class="group" id="group-${esc(g.name.replace(/[^A-Za-z0-9]+/g, '-'))}"><h1>${esc(g.name)}: ${g.tables} playtests beside ${g.botGames} bot games</h1><p>Minutes played at the tables (clock, first to last action): ${meanCell(g.clockMinutes, 1)}</p>${figuresSection(view)}${winChart(view)}${lengthChart(view)}${curvesAndTensionSection(view.variants, linker)}${flagsSection(view)}${rulingsSection(view)}${cardsSection(view, g.people)}${placesSection(view, g.people)}</section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}
.bar{display:inline-block;height:10px;background:#4269d0;vertical-align:middle}table.stars td{border:0;padding:1px 6px}</style></head>
<body id="top"><h1>${esc(title)}</h1>${intro}${tablesSection(report)}${feedbackSection(report)}${groups.join('\n')}${moveTimesSection(report)}${replaysSection(report, packageOf)}${recordsScript(report.replays)}</body></html>
`;
}
