/**
 * `drey lab tune` (issue 27): targets and fields as the designer writes them, the distance that
 * ranks candidates, the seeded draw, and whole searches on Acorn Run that must find the content a
 * target asks for, the same for any number of workers, written as a directory --content loads.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tuneContent } from '../src/cli/lab-variants.js';
import { runCli } from './cli-helpers.js';
import { BUILTINS } from '../src/games/index.js';
import { candidateLoss, distance, drawCandidates, estimateTarget, parseTuneField, parseTuneTarget, runTune, type TuneReport } from '../src/lab/tune.js';

const target = (text: string) => {
  const t = parseTuneTarget(text);
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
};

describe('targets and fields as written', () => {
  it('reads ranges, centre±distance, fair±distance and families; shares in percent', () => {
    expect(target('mean rounds 13-15')).toMatchObject({ stat: 'mean', key: 'rounds', low: 13, high: 15, family: false, relative: false });
    expect(target('rounds 14±1')).toMatchObject({ key: 'rounds', low: 13, high: 15 });
    expect(target('median rounds 14+-1.5')).toMatchObject({ stat: 'median', low: 12.5, high: 15.5 });
    expect(target('seat1 25%±2')).toMatchObject({ key: 'win-seat|0', family: false });
    expect(target('seat1 25%±2').low).toBeCloseTo(0.23, 12);
    expect(target('seat* fair±2%')).toMatchObject({ key: 'win-seat|', family: true, relative: true, low: -0.02, high: 0.02 });
    expect(target('seat* fair±2')).toMatchObject({ low: -0.02, high: 0.02 });
    expect(target('dummyWin 45%-55%')).toMatchObject({ key: 'stat|dummyWin', low: 0.45, high: 0.55 });
    expect(target('bought:* 5%-90%')).toMatchObject({ key: 'card-games|', family: true, low: 0.05, high: 0.9 });
    expect(target('bought:g-dash 10-60')).toMatchObject({ key: 'card-games|g-dash', low: 0.1, high: 0.6 });
    expect(target('buys:* 0.2-2')).toMatchObject({ key: 'card-buys|', low: 0.2, high: 2 });
  });

  it('refuses what it cannot read, saying how to write it', () => {
    expect(parseTuneTarget('rounds about 14')).toMatchObject({ ok: false, error: { code: 'bad-target' } });
    expect(parseTuneTarget('rounds 15-13')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/low to high/) } });
    expect(parseTuneTarget('rounds fair±1')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/family/) } });
    expect(parseTuneTarget('colour* 1-2')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/seat\*/) } });
    expect(parseTuneField('race.roundLimit=20..30:5')).toEqual({ ok: true, value: { field: 'race.roundLimit', values: [20, 25, 30] } });
    expect(parseTuneField('race.roundLimit')).toMatchObject({ ok: false, error: { message: expect.stringMatching(/FILE\.PATH=VALUES/) } });
    expect(parseTuneField('race.roundLimit=9..1')).toMatchObject({ ok: false });
  });
});

describe('ranking candidates', () => {
  it('distance: a tenth inside the range (the middle is best), in full beyond its edge', () => {
    expect(distance(14, 13, 15)).toBe(0);
    expect(distance(15, 13, 15)).toBeCloseTo(0.1, 12);
    expect(distance(17, 13, 15)).toBeCloseTo(2.1, 12);
    expect(distance(11, 13, 15)).toBeCloseTo(2.1, 12);
    expect(candidateLoss([undefined])).toBe(10);
  });

  it('a family is held by its worst member; fair± is around the family mean', () => {
    const games = [0, 1, 2, 3].map((i) => new Map([['win-seat|0', i < 3 ? 1 : 0], ['win-seat|1', i < 3 ? 0 : 1], ['rounds', 10 + i]]));
    const seats = estimateTarget(target('seat* fair±10%'), games)!;
    // Seat 1 wins 75%, seat 2 25%: the mean is 50%, both are 25 points away; the first is reported.
    expect(seats.key).toBe('win-seat|0');
    expect(seats.estimate).toBeCloseTo(0.75, 12);
    expect([seats.low, seats.high]).toEqual([0.4, 0.6]);
    expect(seats.meets).toBe(false);
    expect(seats.interval[0]).toBeGreaterThanOrEqual(0);
    expect(seats.interval[1]).toBeLessThanOrEqual(1);
    const rounds = estimateTarget(target('median rounds 11-12'), games)!;
    expect(rounds).toMatchObject({ estimate: 11.5, meets: true, n: 4 });
    expect(estimateTarget(target('rounds 1-2'), [new Map([['actions', 3]])])).toBeUndefined();
  });

  it('draws the start first, then distinct grid points, the same for the same seed', () => {
    const fields = [{ field: 'a', values: [1, 2, 3] }, { field: 'b', values: [10, 20] }];
    const drawn = drawCandidates(fields, [2, 15], 4, 's');
    expect(drawn[0]).toEqual([2, 15]);
    expect(new Set(drawn.map((d) => d.join())).size).toBe(drawn.length);
    expect(drawn).toHaveLength(7);
    expect(drawCandidates(fields, [2, 15], 4, 's')).toEqual(drawn);
    expect(drawCandidates(fields, [2, 15], 4, 't')).not.toEqual(drawn);
    const big = drawCandidates([{ field: 'a', values: Array.from({ length: 40 }, (_, i) => i) }, { field: 'b', values: Array.from({ length: 40 }, (_, i) => i) }], [0, 0], 5, 's');
    expect(big).toHaveLength(20);
  });
});

/** A tune of Acorn Run's round limit (random bots play to the limit, so the length is the limit). */
async function tuneRoundLimit(workers: number): Promise<TuneReport> {
  const built = await tuneContent(BUILTINS, 'acorn-run', ['race.roundLimit', 'market-cards.cheap.g-dash.cost']);
  const report = await runTune(
    {
      spec: { game: 'acorn-run', seats: 2, games: 1, bots: ['random'], seed: 'tune' },
      fields: [
        { field: 'race.roundLimit', values: [6, 8, 10, 12, 14] },
        { field: 'market-cards.cheap.g-dash.cost', values: [1, 2, 3] },
      ],
      start: built.start,
      targets: [target('rounds 10±0.5')],
      budget: { games: 60 },
      candidates: 8,
      confirm: 6,
      variant: built.variant,
    },
    { workers },
  );
  if (!report.ok) throw new Error(report.error.message);
  return report.value;
}

describe('a whole search', () => {
  it('finds the content the target asks for, keeps to its budget, and confirms it on fresh seeds', async () => {
    const report = await tuneRoundLimit(1);
    expect(report.best.settings[0]).toBe(10);
    expect(report.start.settings[0]).toBe(30);
    expect(report.searchGames).toBeLessThanOrEqual(63);
    expect(report.rounds.map((r) => r.candidates)).toEqual([8, 4, 2]);
    // Every candidate of a round played the same deals, and survivors are the better half.
    for (const [i, r] of report.rounds.entries()) {
      const next = report.rounds[i + 1];
      if (next) expect(next.ranking.map((c) => c.name).sort()).toEqual(r.ranking.slice(0, next.candidates).map((c) => c.name).sort());
    }
    // A cost of 3 is refused by the content check (cheap cards cost 1–2): never a candidate.
    expect(report.refused.length).toBeGreaterThan(0);
    expect(report.refused.every((r) => r.settings[1] === 3 && /cost 1–2/.test(r.why))).toBe(true);
    expect(report.confirm.best[0]).toMatchObject({ estimate: 10, meets: true });
    expect(report.confirm.start[0]).toMatchObject({ estimate: 30, meets: false });
    expect(report.compare.variants.map((v) => v.name)).toEqual(['start', 'best']);
    expect(report.compare.seed).toBe('tune.confirm');
  }, 120_000);

  it('gives the same search and the same confirmation for one worker or two', async () => {
    const strip = (r: TuneReport) => JSON.stringify({ ...r, searchSeconds: 0, rounds: r.rounds.map((x) => ({ ...x, seconds: 0 })), compare: { ...r.compare, variants: r.compare.variants.map((v) => ({ ...v, seconds: 0, workers: 0 })) } });
    expect(strip(await tuneRoundLimit(2))).toBe(strip(await tuneRoundLimit(1)));
  }, 180_000);

  it('drey lab tune writes the best content as a directory that --content plays, with TUNE.md', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drey-tune-'));
    try {
      const tuned = await runCli(['lab', 'tune', 'acorn-run', '--seats', '2', '--bots', 'random', '--field', 'race.roundLimit=6..14:2', '--target', 'rounds 12±0.5', '--budget', '30', '--candidates', '4', '--confirm', '4', '--workers', '1', '--out', dir, '--json', join(dir, '..', `${dir.split('/').pop()}.json`)]);
      expect(tuned.code).toBe(0);
      expect(readdirSync(dir).sort()).toEqual(['TUNE.md', 'race.json']);
      expect(JSON.parse(readFileSync(join(dir, 'race.json'), 'utf8')).roundLimit).toBe(12);
      expect(readFileSync(join(dir, 'TUNE.md'), 'utf8')).toMatch(/confirmed on \d+ fresh games/);
      expect(tuned.out).toMatch(/best: race\.roundLimit=12/);
      const played = await runCli(['sim', 'acorn-run', '--seats', '2', '--bots', 'random', '--games', '2', '--workers', '1', '--content', dir]);
      expect(played.code).toBe(0);
      expect(played.out).toMatch(/rounds[^\n]*12/i);
      expect((await runCli(['lab', 'tune', 'acorn-run', '--field', 'race.nope=1..2', '--target', 'rounds 1-2'])).code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
