/** The human-readable summary of a sim (the --json form is the SimReport itself). */
import type { SimReport } from '../lab/sim.js';
import { FEW, FEW_RULE, wilsonInterval, type Interval, type MeanSummary } from '../lab/stats.js';
import { columns, percent, thousands } from './format.js';
import { rulingLines } from '../lab/rulings.js';

const interval = ([lo, hi]: Interval): string => `${percent(lo)}–${percent(hi)}`;
/** "15.20 ± 0.31", or "0.010 (0.000–0.030)" when the interval was cut at the figure's range (a count at 0). */
const plusMinus = (m: MeanSummary, digits = 2): string => {
  if (Number.isNaN(m.mean)) return '–';
  const below = m.mean - m.interval[0];
  const above = m.interval[1] - m.mean;
  return Math.abs(below - above) <= 1e-9 * Math.max(1, Math.abs(m.mean))
    ? `${m.mean.toFixed(digits)} ± ${above.toFixed(digits)}`
    : `${m.mean.toFixed(digits)} (${m.interval[0].toFixed(digits)}–${m.interval[1].toFixed(digits)})`;
};

/** "content: builtin 772edd5b23de" or "content: variant dash-cheaper 64f3c9669fe8": what was played, by content hash. */
export const contentLine = (hash: string, variant: string | undefined): string =>
  `content: ${variant === undefined ? 'builtin' : `variant ${variant}`} ${hash.slice(0, 12)}`;

export function simReportLines(report: SimReport): string[] {
  const s = report.summary;
  const options = JSON.stringify(report.options);
  const lines = [
    `${report.title}: ${thousands(report.games)} games at ${report.seats} seat${report.seats === 1 ? '' : 's'}, seed ${report.seed}`,
    `bots: ${report.bots.join(', ')}${options === '{}' ? '' : `   options: ${options}`}`,
    contentLine(report.contentHash, report.variant),
    ...(report.games < FEW ? [`warning: only ${report.games} games (${FEW_RULE})`] : []),
    '',
    ...columns(
      [
        ['seat', 'bot', 'win rate', '95% interval', 'mean score', 'mean rank'],
        // Seats are numbered from 1 for people, as in `drey lab` (the JSON keeps 0-based indexes).
        ...s.seats.map((x) => [String(x.seat + 1), x.bot, percent(x.winRate), interval(x.winInterval), plusMinus(x.score), x.rank.mean.toFixed(2)]),
      ],
      ['right', 'left', 'right', 'right', 'right', 'right'],
    ),
  ];
  if (s.bots.length > 1) {
    lines.push(
      '',
      ...columns(
        [
          ['bot', 'seats', 'win rate', '95% interval', 'mean score'],
          ...s.bots.map((b) => [b.bot, b.seats.map((seat) => seat + 1).join(','), percent(b.winRate), interval(b.winInterval), plusMinus(b.score)]),
        ],
        ['left', 'left', 'right', 'right', 'right'],
      ),
    );
  }
  if (s.racers && s.racers.length > 0) {
    // Acorn Run's dummies are racers at no seat: their wins are wins the seats did not get (R13).
    const together = s.racers.reduce((n, r) => n + r.wins, 0);
    lines.push(
      '',
      ...columns(
        [
          ['racer (no seat)', 'win rate', '95% interval', 'mean score', 'mean rank'],
          ...s.racers.map((r) => [r.name, percent(r.winRate), interval(r.winInterval), plusMinus(r.score), r.rank.mean.toFixed(2)]),
          ['all of them', percent(together / Math.max(1, s.games)), interval(wilsonInterval(together, s.games)), '', ''],
        ],
        ['left', 'right', 'right', 'right', 'right'],
      ),
    );
  }
  lines.push(
    '',
    `fair share of wins: ${percent(1 / (report.seats + (s.racers?.length ?? 0)))} per ${s.racers ? 'racer' : 'seat'}; a win shared by rivals counts as a share for each, a team's win as a whole win for each partner`,
    `shared wins: ${thousands(s.sharedWins)} games (${percent(s.sharedWins / Math.max(1, s.games))})`,
    `rounds per game: ${plusMinus(s.rounds)}   actions per game: ${plusMinus(s.actions, 1)}`,
  );
  for (const [key, stat] of Object.entries(s.stats ?? {})) {
    if (stat.kind === 'number') lines.push(`${key}: ${plusMinus(stat.mean, 3)}`);
    else lines.push(`${key}: ${stat.values.map((v) => `${v.value} ${percent(v.share)} (${interval(v.interval)})`).join(' · ')}`);
  }
  lines.push(...rulingLines(s.rulings ?? [], percent));
  lines.push(
    `${thousands(report.games)} games in ${report.seconds.toFixed(2)} s ${
      report.queue
        ? `as ${report.queue.jobs} job${report.queue.jobs === 1 ? '' : 's'} on queue ${report.queue.name}`
        : `on ${report.workers} thread${report.workers === 1 ? '' : 's'}`
    }: ${thousands(report.gamesPerSecond)} games/s`,
    `digest ${s.digest}`,
  );
  return lines;
}
