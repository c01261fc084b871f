/**
 * Rule-gap counts (docs/lab.md, "Rule gaps"): how often each ruling that settles a gap in the
 * rulebook decided a game, folded from GameResult.rulings in game-index order (so the figures
 * are the same for any number of workers, local or queued). Per gap: the mean number of firings
 * per game with its interval (never below 0: a count), the share of games where it fired at
 * least once (Wilson), and the first games where it fired, to replay.
 */
import type { RuleGap } from '../games/package.js';
import type { GameResult } from './play.js';
import { addToMean, emptyMean, summarizeMean, wilsonInterval, type Interval, type MeanAccumulator, type MeanSummary } from './stats.js';

/** Games kept per gap to replay. */
export const RULING_EXAMPLES = 3;

export interface RulingSummary {
  id: string;
  /** The situation the ruling decides (RuleGap.situation). */
  situation: string;
  /** Games counted (every game of the run). */
  n: number;
  /** Firings per game, with a 95% interval clamped at 0. */
  perGame: MeanSummary;
  /** Games where it fired at least once, their share and its Wilson interval. */
  games: number;
  share: number;
  shareInterval: Interval;
  /** The first games (by index) where it fired. */
  examples: { index: number; seed: string }[];
}

interface GapAcc {
  mean: MeanAccumulator;
  games: number;
  examples: { index: number; seed: string }[];
}

/** Folds results, in index order, into per-gap figures. */
export class RulingsAccumulator {
  private readonly acc = new Map<string, GapAcc>();
  private n = 0;

  constructor(private readonly gaps: readonly RuleGap[]) {
    for (const g of gaps) this.acc.set(g.id, { mean: emptyMean(), games: 0, examples: [] });
  }

  add(result: GameResult): void {
    if (result.rulings === undefined) return;
    this.n++;
    for (const [id, a] of this.acc) {
      const count = result.rulings[id] ?? 0;
      addToMean(a.mean, count);
      if (count > 0) {
        a.games++;
        if (a.examples.length < RULING_EXAMPLES) a.examples.push({ index: result.index, seed: result.seed });
      }
    }
  }

  summary(): RulingSummary[] {
    if (this.n === 0) return [];
    return this.gaps.map((g) => {
      const a = this.acc.get(g.id)!;
      const m = summarizeMean(a.mean);
      return {
        id: g.id,
        situation: g.situation,
        n: this.n,
        perGame: { ...m, interval: [Math.max(0, m.interval[0]), m.interval[1]] as const },
        games: a.games,
        share: a.games / this.n,
        shareInterval: wilsonInterval(a.games, this.n),
        examples: a.examples,
      };
    });
  }
}

/** One line per gap, for `drey sim` and `drey lab` text reports. */
export function rulingLines(rulings: readonly RulingSummary[], percent: (x: number) => string): string[] {
  if (rulings.length === 0) return [];
  const lines = [`rule gaps (rulings deciding what the rulebook leaves open), over ${rulings[0]!.n} games:`];
  for (const r of rulings) {
    const [lo, hi] = r.perGame.interval;
    const where = r.examples.length === 0 ? 'never fired' : `e.g. game ${r.examples.map((e) => `${e.index} (seed ${e.seed})`).join(', ')}`;
    lines.push(
      `  ${r.id}: ${r.perGame.mean.toFixed(3)} per game [${lo.toFixed(3)}, ${hi.toFixed(3)}], in ${percent(r.share)} of games [${percent(r.shareInterval[0])}, ${percent(r.shareInterval[1])}]; ${where}`,
      `      ${r.situation}`,
    );
  }
  return lines;
}
