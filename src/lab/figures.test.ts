import { describe, expect, it } from 'vitest';
import { confoundedFigures, figureLabel, figureMembers, labelWithSameAs, statLabel, uniqueCardNames } from './figures.js';
import type { GameResult } from './play.js';

const game = (index: number, lanes: string[]): GameResult => ({
  index,
  seed: `s.${index}`,
  scores: lanes.map(() => 0),
  ranks: lanes.map(() => 1),
  winners: [0],
  rounds: 10,
  actions: 100,
  facts: { streaks: [], seats: lanes.map((lane) => ({ groups: { lane } })) },
});

/** Signatures as compare.ts builds them: every game's seats per figure, in order. */
const signatures = (games: readonly [GameResult, string[]][]): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [r, lineup] of games) for (const [k, seats] of figureMembers(r, lineup)) out.set(k, `${out.get(k) ?? ''}${r.index}:${seats};`);
  return out;
};

describe('figures that are the same numbers', () => {
  it('a start lane that one seat always takes is reported once, on the seat, with the reason', () => {
    const sig = signatures([0, 1, 2].map((i) => [game(i, ['g1', 'g2', 'y1']), ['heuristic', 'heuristic', 'heuristic']]));
    const keys = ['win-seat|0', 'win-seat|1', 'win-seat|2', 'win-group|lane|g1', 'win-group|lane|g2', 'win-group|lane|y1'];
    const same = confoundedFigures(keys, sig);
    expect([...same.keys()]).toEqual(['win-seat|0', 'win-seat|1', 'win-seat|2']);
    expect(labelWithSameAs({ label: 'win share, seat 1', sameAs: same.get('win-seat|0')! })).toBe('win share, seat 1 (same as start lane g1: seat 1 always starts there)');
  });

  it('lanes dealt to different seats in different games stay separate figures', () => {
    const sig = signatures([
      [game(0, ['g1', 'g2']), ['a', 'b']],
      [game(1, ['g2', 'g1']), ['a', 'b']],
    ]);
    expect(confoundedFigures(['win-seat|0', 'win-seat|1', 'win-bot|a', 'win-bot|b', 'win-group|lane|g1', 'win-group|lane|g2'], sig).get('win-seat|0')).toEqual([
      { key: 'win-bot|a', label: 'win share, bot a', reason: 'a always sits in seat 1' },
    ]);
    // Seat 1 (index 0) started in g1, then g2: not the same as either lane.
    const all = [...confoundedFigures(['win-seat|0', 'win-seat|1', 'win-group|lane|g1', 'win-group|lane|g2'], sig).values()].flat();
    expect(all).toEqual([]);
  });
});

describe('card labels', () => {
  it('two cards that share a name get labels of their own; a unique name stays as it is', () => {
    expect(uniqueCardNames({ 'y-twig-r': 'Yellow Twig', 'y-twig-g': 'Yellow Twig', 'y-hop': 'Yellow Hop' })).toEqual({
      'y-twig-r': 'Yellow Twig (y-twig-r)',
      'y-twig-g': 'Yellow Twig (y-twig-g)',
      'y-hop': 'Yellow Hop',
    });
  });
});

describe("Acorn Run's card labels", () => {
  it('no two market cards share a label: the Yellow Twigs read by their combo', async () => {
    const { BUILTINS } = await import('../games/index.js');
    const names = BUILTINS.get('acorn-run')!.lab!.cardNames!;
    expect(new Set(Object.values(names)).size).toBe(Object.keys(names).length);
    expect(names['y-twig-r']).toBe('Yellow Twig (combo red)');
    expect(names['y-twig-g']).toBe('Yellow Twig (combo green)');
    expect(names['y-hop']).toBe('Yellow Hop');
  });
});

describe('figure labels', () => {
  it("a probe's keys read as words, not as code (issue 26: designers read the labels)", () => {
    expect(figureLabel('value|comboVp', {}).label).toBe('mean combo VP per seat');
    expect(figureLabel('value|comboJumps', {}).label).toBe('mean combo jumps per seat');
    expect(figureLabel('stat|disqualified', {}).label).toBe('disqualified per game');
    expect(figureLabel('stat|coldSnaps', {}).label).toBe('cold snaps per game');
  });

  it('a sweep names its statistic once: "mean combo VP per seat", never "mean mean …"', () => {
    expect(statLabel('mean', figureLabel('value|comboVp', {}).label)).toBe('mean combo VP per seat');
    expect(statLabel('median', figureLabel('value|comboVp', {}).label)).toBe('median combo VP per seat');
    expect(statLabel('median', figureLabel('rounds', {}).label)).toBe('median game length (rounds)');
  });
});
