/**
 * Rule-gap counts (issue 26 item 4): the sim counts how often each ruling that settles a gap of
 * the Acorn Run rulebook decided a race, names games to replay where it did, and the digest of
 * the run does not depend on the counts.
 */
import { describe, expect, it } from 'vitest';
import { replay } from '../../engine/match.js';
import { SimAggregator } from '../../lab/aggregate.js';
import { playGame } from '../../lab/play.js';
import { bindRun } from '../../lab/resolve.js';
import { runSim } from '../../lab/sim.js';
import { acornRunPackage } from './index.js';
import { RULE_GAPS, acornRunRulings } from './rulings.js';
import type { State } from './state.js';

describe('Acorn Run rule gaps', () => {
  it('counts the dummies\' gaps and the round limit in solo races, the same on one thread and on two', async () => {
    // Solo against four dummies with an early sunset: dummies crowd the landing spaces and the
    // course closes on racers still running.
    const spec = { game: 'acorn-run', seats: 1, games: 12, seed: 'gaps', bots: ['random'], options: { dummies: 4, roundLimit: 10 } };
    const one = await runSim(spec, { workers: 1 });
    const two = await runSim(spec, { workers: 2 });
    if (!one.ok || !two.ok) throw new Error('sim failed');
    const rulings = one.value.summary.rulings!;
    expect(rulings.map((r) => r.id)).toEqual(RULE_GAPS.map((g) => g.id));
    const sunset = rulings.find((r) => r.id === 'R12-sunset')!;
    // Random bots never finish ten rounds' course: every race reaches sunset, once.
    expect(sunset.games).toBe(12);
    expect(sunset.perGame.mean).toBe(1);
    expect(sunset.examples.map((e) => e.index)).toEqual([0, 1, 2]);
    const wait = rulings.find((r) => r.id === 'R14-wait')!;
    expect(wait.games).toBeGreaterThan(0);
    expect(wait.shareInterval[0]).toBeLessThanOrEqual(wait.share);
    expect(wait.perGame.interval[0]).toBeGreaterThanOrEqual(0);
    expect(two.value.summary.rulings).toEqual(rulings);
    expect(two.value.summary.digest).toBe(one.value.summary.digest);
  });

  it('counts what the game logged: an example game replays to the gap it is named for', () => {
    const bound = bindRun({ game: 'acorn-run', seats: 1, games: 1, seed: 'gaps', options: { dummies: 4, roundLimit: 10 } }, ['random']);
    if (!bound.ok) throw new Error(bound.error.message);
    const played = playGame(bound.value, { index: 0, group: 0, seed: 'gaps.0', lineup: ['random'] });
    if (!played.ok) throw new Error(played.error.message);
    const counts = played.value.result.rulings!;
    // Counting again by watching the replayed record gives the same numbers.
    let watch: ReturnType<typeof acornRunRulings.watch> | undefined;
    const replayed = replay(acornRunPackage.game, played.value.record, {
      start: (m) => (watch = acornRunRulings.watch(m.state as State)),
      step: (_step, m) => watch!.after(m.state as State),
    });
    if (!replayed.ok) throw new Error(replayed.error.message);
    if (!watch) throw new Error('the replay did not start');
    expect(watch.counts()).toEqual(counts);
    expect(counts['R12-sunset']).toBe(1);
  });

  it('leaves the counts out of the digest', () => {
    const base = { index: 0, seed: 's.0', scores: [3, 1], ranks: [1, 2], winners: [0], rounds: 4, actions: 40 };
    const a = new SimAggregator(['random', 'random'], RULE_GAPS);
    const b = new SimAggregator(['random', 'random'], RULE_GAPS);
    a.add({ ...base, rulings: { R8: 2 } });
    b.add(base);
    expect(a.summary().digest).toBe(b.summary().digest);
    expect(a.summary().rulings!.find((r) => r.id === 'R8')!.perGame.mean).toBe(2);
    expect(b.summary().rulings).toBeUndefined();
  });
});
