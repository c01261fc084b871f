/**
 * Content is a value (issue 23): packages built from different content live side by side in one
 * process. Two races, one on the shipped content and one on a variant (Dash cards cost 1, a
 * winner-takes-most results track), played step by step in turn on one thread — rules, views,
 * heuristic bot, search evaluation, narrator, text table and lab probe called alternately — must
 * give exactly what each gives alone.
 */
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../engine/bot.js';
import { stableHash } from '../../engine/hash.js';
import { createMatch, play, type Match } from '../../engine/match.js';
import { narrationFeed } from '../../engine/narration.js';
import { createRng } from '../../engine/rng.js';
import type { AnyGamePackage } from '../package.js';
import { BUILTIN_CONTENT, type AcornRunContent } from './content/index.js';
import { createAcornRun } from './index.js';
import type { State } from './state.js';

/** Dash (sprint-plus) cards cost 1, and the results track pays first place far more. */
const VARIANT: AcornRunContent = {
  ...BUILTIN_CONTENT,
  cards: {
    ...BUILTIN_CONTENT.cards,
    cheap: BUILTIN_CONTENT.cards.cheap.map((c) => (c.effect?.kind === 'sprint-plus' ? { ...c, cost: 1 } : c)),
  },
  race: { ...BUILTIN_CONTENT.race, results: [20, 6, 3, 2, 1, 0, 0, 0] },
};

interface Run {
  pkg: AnyGamePackage;
  match: Match;
  bot: Bot;
  rng: ReturnType<typeof createRng>;
  feed: (view: unknown, context: { viewer: number; names: string[] }) => string[];
  watcher: ReturnType<NonNullable<AnyGamePackage['lab']>['watch']>;
  trace: string[];
  done: boolean;
}

function start(pkg: AnyGamePackage, seed: string): Run {
  const created = createMatch(pkg.game, { seats: 2, seed, options: { dummies: 1 } });
  if (!created.ok) throw new Error(created.error.message);
  return {
    pkg,
    match: created.value,
    bot: pkg.bots.heuristic!,
    rng: createRng(`bot:${seed}`),
    feed: narrationFeed(pkg.narrator!),
    watcher: pkg.lab!.watch(created.value.state),
    trace: [],
    done: false,
  };
}

/** One step of a run: every facet of its package is called, and what it says is traced. */
function step(run: Run): void {
  const { pkg, match } = run;
  const game = pkg.game;
  const state = match.state;
  const seat = game.toAct(state)[0];
  if (seat === undefined) {
    run.trace.push(`outcome ${stableHash(game.outcome(state))} lab ${stableHash(run.watcher.finish(state))}`);
    run.done = true;
    return;
  }
  const legal = game.legalActions(state, seat);
  const view = game.view(state, seat);
  const value = pkg.bots.knowledge!.value!(state);
  const screen = pkg.textUI!.render(view, seat, ['Ann', 'Bo']);
  const story = run.feed(view, { viewer: seat, names: ['Ann', 'Bo'] });
  const action = run.bot({ game, seat, view, legal, rng: run.rng, determinize: (rng) => game.resample(state, seat, rng) });
  const words = game.describeAction(state, seat, action);
  run.watcher.before(state, seat, legal);
  const played = play(match, seat, action);
  if (!played.ok) throw new Error(played.error.message);
  run.watcher.after(match.state, seat, action);
  run.trace.push(`${seat} ${words} | ${stableHash(match.state)} ${value.map((v) => v.toFixed(6)).join(',')} ${stableHash(screen)} ${stableHash(story)}`);
}

function alone(pkg: AnyGamePackage, seed: string): string[] {
  const run = start(pkg, seed);
  while (!run.done) step(run);
  return run.trace;
}

describe('Acorn Run content as a value', () => {
  it('plays a variant and the shipped race interleaved step by step exactly as each alone', () => {
    const builtin = createAcornRun(BUILTIN_CONTENT);
    const variant = createAcornRun(VARIANT);
    const seed = 'side-by-side';
    const a = start(builtin, seed);
    const b = start(variant, seed);
    while (!a.done || !b.done) {
      if (!a.done) step(a);
      if (!b.done) step(b);
    }
    expect(a.trace).toEqual(alone(builtin, seed));
    expect(b.trace).toEqual(alone(variant, seed));
    // The variant is really another race: its market prices and results track differ.
    expect(b.trace).not.toEqual(a.trace);
  });

  it('scores each race by the results track of its own package (R12), both alive at once', () => {
    const packages = [createAcornRun(BUILTIN_CONTENT), createAcornRun(VARIANT)];
    const runs = packages.map((pkg) => start(pkg, 'tracks'));
    while (runs.some((r) => !r.done)) for (const r of runs) if (!r.done) step(r);
    runs.forEach((run, i) => {
      const track = [BUILTIN_CONTENT, VARIANT][i]!.race.results;
      const state = run.match.state as State;
      const details = run.pkg.game.outcome(state)!.details!;
      const placed = state.seatRacer.filter((r) => state.racers[r]!.place !== null && !state.racers[r]!.out);
      expect(placed.length).toBeGreaterThan(0);
      for (const r of placed) expect(details[state.racers[r]!.seat]).toMatch(new RegExp(`^${track[state.racers[r]!.place!]} race \\+`));
    });
  });
});
