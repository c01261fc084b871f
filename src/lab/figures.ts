/**
 * The workbench's figures (`drey lab`), folded from game results in schedule order:
 *
 * - per game, a flat set of numbers (win share per seat, per bot, per start group such as Acorn
 *   Run's lane; rounds, actions; the game's own numeric stats; the probe's per-seat values;
 *   copies of each card bought) — `gameFigures`. Paired comparisons average them per deal.
 * - per card: how often bought and in which round, the win share of seats that bought it against
 *   seats that were offered it and did not (improvement when bought), how its copies were used.
 * - per place (lane, tree): how many racers used it and how long they stayed.
 * - flags: games that hit the round limit, runs of no choice, a seat repeating one action, length
 *   outliers, a seat or bot winning far above its share — each naming a game to replay.
 */
import type { GameResult } from './play.js';
import { seatWinShares } from './aggregate.js';
import type { ScheduledGame } from './schedule.js';
import { emptyMean, addToMean, COUNT_RANGE, FEW, proportionDifference, SHARE_RANGE, summarizeMean, wilsonInterval, type Difference, type Interval, type MeanAccumulator, type MeanSummary, type Range } from './stats.js';

/** Fewer samples than this and a figure is shown as "too few games" (stats.ts). */
export { FEW };
/** A seat with no choice for this many of its decisions in a row is flagged. */
export const NO_CHOICE_FLAG = 12;
/** A seat taking the same action this many times in a row is flagged. */
export const REPEAT_FLAG = 12;

export interface FigureLabel {
  key: string;
  label: string;
  /** A share in [0, 1] (shown as %), or a plain number. */
  unit: 'share' | 'number';
}

/**
 * What a figure's values can be: shares lie in [0, 1]; every number the lab reports is a count or
 * an amount that cannot be negative (rounds, actions, copies, VP, a game's stats and probe values:
 * see SeatFacts.values), so its interval stops at 0.
 */
export const figureRange = (unit: FigureLabel['unit']): Range => (unit === 'share' ? SHARE_RANGE : COUNT_RANGE);

/** A probe's key in words, as a designer reads it: `comboVp` → "combo VP", `dummyWin` → "dummy win". */
export const inWords = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bvp\b/g, 'VP');

const labelOf = (key: string, cardNames: Readonly<Record<string, string>>): FigureLabel => {
  const [kind, a, b] = key.split('|');
  switch (kind) {
    case 'win-seat':
      return { key, label: `win share, seat ${Number(a) + 1}`, unit: 'share' };
    case 'win-bot':
      return { key, label: `win share, bot ${a}`, unit: 'share' };
    case 'win-group':
      return { key, label: `win share, start ${a} ${b}`, unit: 'share' };
    case 'stat':
      return a === 'dummyWin' ? { key, label: 'dummy win share', unit: 'share' } : { key, label: `${inWords(a!)} per game`, unit: 'number' };
    case 'value':
      return { key, label: `mean ${inWords(a!)} per seat`, unit: 'number' };
    case 'card-buys':
      return { key, label: `${cardNames[a!] ?? a}: copies bought per seat`, unit: 'number' };
    case 'card-round':
      return { key, label: `${cardNames[a!] ?? a}: round bought`, unit: 'number' };
    default:
      return { key, label: kind === 'rounds' ? 'game length (rounds)' : kind === 'actions' ? 'actions per game' : key, unit: 'number' };
  }
};

export const figureLabel = labelOf;

/**
 * A figure's label with the statistic taken over the games in front: "mean combo VP per seat"
 * (already an average over the seats of each game) under `mean` reads as "mean combo VP per seat",
 * not "mean mean …", and under `median` as "median combo VP per seat".
 */
export const statLabel = (stat: 'mean' | 'median', label: string): string => `${stat} ${label.startsWith('mean ') ? label.slice(5) : label}`;

/**
 * Card id → a label no other card has: a game's names, with the id added where two cards share a
 * name (a game's own lab names should already tell them apart, as Acorn Run's do).
 */
export function uniqueCardNames(cardNames: Readonly<Record<string, string>>): Record<string, string> {
  const count = new Map<string, number>();
  for (const name of Object.values(cardNames)) count.set(name, (count.get(name) ?? 0) + 1);
  return Object.fromEntries(Object.entries(cardNames).map(([id, name]) => [id, count.get(name)! > 1 ? `${name} (${id})` : name]));
}

/**
 * Every figure of one game, by key (`|` separates a key's parts). `cards` are the card ids the
 * game's probe knows: copies bought count 0 in a probed game where nobody bought one.
 */
export function gameFigures(result: GameResult, lineup: readonly string[], cards: readonly string[] = []): Map<string, number> {
  const out = new Map<string, number>();
  const shares = seatWinShares(result);
  shares.forEach((s, seat) => out.set(`win-seat|${seat}`, s));
  const meanInto = (key: string, values: number[]): void => {
    if (values.length > 0) out.set(key, values.reduce((x, y) => x + y, 0) / values.length);
  };
  const bots = [...new Set(lineup)];
  if (bots.length > 1) for (const bot of bots) meanInto(`win-bot|${bot}`, shares.filter((_, s) => lineup[s] === bot));
  out.set('rounds', result.rounds);
  out.set('actions', result.actions);
  for (const [k, v] of Object.entries(result.stats ?? {})) if (typeof v === 'number') out.set(`stat|${k}`, v);
  const seats = result.facts?.seats ?? [];
  const groups = new Map<string, number[]>();
  const values = new Map<string, number[]>();
  const buys = new Map<string, number>(result.facts?.seats ? cards.map((id) => [id, 0]) : []);
  const rounds = new Map<string, number[]>();
  seats.forEach((f, seat) => {
    for (const [k, v] of Object.entries(f.groups ?? {})) push(groups, `win-group|${k}|${v}`, shares[seat]!);
    for (const [k, v] of Object.entries(f.values ?? {})) push(values, `value|${k}`, v);
    for (const [id, c] of Object.entries(f.cards ?? {})) {
      buys.set(id, (buys.get(id) ?? 0) + c.bought.length);
      for (const r of c.bought) push(rounds, `card-round|${id}`, r);
    }
  });
  for (const [k, v] of [...groups, ...values, ...rounds]) meanInto(k, v);
  for (const [id, n] of buys) out.set(`card-buys|${id}`, n / Math.max(1, seats.length));
  return out;
}

/**
 * Which seats each win-share figure of one game averages over ('1,3'): seat k's figure is seat
 * k's, a bot's the seats it sat in, a start group's the seats that started there. Two figures
 * with the same seats in every game are the same numbers (in Acorn Run the seat fixes the start
 * lane): the report prints them once (confoundedFigures).
 */
export function figureMembers(result: GameResult, lineup: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const seatsWhere = (test: (seat: number) => boolean): string => result.scores.flatMap((_, seat) => (test(seat) ? [seat] : [])).join(',');
  result.scores.forEach((_, seat) => out.set(`win-seat|${seat}`, String(seat)));
  const bots = [...new Set(lineup)];
  if (bots.length > 1) for (const bot of bots) out.set(`win-bot|${bot}`, seatsWhere((s) => lineup[s] === bot));
  const seats = result.facts?.seats ?? [];
  for (const f of seats) {
    for (const [k, v] of Object.entries(f.groups ?? {})) {
      const key = `win-group|${k}|${v}`;
      if (!out.has(key)) out.set(key, seatsWhere((s) => seats[s]?.groups?.[k] === v));
    }
  }
  return out;
}

/** Why two figures with the same seats in every game are the same: the kept figure's words for it. */
export interface SameAs {
  key: string;
  label: string;
  reason: string;
}

/**
 * Of figures whose seats were the same in every game (equal `signatures`, see figureMembers),
 * the first in `keys`' order is kept and the others are listed as the same as it, with the reason
 * ("seat 1 always starts there"). Returns kept key → what it stands for too.
 */
export function confoundedFigures(keys: readonly string[], signatures: ReadonlyMap<string, string>, cardNames: Readonly<Record<string, string>> = {}): Map<string, SameAs[]> {
  const byFirst = new Map<string, string>();
  const out = new Map<string, SameAs[]>();
  for (const key of keys) {
    const sig = signatures.get(key);
    if (sig === undefined) continue;
    const first = byFirst.get(sig);
    if (first === undefined) {
      byFirst.set(sig, key);
      continue;
    }
    const label = labelOf(key, cardNames).label;
    const list = out.get(first) ?? [];
    list.push({ key, label, reason: sameReason(first, key) });
    out.set(first, list);
  }
  return out;
}

function sameReason(kept: string, other: string): string {
  const [kk, ka] = kept.split('|');
  const [ok] = other.split('|');
  const who = kk === 'win-seat' ? `seat ${Number(ka) + 1}` : kk === 'win-bot' ? `bot ${ka}` : 'the same seats';
  if (ok === 'win-group') return `${who} always ${who === 'the same seats' ? 'start' : 'starts'} there`;
  if (ok === 'win-bot') return `${other.split('|')[1]} always sits in ${who}`;
  return `${who} in every game`;
}

/** A figure's label with what it also stands for: "win share, seat 1 (same as start lane g1: seat 1 always starts there)". */
export const labelWithSameAs = (f: { label: string; sameAs?: readonly SameAs[] }): string =>
  f.sameAs && f.sameAs.length > 0 ? `${f.label} (same as ${f.sameAs.map((s) => `${s.label.replace(/^win share, /, '')}: ${s.reason}`).join('; ')})` : f.label;

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A share with its Wilson interval and sample size. */
export interface Share {
  n: number;
  /** Successes (wins count as shares). */
  x: number;
  rate: number;
  interval: Interval;
}

export const share = (x: number, n: number): Share => ({ n, x, rate: n > 0 ? x / n : Number.NaN, interval: wilsonInterval(Math.min(x, n), n) });

export interface CardFigure {
  id: string;
  name: string;
  /** Seat-games in which it was offered or bought (the sample). */
  seen: number;
  /** Share of seat-games in which at least one copy was bought. */
  boughtIn: Share;
  /** Round of each purchase: mean, spread (sd) and interval. */
  round: MeanSummary;
  /** Win share of seats that bought it. */
  winBought: Share;
  /** Win share of seats offered it that did not buy it. */
  winPassed: Share;
  /** winBought − winPassed with Newcombe's interval: the improvement when bought. */
  improvement: Difference;
  /** Uses of its copies per seat-game that bought it, by use. */
  uses: Record<string, MeanSummary>;
  /** A figure here rests on fewer than FEW samples. */
  few: boolean;
  /** A game in which it was bought (to replay). */
  sample?: number;
}

export interface PlaceFigure {
  id: string;
  /** Share of seat-games that spent at least one round there. */
  used: Share;
  /** Rounds spent there per seat-game that used it. */
  rounds: MeanSummary;
  few: boolean;
  sample?: number;
}

export interface Flag {
  kind: 'round-limit' | 'length-outlier' | 'no-choice' | 'repeating' | 'above-share' | string;
  message: string;
  /** The game that shows it: its place in the schedule and its seed. */
  index: number;
  seed: string;
}

interface CardAcc {
  seen: number;
  bought: number;
  boughtWins: number;
  passed: number;
  passedWins: number;
  round: MeanAccumulator;
  uses: Map<string, MeanAccumulator>;
  sample?: number;
}

/** Folds one variant's games (in schedule order) into its cards, places and flags. */
export class DetailFold {
  private readonly cards = new Map<string, CardAcc>();
  private readonly places = new Map<string, { used: number; rounds: MeanAccumulator; sample?: number }>();
  private seatGames = 0;
  private readonly flagged: Flag[] = [];
  private readonly flagCounts = new Map<string, number>();
  /** Per game: index, seed, rounds (for the length distribution). */
  readonly lengths: { index: number; seed: string; rounds: number }[] = [];
  private readonly seatWins: { x: number; n: number; sample?: number }[] = [];
  private readonly botWins = new Map<string, { x: number; n: number; sample?: number }>();

  private readonly cardNames: Readonly<Record<string, string>>;

  constructor(cardNames: Readonly<Record<string, string>>) {
    this.cardNames = uniqueCardNames(cardNames);
  }

  private flag(f: Flag): void {
    this.flagCounts.set(f.kind, (this.flagCounts.get(f.kind) ?? 0) + 1);
    // The first few of each kind are kept to replay; the count says how many there were.
    if (this.flagCounts.get(f.kind)! <= 5) this.flagged.push(f);
  }

  add(result: GameResult, scheduled: ScheduledGame): void {
    const { index, seed } = result;
    this.lengths.push({ index, seed, rounds: result.rounds });
    const shares = seatWinShares(result);
    shares.forEach((s, seat) => {
      const acc = (this.seatWins[seat] ??= { x: 0, n: 0 });
      acc.x += s;
      acc.n++;
      if (s > 0) acc.sample ??= index;
      const bot = scheduled.lineup[seat]!;
      const b = this.botWins.get(bot) ?? { x: 0, n: 0 };
      b.x += s;
      b.n++;
      if (s > 0) b.sample ??= index;
      this.botWins.set(bot, b);
    });
    const facts = result.facts;
    if (!facts) return;
    for (const f of facts.flags ?? []) this.flag({ kind: f.kind, message: f.message, index, seed });
    facts.streaks.forEach((s, seat) => {
      if (s.noChoice >= NO_CHOICE_FLAG) this.flag({ kind: 'no-choice', message: `seat ${seat + 1} had no choice for ${s.noChoice} decisions in a row`, index, seed });
      if (s.repeat >= REPEAT_FLAG) this.flag({ kind: 'repeating', message: `seat ${seat + 1} (${scheduled.lineup[seat]}) took the same action ${s.repeat} times in a row`, index, seed });
    });
    (facts.seats ?? []).forEach((f, seat) => {
      this.seatGames++;
      const won = shares[seat]!;
      for (const [id, c] of Object.entries(f.cards ?? {})) {
        let acc = this.cards.get(id);
        if (!acc) {
          acc = { seen: 0, bought: 0, boughtWins: 0, passed: 0, passedWins: 0, round: emptyMean(), uses: new Map() };
          this.cards.set(id, acc);
        }
        acc.seen++;
        if (c.bought.length > 0) {
          acc.bought++;
          acc.boughtWins += won;
          acc.sample ??= index;
          for (const r of c.bought) addToMean(acc.round, r);
          for (const use of ['sprint', 'climb', 'combo', 'effect', ...Object.keys(c.uses)]) {
            if (!acc.uses.has(use)) acc.uses.set(use, emptyMean());
          }
          for (const [use, m] of acc.uses) addToMean(m, c.uses[use] ?? 0);
        } else if (c.offered) {
          acc.passed++;
          acc.passedWins += won;
        }
      }
      for (const [id, rounds] of Object.entries(f.places ?? {})) {
        let p = this.places.get(id);
        if (!p) {
          p = { used: 0, rounds: emptyMean() };
          this.places.set(id, p);
        }
        if (rounds > 0) {
          p.used++;
          p.sample ??= index;
          addToMean(p.rounds, rounds);
        }
      }
    });
  }

  cardFigures(): CardFigure[] {
    return [...this.cards.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, c]) => ({
        id,
        name: this.cardNames[id] ?? id,
        seen: c.seen,
        boughtIn: share(c.bought, this.seatGames),
        round: summarizeMean(c.round, undefined, COUNT_RANGE),
        winBought: share(c.boughtWins, c.bought),
        winPassed: share(c.passedWins, c.passed),
        improvement: proportionDifference(c.boughtWins, c.bought, c.passedWins, c.passed),
        uses: Object.fromEntries([...c.uses].map(([k, m]) => [k, summarizeMean(m, undefined, COUNT_RANGE)])),
        few: Math.min(c.bought, c.passed) < FEW,
        ...(c.sample !== undefined ? { sample: c.sample } : {}),
      }));
  }

  placeFigures(): PlaceFigure[] {
    return [...this.places.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, p]) => ({
        id,
        used: share(p.used, this.seatGames),
        rounds: summarizeMean(p.rounds, undefined, COUNT_RANGE),
        few: p.used < FEW,
        ...(p.sample !== undefined ? { sample: p.sample } : {}),
      }));
  }

  /** Every flag, the run-wide ones (length outliers, winning above share) computed now. */
  flags(): { flags: Flag[]; counts: Record<string, number> } {
    const rounds = this.lengths.map((l) => l.rounds).sort((a, b) => a - b);
    if (rounds.length >= 20) {
      const q = (p: number): number => rounds[Math.min(rounds.length - 1, Math.floor(p * rounds.length))]!;
      const iqr = q(0.75) - q(0.25);
      const lo = q(0.25) - 3 * Math.max(1, iqr);
      const hi = q(0.75) + 3 * Math.max(1, iqr);
      for (const l of this.lengths) {
        if (l.rounds < lo || l.rounds > hi) this.flag({ kind: 'length-outlier', message: `${l.rounds} rounds, outside ${lo}–${hi} (quartiles ± 3 IQR)`, index: l.index, seed: l.seed });
      }
    }
    const seats = this.seatWins.length;
    const fair = 1 / Math.max(1, seats);
    const above = (who: string, w: { x: number; n: number; sample?: number }): void => {
      const [low] = wilsonInterval(Math.min(w.x, w.n), w.n);
      if (w.n >= FEW && low > 1.5 * fair && w.sample !== undefined) {
        this.flag({ kind: 'above-share', message: `${who} wins ${(100 * w.x / w.n).toFixed(1)}% (95% from ${(100 * low).toFixed(1)}%), fair share ${(100 * fair).toFixed(1)}%`, index: w.sample, seed: this.lengths.find((l) => l.index === w.sample)!.seed });
      }
    };
    this.seatWins.forEach((w, seat) => above(`seat ${seat + 1}`, w));
    if (this.botWins.size > 1) for (const [bot, w] of this.botWins) above(`bot ${bot}`, w);
    return { flags: [...this.flagged].sort((a, b) => a.index - b.index), counts: Object.fromEntries(this.flagCounts) };
  }
}
