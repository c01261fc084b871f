import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replay } from '../src/engine/index.js';
import { createRegistry } from '../src/games/index.js';
import { OrderedFeed, SimAggregator } from '../src/lab/aggregate.js';
import { readRecordFile, recordFileName } from '../src/lab/record-file.js';
import type { GameResult } from '../src/lab/play.js';
import { runSim, type SimSpec } from '../src/lab/sim.js';
import { meanWithInterval, wilsonInterval } from '../src/lab/stats.js';
import { tinyRace, tinyRacePackage } from './fixtures/tiny-race.js';

const registry = createRegistry([tinyRacePackage]);
const spec = (over: Partial<SimSpec> = {}): SimSpec => ({
  game: 'tiny-race', seats: 3, games: 200, bots: ['random'], seed: 'lab', options: {}, ...over,
});
const round4 = (xs: readonly number[]) => xs.map((x) => Number(x.toFixed(4)));

describe('Wilson score interval', () => {
  // Reference values: Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i gives [%f, %f]', (x, n, low, high) => {
    expect(round4(wilsonInterval(x, n))).toEqual([low, high]);
  });

  it('is symmetric around one half and stays inside [0, 1]', () => {
    expect(round4(wilsonInterval(5, 10))).toEqual([0.2366, 0.7634]);
    expect(round4(wilsonInterval(10, 10))).toEqual([0.7225, 1]);
    const [lo, hi] = wilsonInterval(3, 10);
    const [lo2, hi2] = wilsonInterval(7, 10);
    expect(lo + hi2).toBeCloseTo(1, 12);
    expect(hi + lo2).toBeCloseTo(1, 12);
  });

  it('narrows as the sample grows', () => {
    const width = (n: number) => { const [a, b] = wilsonInterval(n / 4, n); return b - a; };
    expect(width(100)).toBeGreaterThan(width(10_000));
    expect(width(10_000)).toBeLessThan(0.02);
  });

  it('refuses more successes than trials', () => {
    expect(() => wilsonInterval(11, 10)).toThrow(RangeError);
  });
});

describe('mean with interval', () => {
  it('gives the sample mean, standard deviation and a 1.96·sd/√n half-width', () => {
    const m = meanWithInterval([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(m.mean).toBe(5);
    expect(m.sd).toBeCloseTo(2.13809, 5);
    expect(m.interval[1] - m.mean).toBeCloseTo((1.959964 * 2.13809) / Math.sqrt(8), 4);
  });
});

describe('aggregating results', () => {
  const result = (index: number, winners: number[]): GameResult => ({
    index, seed: `s.${index}`, scores: [1, 2, 3], ranks: [1, 1, 3], winners, rounds: 4, actions: 12,
  });

  it('counts a shared win as a share for each winner, so win rates add up to 1', () => {
    const agg = new SimAggregator(['a', 'b', 'b']);
    agg.add(result(0, [0]));
    agg.add(result(1, [0, 1]));
    const s = agg.summary();
    expect(s.seats.map((x) => x.wins)).toEqual([1.5, 0.5, 0]);
    expect(s.sharedWins).toBe(1);
    expect(s.bots.map((b) => [b.bot, b.trials, b.wins])).toEqual([['a', 2, 1.5], ['b', 4, 0.5]]);
  });

  it('a partner team winning together is not a shared win', () => {
    const agg = new SimAggregator(['a', 'a', 'a', 'a']);
    agg.add({ ...result(0, [0, 1]), scores: [1, 1, 2, 2], ranks: [1, 1, 3, 3], teams: [[0, 1], [2, 3]] });
    expect(agg.summary().sharedWins).toBe(0);
    // Each partner won: a team's win rate reads as the team's, not half of it.
    expect(agg.summary().seats.map((x) => x.wins)).toEqual([1, 1, 0, 0]);
  });

  it('R13: racers at no seat (Acorn Run dummies) win shares too; a seat they beat has not won', () => {
    const agg = new SimAggregator(['h']);
    const solo = (index: number, rank: number, racers: { name: string; score: number; rank: number }[]): GameResult => ({
      index, seed: `s.${index}`, scores: [9], ranks: [rank], winners: rank === 1 ? [0] : [], rounds: 15, actions: 90, racers,
    });
    agg.add(solo(0, 1, [{ name: 'Twinkle', score: 5, rank: 2 }, { name: 'Bloom', score: 4, rank: 3 }]));
    agg.add(solo(1, 2, [{ name: 'Twinkle', score: 12, rank: 1 }, { name: 'Bloom', score: 4, rank: 3 }]));
    agg.add(solo(2, 3, [{ name: 'Twinkle', score: 11, rank: 2 }, { name: 'Bloom', score: 13, rank: 1 }]));
    agg.add(solo(3, 1, [{ name: 'Twinkle', score: 9, rank: 1 }, { name: 'Bloom', score: 0, rank: 3 }]));
    const s = agg.summary();
    expect(s.seats[0]!.wins).toBe(1.5);
    expect(s.racers!.map((r) => [r.name, r.games, r.wins])).toEqual([['Twinkle', 4, 1.5], ['Bloom', 4, 1]]);
    expect(s.seats[0]!.wins + s.racers!.reduce((n, r) => n + r.wins, 0)).toBe(4);
    expect(s.sharedWins).toBe(1);
    expect(s.racers![1]!.rank.mean).toBe(2.5);
    // Games without such racers report none.
    expect(new SimAggregator(['a']).summary().racers).toBeUndefined();
  });

  it("summarizes the game's own figures: means for numbers, shares for text", () => {
    const agg = new SimAggregator(['a', 'a', 'a']);
    agg.add({ ...result(0, [0]), stats: { lane: 'red', out: 1 } });
    agg.add({ ...result(1, [0]), stats: { lane: 'green', out: 0 } });
    agg.add({ ...result(2, [0]), stats: { lane: 'red', out: 2 } });
    const { stats } = agg.summary();
    expect(stats.out).toMatchObject({ kind: 'number', mean: { mean: 1 } });
    const lane = stats.lane;
    if (lane?.kind !== 'text') throw new Error('lane should be a text figure');
    expect(lane.values.map((v) => [v.value, v.count])).toEqual([['green', 1], ['red', 2]]);
    expect(lane.values[1]!.share).toBeCloseTo(2 / 3);
  });

  it('reorders results that arrive out of order', () => {
    const agg = new SimAggregator(['a', 'a', 'a']);
    const feed = new OrderedFeed((r) => agg.add(r));
    feed.push(result(2, [0]));
    feed.push(result(1, [1]));
    expect(agg.count).toBe(0);
    feed.push(result(0, [2]));
    expect(agg.count).toBe(3);
    expect(feed.waiting).toBe(0);
  });
});

describe('runSim', () => {
  const dirs: string[] = [];
  afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

  it('plays every game and is reproducible from its seed', async () => {
    const a = await runSim(spec(), { workers: 1, registry });
    const b = await runSim(spec(), { workers: 1, registry });
    const c = await runSim(spec({ seed: 'other' }), { workers: 1, registry });
    if (!a.ok || !b.ok || !c.ok) throw new Error('sim failed');
    expect(a.value.summary.games).toBe(200);
    expect(a.value.summary.seats.reduce((s, x) => s + x.wins, 0)).toBeCloseTo(200, 9);
    expect(a.value.summary.rounds.mean).toBe(3);
    expect(a.value.summary).toEqual(b.value.summary);
    expect(c.value.summary.digest).not.toBe(a.value.summary.digest);
    expect(a.value.options).toEqual({ rounds: 3 });
  });

  it('refuses bad specs with the reason', async () => {
    const bad = async (over: Partial<SimSpec>) => {
      const r = await runSim(spec(over), { workers: 1, registry });
      return r.ok ? 'ok' : r.error.message;
    };
    expect(await bad({ seats: 7 })).toMatch(/takes 2–4 seats, not 7/);
    expect(await bad({ bots: ['random', 'random'] })).toMatch(/2 bots named for 3 seats/);
    expect(await bad({ bots: ['genius'] })).toMatch(/no bot 'genius' for tiny-race/);
    expect(await bad({ options: { rounds: 99 } })).toMatch(/tiny-race/);
    expect(await bad({ games: 0 })).toMatch(/at least 1/);
  });

  it('records every game as a file named by index and seed, which replays to the recorded hash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drey-lab-'));
    dirs.push(dir);
    const r = await runSim(spec({ games: 12, recordDir: dir }), { workers: 1, registry });
    expect(r.ok).toBe(true);
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(12);
    expect(files[3]).toBe(recordFileName(3, 'lab.3', 12));
    expect(files[3]).toBe('0003-seed-lab.3.json');
    const file = readRecordFile(join(dir, files[3]!));
    if (!file.ok) throw new Error(file.error.message);
    const replayed = replay(tinyRace, file.value);
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(replayed.value.hash).toBe(file.value.hash);
    expect(replayed.value.outcome).toEqual(file.value.outcome);
  });
});

describe('runSim on worker threads', () => {
  it('gives the same summary on two workers as on one (workers load src/workers/entry.ts through tsx here)', async () => {
    const al: SimSpec = { game: 'autumn-leaves', seats: 3, games: 16, bots: ['heuristic', 'random', 'random'], seed: 'w', options: { hands: 1 } };
    const one = await runSim(al, { workers: 1 });
    const two = await runSim(al, { workers: 2 });
    if (!one.ok) throw new Error(one.error.message);
    if (!two.ok) throw new Error(two.error.message);
    expect(two.value.workers).toBe(2);
    expect(two.value.summary).toEqual(one.value.summary);
  });
});
