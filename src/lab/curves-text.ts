/**
 * Curves and tension in words (`drey lab compare` text output, and the HTML report's summary):
 * per measure and participant the mean at a quarter, half, three quarters of the longest game and
 * at its end; per variant the tension figures with their 95% intervals.
 */
import type { CurvesSummary } from './curves.js';
import type { TensionSummary } from './tension.js';
import type { Interval } from './stats.js';

const fixed = (x: number, digits: number): string => (Number.isFinite(x) ? x.toFixed(digits) : '–');
const range = ([lo, hi]: Interval, digits: number): string => `[${fixed(lo, digits)}, ${fixed(hi, digits)}]`;

/** The rounds the text names: a quarter, half, three quarters of the longest game, and its last round. */
export function checkpointRounds(horizon: number): number[] {
  return [...new Set([0.25, 0.5, 0.75, 1].map((q) => Math.max(1, Math.ceil(q * horizon))))];
}

/** Per measure, one line per participant: "VP, seat 1: r4 2.2, r9 8.1, r13 12.6, r17 16.8". */
export function curveLines(curves: CurvesSummary): string[] {
  const rounds = checkpointRounds(curves.running.length);
  const lines: string[] = [];
  for (const m of curves.measures) {
    for (const c of curves.curves.filter((x) => x.measure === m.key)) {
      const at = rounds.flatMap((r) => {
        const p = c.points.find((x) => x.round === r);
        return p ? [`round ${r} ${fixed(p.mean, 1)}`] : [];
      });
      lines.push(`${m.label}, ${c.participant}: ${at.join(', ')}`);
    }
  }
  const still = rounds.map((r) => `round ${r} ${curves.running[r - 1] ?? 0}`).join(', ');
  lines.push(`games still being played (of ${curves.games}): ${still}`);
  return lines;
}

/** The tension figures of one variant, one line each. */
export function tensionLines(t: TensionSummary): string[] {
  const lines = t.figures.map((f) => {
    const share = f.key === 'leadsFromShare';
    const digits = f.key === 'minutes' ? 0 : share ? 2 : 1;
    const text = share ? `${fixed(100 * f.mean.mean, 0)}% [${fixed(100 * f.mean.interval[0], 0)}%, ${fixed(100 * f.mean.interval[1], 0)}%]` : `${fixed(f.mean.mean, digits)} ${range(f.mean.interval, digits)}`;
    return `${f.label}: ${text} (n=${f.mean.n})`;
  });
  lines.push(`close finishes (margin ≤ ${t.close.limit}): ${fixed(100 * t.close.rate, 1)}% [${fixed(100 * t.close.interval[0], 1)}%, ${fixed(100 * t.close.interval[1], 1)}%] (${t.close.x} of ${t.close.n})`);
  const wins = checkpointRounds(t.leaderWins.length).flatMap((r) => {
    const w = t.leaderWins[r - 1];
    return w && w.n > 0 ? [`round ${r} ${fixed(100 * w.rate, 0)}% [${fixed(100 * w.interval[0], 0)}%, ${fixed(100 * w.interval[1], 0)}%] n=${w.n}`] : [];
  });
  if (wins.length > 0) lines.push(`the side alone in the lead at the end of a round wins: ${wins.join('; ')}`);
  if (t.noSoleWinner > 0) lines.push(`games without one winning side (no "leads for good"): ${t.noSoleWinner}`);
  lines.push(`minutes of play are an estimate: ${paceText(t)}`);
  return lines;
}

/** The minutes-of-play estimate's basis in words: measured from human moves, or the game's guess. */
export const paceText = (t: Pick<TensionSummary, 'secondsPerAction' | 'secondsWhy' | 'measured'>): string =>
  t.measured ? `${fixed(t.secondsPerAction, 1)} s per action, ${t.secondsWhy}` : `${t.secondsPerAction} s per action, guessed — ${t.secondsWhy}`;
