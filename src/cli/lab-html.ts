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
import { FEW, labelWithSameAs, type Share } from '../lab/figures.js';
import { FEW_RULE, type Difference, type Interval, type MeanSummary } from '../lab/stats.js';
import { replayNarration } from './replay-log.js';
import { CURVES_STYLE, VARIANT_COLOURS, curvesAndTensionSection, figureRefsCell } from './lab-curves-html.js';

export type LabReport = CompareReport | SweepReport;

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

const shareCell = (s: Share): string =>
  s.n < FEW ? `<span class="few" title="fewer than ${FEW} samples">${pct(s.rate)} (n=${s.n}, too few)</span>` : `${pct(s.rate)} <small>${interval(s.interval, pct)} n=${s.n}</small>`;
const meanCell = (m: MeanSummary, digits = 2): string =>
  m.n === 0 ? '–' : `${num(m.mean, digits)} <small>± ${num(m.sd, digits)} sd, ${interval(m.interval, (x) => num(x, digits))} n=${m.n}</small>`;
/**
 * A difference, marked (bold and ◆, one neutral colour) when its 95% interval excludes 0. Not
 * green or red: a significant difference is not "good" or "bad" — that depends on what the
 * designer wants (SIGNIFICANCE_LEGEND).
 */
const diffCell = (d: Difference, f: (x: number) => string): string => {
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

function header(report: LabReport): string {
  const variants = report.variants
    .map((v) => `<li><b>${esc(v.name)}</b>: ${esc(v.source)}${v.hash ? ` <code>${esc(v.hash)}</code>` : ''} — ${report.games} games in ${num(v.seconds, 1)} s on ${v.workers} thread(s)</li>`)
    .join('');
  return `<p>${esc(report.title)}, ${report.seats} seats, bots ${esc(report.bots.join(', '))}, seed <code>${esc(report.seed)}</code>: every variant played the same ${report.games} games (${report.blocks} deals, each with every rotation of the lineup: common random numbers).</p><ul>${variants}</ul>`;
}

function figuresSection(report: CompareReport): string {
  const names = report.variants.map((v) => v.name);
  const head = `<tr><th>figure</th><th>${esc(names[0]!)}</th>${names.slice(1).map((n) => `<th>${esc(n)}</th><th>${esc(n)} − ${esc(names[0]!)} (paired 95%)</th>`).join('')}</tr>`;
  const rowsOf = (card: boolean): string =>
    report.figures
    .filter((f) => f.key.startsWith('card-') === card)
    .map((f) => {
      // Figures below 1 (a card's copies per seat) get a third decimal, or their differences read 0.00.
      const digits = f.values.every((v) => Math.abs(v.mean) < 1) ? 3 : 2;
      const fmt = f.unit === 'share' ? pct : (x: number) => num(x, digits);
      const cell = (m: MeanSummary): string => `${fmt(m.mean)} <small>${interval(m.interval, fmt)}</small>${m.n < FEW ? ` <span class="few">n=${m.n}, too few</span>` : ''}`;
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
  const cardTable = cards ? `<h3>Cards, paired: copies bought per seat and round bought</h3><table>${head}${cards}</table>` : '';
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
    .flatMap((f) => f.values.map((v, i) => ({ figure: `${f.label.replace('win share, ', '')} · ${report.variants[i]!.name}`, variant: report.variants[i]!.name, mean: v.mean, lo: v.interval[0], hi: v.interval[1] })));
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
  const rows = report.points
    .map((p) => `<tr class="${p.meets ? 'meets' : ''}"><td>${esc(String(p.value))}</td><td>${fmt(p.estimate)} <small>${interval(p.interval, fmt)} n=${p.n}</small></td><td>${p.meets === undefined ? '' : p.meets ? '✔ meets the target' : '✘'}</td><td>${replayLink(report, p.variant, 0, 'sample game')}</td></tr>`)
    .join('');
  const data = report.points.map((p) => ({ value: p.value, estimate: p.estimate, lo: p.interval[0], hi: p.interval[1], meets: p.meets ? 'meets target' : 'misses target' }));
  const band = report.target ? [Plot.rectY([report.target], { y1: 'low', y2: 'high', fill: '#4a4', fillOpacity: 0.12 })] : [];
  const chart = svg({
    width: 760,
    x: { label: report.field },
    y: { label: `${report.stat} ${report.label}`, grid: true, ...(report.unit === 'share' ? { percent: true } : {}) },
    color: { legend: report.target !== undefined },
    marks: [...band, Plot.line(data, { x: 'value', y: 'estimate', stroke: '#888' }), Plot.ruleX(data, { x: 'value', y1: 'lo', y2: 'hi' }), Plot.dot(data, { x: 'value', y: 'estimate', fill: report.target ? 'meets' : '#36c', r: 4 })],
  });
  const target = report.target ? `, target ${esc(report.target.text)}` : '';
  return `<h2>Sweep of ${esc(report.field)}${report.content === undefined ? '' : ` in the content of <code>${esc(report.content)}</code>`}: ${esc(report.stat)} ${esc(report.label)}${target}</h2>${chart}<table><tr><th>${esc(report.field)}</th><th>${esc(report.stat)} ${esc(report.label)} (95%)</th><th>target</th><th></th></tr>${rows}</table>`;
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
table{border-collapse:collapse;margin:.5rem 0 1.5rem;font-size:13px}th,td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f4f1ea}small{color:#666}.few{color:#999}.clear{font-weight:700;color:#222}.unclear{color:#555}.legend{font-size:13px;color:#444}
tr.meets td{background:#eef8ee}pre{font-size:12px;max-height:30rem;overflow:auto;background:#faf8f4;padding:.5rem}
.pairing{background:#f4f1ea;padding:.5rem}figure.chart{margin:0 0 1rem}h1{margin-bottom:0}
${CURVES_STYLE}`;

/** The report as one HTML page. `packageOf` finds each variant's package, to tell its replays. */
export function labReportHtml(report: LabReport, packageOf: (variant: string) => AnyGamePackage | undefined): string {
  const title = report.kind === 'compare' ? `${report.title}: ${report.variants.map((v) => v.name).join(' vs ')}` : `${report.title}: sweep of ${report.field}`;
  const body =
    report.kind === 'compare'
      ? [figuresSection(report), winChart(report), lengthChart(report), curvesAndTensionSection(report.variants, (variant, index, text) => replayLink(report, variant, index, text)), flagsSection(report), rulingsSection(report), ...report.variants.map((v) => cardsSection(report, v) + placesSection(report, v))]
      : [sweepSection(report), lengthChart(report), flagsSection(report), rulingsSection(report), ...report.variants.slice(0, 1).map((v) => cardsSection(report, v))];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body id="top"><h1>${esc(title)}</h1>${header(report)}${body.join('\n')}${replaysSection(report, packageOf)}${recordsScript(report.replays)}</body></html>
`;
}
