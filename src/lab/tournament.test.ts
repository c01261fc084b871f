import { describe, expect, it } from 'vitest';
import { groupLineups, tournamentSchedule } from './schedule.js';
import { resolveTournament, runTournament, type TournamentSpec } from './tournament.js';

/** How often each bot name sits in each seat over a schedule. */
function seatCounts(lineups: readonly string[][]): Map<string, number[]> {
  const counts = new Map<string, number[]>();
  for (const lineup of lineups) {
    lineup.forEach((name, seat) => {
      const c = counts.get(name) ?? new Array<number>(lineup.length).fill(0);
      c[seat]!++;
      counts.set(name, c);
    });
  }
  return counts;
}

describe('tournament schedule', () => {
  it('rotates one bot against three copies of another through every seat', () => {
    const lineups = groupLineups(['hard', 'easy', 'easy', 'easy'], 4);
    expect(lineups).toHaveLength(4);
    expect(seatCounts(lineups).get('hard')).toEqual([1, 1, 1, 1]);
  });
  it('fills extra seats with the bots in turn and plays repeated rotations once', () => {
    const lineups = groupLineups(['a', 'b'], 4);
    expect(lineups).toEqual([
      ['a', 'b', 'a', 'b'],
      ['b', 'a', 'b', 'a'],
    ]);
    for (const c of seatCounts(lineups).values()) expect(c).toEqual([1, 1, 1, 1]);
  });
  it('with more bots than seats, every bot plays every seat equally often', () => {
    const lineups = groupLineups(['a', 'b', 'c', 'd', 'e'], 3);
    expect(lineups).toHaveLength(15);
    for (const c of seatCounts(lineups).values()) expect(c).toEqual([3, 3, 3]);
  });
  it('rounds the games up to whole groups; a group shares one deal', () => {
    const games = tournamentSchedule({ bots: ['x', 'y', 'z'], seats: 3, games: 7, seed: 's' });
    expect(games).toHaveLength(9);
    expect(new Set(games.filter((g) => g.group === 1).map((g) => g.seed))).toEqual(new Set(['s.1']));
    expect(games.map((g) => g.index)).toEqual([...Array(9).keys()]);
  });
});

describe('running a tournament', () => {
  const spec: TournamentSpec = {
    game: 'autumn-leaves',
    seats: 3,
    bots: ['heuristic', 'random'],
    games: 12,
    seed: 't',
    options: { hands: 1 },
  };

  it('refuses what cannot be played, naming the problem', () => {
    const refusal = (s: Partial<TournamentSpec>) => {
      const r = resolveTournament({ ...spec, ...s });
      return r.ok ? 'accepted' : r.error.code;
    };
    expect(refusal({ game: 'chess' })).toBe('unknown-game');
    expect(refusal({ seats: 9 })).toBe('bad-seats');
    expect(refusal({ bots: ['heuristic', 'grandmaster'] })).toBe('unknown-bot');
    expect(refusal({ bots: ['hard', 'hard'] })).toBe('bad-bots');
    expect(refusal({ options: { hands: 0 } })).toBe('bad-options');
    expect(refusal({})).toBe('accepted');
  });

  it('rates the heuristic above random, and gives the same report in one thread and in workers', async () => {
    const seen: number[] = [];
    const inThread = await runTournament(spec, { workers: 1, onProgress: (done) => seen.push(done) });
    if (!inThread.ok) throw new Error(inThread.error.message);
    const report = inThread.value;
    expect(report.games).toBe(12);
    expect(seen.at(-1)).toBe(12);
    expect(report.ratings.map((r) => r.name)).toEqual(['heuristic', 'random']);
    expect(report.ratings[0]!.winShare).toBeGreaterThan(report.ratings[1]!.winShare);
    const inWorkers = await runTournament(spec, { workers: 2 });
    if (!inWorkers.ok) throw new Error(inWorkers.error.message);
    expect(inWorkers.value).toEqual(report);
  });
});
