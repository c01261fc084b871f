/**
 * The HTML report's curves and tension (src/lab/curves.ts, src/lab/tension.ts): per measure, one
 * small panel per participant with every variant's mean line over its 95% interval (dark band)
 * and interquartile range (light band), variants overlaid (A vs B); the tension figures with
 * their intervals and replays; and the same in words. Charts are Observable Plot drawn on the
 * server into inline SVG, each with a <title> and <desc> (role="img"), and a legend in HTML, so a
 * page opened from a file reads with a screen reader and without scripts.
 */
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import type { VariantSummary } from '../lab/compare.js';
import { checkpointRounds, curveLines, paceText, tensionLines } from '../lab/curves-text.js';
import type { GameRefs } from '../lab/tension.js';

/** Variant colours (Observable's blue, orange, green, red…): the base is blue. */
export const VARIANT_COLOURS = ['#4269d0', '#e8850c', '#3ca951', '#d63c3c', '#8a5cd6', '#9c6b4e'];

const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fixed = (x: number, digits: number): string => (Number.isFinite(x) ? x.toFixed(digits) : '–');

/** A link to a game's embedded replay, or '' when the report has no replay of it. */
export type ReplayLinker = (variant: string, index: number | undefined, text?: string) => string;

/** A Plot chart as inline SVG with a title and a description for screen readers. */
function accessibleSvg(options: Record<string, unknown>, id: string, title: string, desc: string): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const plot = Plot.plot({ ...options, document } as Parameters<typeof Plot.plot>[0]) as unknown as { outerHTML: string };
  const labelled = plot.outerHTML.replace(/^<svg\b/, `<svg role="img" aria-labelledby="${id}-t ${id}-d"`).replace(/^(<svg[^>]*>)/, `$1<title id="${id}-t">${esc(title)}</title><desc id="${id}-d">${esc(desc)}</desc>`);
  return `<figure class="chart">${labelled}</figure>`;
}

const legend = (names: readonly string[]): string =>
  `<p class="legend">${names.map((n, i) => `<span class="swatch"><i style="background:${VARIANT_COLOURS[i % VARIANT_COLOURS.length]}"></i>${esc(n)}</span>`).join(' ')} — line: mean at the end of the round; dark band: its 95% interval; light band: middle half of the games (interquartile range)</p>`;

/** Per measure, a grid of panels (one per participant) with every variant overlaid. */
function curveCharts(variants: readonly VariantSummary[]): string {
  const withCurves = variants.filter((v) => v.curves);
  const first = withCurves[0]?.curves;
  if (!first) return '';
  const names = variants.map((v) => v.name);
  const participants = first.participants;
  const columns = Math.min(4, participants.length);
  const cell = (p: string): { col: number; row: number } => {
    const i = participants.indexOf(p);
    return { col: i % columns, row: Math.floor(i / columns) };
  };
  const rows = Math.ceil(participants.length / columns);
  return first.measures
    .map((m) => {
      const data = withCurves.flatMap((v) =>
        v.curves!.curves
          .filter((c) => c.measure === m.key && participants.includes(c.participant))
          .flatMap((c) => c.points.map((p) => ({ variant: v.name, participant: c.participant, ...cell(c.participant), round: p.round, mean: p.mean, lo: p.interval[0], hi: p.interval[1], q1: p.q1, q3: p.q3 }))),
      );
      if (data.length === 0) return '';
      const labels = participants.map((p) => ({ participant: p, ...cell(p) }));
      const last = withCurves.map((v) => {
        const ends = v.curves!.curves.filter((c) => c.measure === m.key).map((c) => `${c.participant} ${fixed(c.points[c.points.length - 1]!.mean, 1)}`);
        return `${v.name}: ${ends.join(', ')}`;
      });
      const desc = `Mean ${m.label} per round for each of ${participants.join(', ')}, ${withCurves.length > 1 ? `variants ${withCurves.map((v) => v.name).join(' and ')} overlaid` : `variant ${withCurves[0]!.name}`}, with 95% intervals and interquartile bands. At the last round: ${last.join('; ')}.`;
      const chart = accessibleSvg(
        {
          width: 220 * columns + 80,
          height: 60 + 170 * rows,
          marginLeft: 44,
          marginTop: 24,
          fx: { axis: null, padding: 0.12 },
          fy: { axis: null, padding: 0.18 },
          x: { label: 'round', tickFormat: 'd', ticks: 5 },
          y: { label: m.label, grid: true, ticks: 4 },
          color: { domain: names, range: VARIANT_COLOURS },
          marks: [
            Plot.frame({ stroke: '#ddd' }),
            Plot.areaY(data, { x: 'round', y1: 'q1', y2: 'q3', fill: 'variant', fillOpacity: 0.12, fx: 'col', fy: 'row' }),
            Plot.areaY(data, { x: 'round', y1: 'lo', y2: 'hi', fill: 'variant', fillOpacity: 0.3, fx: 'col', fy: 'row' }),
            Plot.line(data, { x: 'round', y: 'mean', stroke: 'variant', strokeWidth: 1.8, fx: 'col', fy: 'row' }),
            Plot.text(labels, { text: 'participant', fx: 'col', fy: 'row', frameAnchor: 'top-left', dx: 4, dy: 4, fontWeight: 'bold', fontSize: 12 }),
          ],
        },
        `curve-${m.key.replace(/[^A-Za-z0-9]+/g, '-')}`,
        `${m.label}, per round`,
        desc,
      );
      return `<h4>${esc(m.label)}</h4>${chart}`;
    })
    .join('');
}

const refsLinks = (link: ReplayLinker, variant: string, refs: GameRefs | undefined): string =>
  refs ? [link(variant, refs.nearest, 'near mean'), link(variant, refs.min, 'min'), link(variant, refs.max, 'max')].filter((x) => x !== '').join(' · ') : '';

/** The tension table: one row per figure, per variant its mean with 95% interval and its replays. */
function tensionTable(variants: readonly VariantSummary[], link: ReplayLinker): string {
  const withTension = variants.filter((v) => v.tension);
  const first = withTension[0]?.tension;
  if (!first) return '';
  const head = `<tr><th>figure</th>${withTension.map((v) => `<th>${esc(v.name)} (95%)</th><th>replays</th>`).join('')}</tr>`;
  const rows = first.figures
    .map((f, i) => {
      const cells = withTension.map((v) => {
        const g = v.tension!.figures[i]!;
        const share = g.key === 'leadsFromShare';
        const digits = g.key === 'minutes' ? 0 : 2;
        const fmt = (x: number): string => (share ? `${fixed(100 * x, 1)}%` : fixed(x, digits));
        return `<td>${fmt(g.mean.mean)} <small>[${fmt(g.mean.interval[0])}, ${fmt(g.mean.interval[1])}] n=${g.mean.n}</small></td><td>${refsLinks(link, v.name, g.refs)}</td>`;
      });
      return `<tr><td>${esc(f.label)}</td>${cells.join('')}</tr>`;
    })
    .join('');
  const close = `<tr><td>close finishes (margin ≤ ${first.close.limit})</td>${withTension
    .map((v) => {
      const c = v.tension!.close;
      return `<td>${fixed(100 * c.rate, 1)}% <small>[${fixed(100 * c.interval[0], 1)}%, ${fixed(100 * c.interval[1], 1)}%] ${c.x} of ${c.n}</small></td><td>${[link(v.name, c.closeGame, 'a close one'), link(v.name, c.clearGame, 'a clear one')].filter((x) => x !== '').join(' · ')}</td>`;
    })
    .join('')}</tr>`;
  return `<table class="tension">${head}${rows}${close}</table>`;
}

/** Per round, the share of games the side alone in the lead went on to win, every variant overlaid. */
function leaderWinsChart(variants: readonly VariantSummary[]): string {
  const names = variants.map((v) => v.name);
  // Rounds with fewer than 10 such games say little: left out of the chart (the text gives them all).
  const data = variants.flatMap((v) => (v.tension?.leaderWins ?? []).filter((w) => w.n >= 10).map((w) => ({ variant: v.name, round: w.round, rate: w.rate, lo: w.interval[0], hi: w.interval[1] })));
  if (data.length === 0) return '';
  const desc = variants
    .filter((v) => v.tension)
    .map((v) => {
      const at = checkpointRounds(v.tension!.leaderWins.length).flatMap((r) => {
        const w = v.tension!.leaderWins[r - 1];
        return w && w.n > 0 ? [`round ${r}: ${fixed(100 * w.rate, 0)}%`] : [];
      });
      return `${v.name}: ${at.join(', ')}`;
    })
    .join('; ');
  return `<h3>Does the leader win?</h3><p>Of the games with one side alone in the lead at the end of a round, the share that side went on to win (95% Wilson band; rounds with fewer than 10 such games left out).</p>${accessibleSvg(
    {
      width: 760,
      height: 260,
      marginLeft: 50,
      x: { label: 'round', tickFormat: 'd' },
      y: { label: 'leader wins', percent: true, domain: [0, 100], grid: true },
      color: { domain: names, range: VARIANT_COLOURS },
      marks: [
        Plot.areaY(data, { x: 'round', y1: 'lo', y2: 'hi', fill: 'variant', fillOpacity: 0.2 }),
        Plot.line(data, { x: 'round', y: 'rate', stroke: 'variant', strokeWidth: 1.8 }),
        Plot.dot(data, { x: 'round', y: 'rate', fill: 'variant', r: 2 }),
      ],
    },
    'curve-leader-wins',
    'Share of games the round’s sole leader wins, per round',
    `Per round, the share of games whose side alone in the lead went on to win. ${desc}.`,
  )}`;
}

/** The "Curves and tension" section of a report, or '' when no variant samples its rounds. */
export function curvesAndTensionSection(variants: readonly VariantSummary[], link: ReplayLinker): string {
  if (!variants.some((v) => v.curves || v.tension)) return '';
  const t = variants.find((v) => v.tension)?.tension;
  const definitions = t
    ? `<p>Read on the lead measure <b>${esc(t.lead)}</b>${t.lowerIsBetter ? ' (lower is better)' : ''}, at the end of every round. A <b>lead change</b> is a new side alone in the lead (ties at the top change nothing); the winner <b>leads for good</b> from the first round at whose end, and at every later one, no side is ahead of it (games without one winning side have none); the <b>margin</b> is the first side's lead over the second at the end; a finish is <b>close</b> when ${esc(t.close.why)}. <b>Minutes of play</b> is an estimate: actions × ${esc(paceText(t))}; docs/lab.md says how to calibrate it (<code>--db</code>).</p>`
    : '';
  const words = variants
    .map((v) => {
      const lines = [...(v.tension ? tensionLines(v.tension) : []), ...(v.curves ? curveLines(v.curves) : [])];
      return lines.length > 0 ? `<details><summary>${esc(v.name)} in words</summary><pre>${esc(lines.join('\n'))}</pre></details>` : '';
    })
    .join('');
  const horizon = Math.max(0, ...variants.map((v) => v.curves?.running.length ?? 0));
  const running = variants
    .filter((v) => v.curves)
    .map((v) => `${esc(v.name)}: ${checkpointRounds(horizon).map((r) => `round ${r} ${v.curves!.running[r - 1] ?? 0}`).join(', ')} of ${v.curves!.games}`)
    .join('; ');
  return `<h2 id="curves">Curves and tension</h2>${definitions}${tensionTable(variants, link)}${legend(variants.map((v) => v.name)).replace(/ — line:.*<\/p>$/, '</p>')}${leaderWinsChart(variants)}<h3>Per-round curves</h3><p>Each round's value is taken from the game's own state at the end of the round; a game that has ended counts with its final value, so every round is over all games. Games still being played: ${running}.</p>${legend(variants.map((v) => v.name))}${curveCharts(variants)}${words}`;
}

/** A figure row's replay links for one variant (nearest the mean, lowest, highest). */
export const figureRefsCell = (link: ReplayLinker, variant: string, refs: GameRefs | undefined): string => refsLinks(link, variant, refs);

export const CURVES_STYLE = `.legend span.swatch{margin-right:1rem}.legend i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-1px}table.tension td:nth-child(odd){white-space:nowrap}`;
