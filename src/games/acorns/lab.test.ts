/** Acorns' lab probe: per seat, the cards played on and the claims of each row of trees. */
import { describe, expect, it } from 'vitest';
import { playBotMatch } from '../../bots/index.js';
import { probeRecord } from '../../lab/probe.js';
import { acornsPackage } from './index.js';
import type { AcornsState } from './state.js';

const total = (facts: { values?: Record<string, number> }[], prefix: string): number =>
  facts.reduce((n, f) => n + Object.entries(f.values ?? {}).reduce((m, [k, v]) => m + (k.startsWith(prefix) ? v : 0), 0), 0);

describe('Acorns lab probe', () => {
  for (const partners of [false, true]) {
    it(`counts every card played on a tree and every claim, by row of the deck file${partners ? ' (partners: a team claim counts for both)' : ''}`, () => {
      const h = acornsPackage.bots.heuristic!;
      const played = playBotMatch(acornsPackage.game, { seats: 4, seed: 'probe', options: { partners } }, [h, h, h, h]);
      if (!played.ok) throw new Error(played.error.message);
      const { match, outcome } = played.value;
      const probed = probeRecord(acornsPackage, match.record);
      if (!probed.ok) throw new Error(probed.error.message);
      const seats = probed.value.seats!;
      const onTrees = match.record.actions.filter((a) => ['squirrel', 'fox', 'turtle'].includes(a.action.type)).length;
      expect(total(seats, 'treeCards')).toBe(onTrees);
      const claimed = (match.state as AcornsState).piles.reduce((n, p) => n + p.length, 0);
      expect(total(seats, 'treeClaims')).toBe(claimed * (partners ? 2 : 1));
      expect(total(seats, 'acornsClaimed')).toBe(Number(outcome.stats!['acornsClaimed']) * (partners ? 2 : 1));
      // The seven rows of the shipped deck each have a key, played on or not.
      expect(Object.keys(seats[0]!.values!).filter((k) => k.startsWith('treeCards'))).toHaveLength(7);
      // Places name trees by value ("trees worth 8"), and count the same cards.
      for (const f of seats) expect(Object.values(f.places!).reduce((a, b) => a + b, 0)).toBe(total([f], 'treeCards'));
      expect(Object.keys(seats.flatMap((f) => Object.keys(f.places!)).reduce((o, k) => ({ ...o, [k]: 1 }), {})).every((k) => /^trees worth [2-8]$/.test(k))).toBe(true);
    });
  }
});
