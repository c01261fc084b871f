import { describe, expect, it } from 'vitest';
import { createRng, nextFloat } from '../engine/rng.js';
import { bradleyTerryElo, pairwiseWins, rateGames, winShares, type RatedGame } from './rating.js';

describe('ratings from multi-seat games', () => {
  it('reads a game as pairwise results between different bots, ties half each', () => {
    const games: RatedGame[] = [{ group: 0, lineup: ['hard', 'easy', 'easy', 'medium'], ranks: [2, 1, 4, 2] }];
    const wins = pairwiseWins(games, ['hard', 'easy', 'medium']);
    // hard: beat one easy, lost to the other, tied medium.
    expect(wins[0]).toEqual([0, 1, 0.5]);
    expect(wins[1]).toEqual([1, 0, 1]);
    expect(wins[2]).toEqual([0.5, 1, 0]);
  });

  it('splits a shared win among the winners', () => {
    const games: RatedGame[] = [
      { group: 0, lineup: ['a', 'b', 'b'], ranks: [1, 1, 3] },
      { group: 1, lineup: ['b', 'a', 'b'], ranks: [2, 1, 3] },
    ];
    const [a, b] = winShares(games, ['a', 'b']);
    expect(a).toEqual({ share: 0.75, seats: 2 });
    expect(b).toEqual({ share: 0.125, seats: 4 });
  });

  it('recovers known strengths from simulated results', () => {
    // True Elo 1700, 1500, 1300: P(i beats j) = 1 / (1 + 10^((Rj - Ri) / 400)).
    const truth = [1700, 1500, 1300];
    const rng = createRng('bt');
    const wins = truth.map(() => truth.map(() => 0));
    for (let n = 0; n < 4000; n++) {
      for (let i = 0; i < 3; i++) {
        for (let j = i + 1; j < 3; j++) {
          const p = 1 / (1 + 10 ** ((truth[j]! - truth[i]!) / 400));
          if (nextFloat(rng) < p) wins[i]![j]!++;
          else wins[j]![i]!++;
        }
      }
    }
    const elo = bradleyTerryElo(wins, 0);
    elo.forEach((e, i) => expect(Math.abs(e - truth[i]!)).toBeLessThan(15));
  });

  it('gives a bot that never lost a finite, top rating, with an interval around it', () => {
    const games: RatedGame[] = Array.from({ length: 40 }, (_, g) => ({
      group: Math.floor(g / 4),
      lineup: ['hard', 'easy', 'easy', 'easy'].map((_, s, arr) => arr[(s + g) % 4]!),
      ranks: [0, 1, 2, 3].map((s) => (['hard', 'easy', 'easy', 'easy'][(s + g) % 4] === 'hard' ? 1 : 2)),
    }));
    const rows = rateGames(games, { seed: 's', bootstrap: 200 });
    expect(rows.map((r) => r.name)).toEqual(['hard', 'easy']);
    const [hard, easy] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(Number.isFinite(hard.elo)).toBe(true);
    expect(hard.elo).toBeGreaterThan(easy.elo + 300);
    expect(hard.winShare).toBe(1);
    expect(hard.fairShare).toBe(0.25);
    expect(hard.seatGames).toBe(40);
    expect(easy.seatGames).toBe(120);
    expect(hard.eloInterval[0]).toBeLessThanOrEqual(hard.elo);
    expect(hard.eloInterval[1]).toBeGreaterThanOrEqual(hard.elo);
  });

  it('is deterministic for a seed and its intervals narrow with more games', () => {
    const make = (n: number): RatedGame[] => {
      const rng = createRng(`games:${n}`);
      return Array.from({ length: n }, (_, g) => {
        const lineup = g % 2 === 0 ? ['a', 'b', 'c'] : ['c', 'a', 'b'];
        // a is stronger: it wins 60% of its games, the rest are split.
        const winner = nextFloat(rng) < 0.6 ? lineup.indexOf('a') : lineup.indexOf(nextFloat(rng) < 0.5 ? 'b' : 'c');
        return { group: g, lineup, ranks: lineup.map((_, s) => (s === winner ? 1 : 2)) };
      });
    };
    const few = rateGames(make(60), { seed: 'x', bootstrap: 300 });
    expect(rateGames(make(60), { seed: 'x', bootstrap: 300 })).toEqual(few);
    const many = rateGames(make(600), { seed: 'x', bootstrap: 300 });
    const width = (rows: typeof few) => rows[0]!.winShareInterval[1] - rows[0]!.winShareInterval[0];
    expect(many[0]!.name).toBe('a');
    expect(width(many)).toBeLessThan(width(few));
    expect(many[0]!.winShareInterval[0]).toBeGreaterThan(0.5);
  });
});
