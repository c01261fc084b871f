/**
 * The conformance suite: one set of properties every registered game must satisfy, at the
 * configurations its package lists (`conformance` in src/games/<id>/index.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actionKey,
  advance,
  canonicalJson,
  cloneRng,
  createMatch,
  createRng,
  nextInt,
  play,
  replay,
  stableHash,
  stepwisePlayout,
  type ActionBase,
  type AnyGame,
  type MatchConfig,
  type Seat,
} from '../src/engine/index.js';
import type { AnyGamePackage, ConformanceConfig } from '../src/games/package.js';
import { logEnd, type AnyNarrator, type EventLog } from '../src/engine/narration.js';

const sortedComponents = (game: AnyGame, state: unknown): string => [...game.components(state)].sort().join(',');

function mustCreate(game: AnyGame, config: MatchConfig) {
  const created = createMatch(game, config);
  if (!created.ok) throw new Error(`${game.id}: could not create match: ${created.error.message}`);
  return created.value;
}

function randomStep(game: AnyGame, state: unknown, rng: ReturnType<typeof createRng>): { seat: Seat; action: ActionBase } {
  const toAct = game.toAct(state);
  const seat = toAct[nextInt(rng, toAct.length)]!;
  const legal = game.legalActions(state, seat);
  return { seat, action: legal[nextInt(rng, legal.length)]! };
}

/** Plays one random game through `play`, checking the per-step invariants. */
export function checkPlayout(game: AnyGame, config: ConformanceConfig, seed: string): void {
  const match = mustCreate(game, { seats: config.seats, seed, options: config.options });
  const rng = createRng(`playout:${seed}`);
  const components = sortedComponents(game, match.state);
  let steps = 0;
  while (game.outcome(match.state) === null) {
    expect(steps, `${game.id} ${seed}: game did not end within ${config.maxSteps} actions`).toBeLessThan(config.maxSteps);
    const toAct = game.toAct(match.state);
    expect(toAct.length, 'a running game has someone to act').toBeGreaterThan(0);
    for (let seat = 0; seat < config.seats; seat++) {
      const legal = game.legalActions(match.state, seat);
      if (toAct.includes(seat)) {
        expect(legal.length, `seat ${seat} is to act but has no legal action`).toBeGreaterThan(0);
        const keys = legal.map(actionKey);
        expect(new Set(keys).size, 'legal actions are distinct').toBe(keys.length);
      } else {
        expect(legal, `seat ${seat} is not to act but has legal actions`).toEqual([]);
      }
    }
    const { seat, action } = randomStep(game, match.state, rng);
    // Every legal action survives its own parser.
    const reparsed = game.parseAction(JSON.parse(JSON.stringify(action)));
    expect(reparsed.ok, `legal action ${actionKey(action)} fails parseAction`).toBe(true);
    const played = play(match, seat, action);
    expect(played.ok).toBe(true);
    if (played.ok) {
      // The engine's step (the game's `step` when it has one) yields exactly what the game says of
      // the new state: who acts next, and the outcome only once no one is (engine/step.ts).
      expect([...played.value.toAct], 'the step yields toAct of the new state').toEqual([...game.toAct(match.state)]);
      expect(played.value.outcome, 'the step yields the outcome of the new state').toEqual(game.outcome(match.state));
    }
    expect(sortedComponents(game, match.state), 'components are conserved').toBe(components);
    steps++;
  }
  const outcome = game.outcome(match.state)!;
  expect(game.toAct(match.state)).toEqual([]);
  expect(outcome.scores.length).toBe(config.seats);
  expect(outcome.ranks.length).toBe(config.seats);
  // Someone won: a seat, or a racer at no seat (Acorn Run's dummies, R13), and ranks agree.
  const racerWinners = (outcome.racers ?? []).filter((r) => r.rank === 1).length;
  expect(outcome.winners.length + racerWinners).toBeGreaterThan(0);
  expect(outcome.winners).toEqual(outcome.ranks.flatMap((r, seat) => (r === 1 ? [seat] : [])));
  for (const w of outcome.winners) expect(outcome.ranks[w]).toBe(1);
  // The record replays to the same state.
  const replayed = replay(game, JSON.parse(JSON.stringify(match.record)));
  expect(replayed.ok).toBe(true);
  if (replayed.ok) expect(replayed.value.hash).toBe(stableHash(match.state));
  // A finished game refuses further actions.
  const after = play(match, 0, { type: 'anything' });
  expect(after.ok).toBe(false);
}

/**
 * A game's own random step (engine/game.ts `randomStep`) does what a playout did without it, for
 * every seat to act: the same draws (the generators end equal), the same state, the same seats next.
 */
function checkRandomStep(game: AnyGame, state: unknown, rng: ReturnType<typeof createRng>): void {
  for (const seat of game.toAct(state)) {
    const listed = game.clone(state);
    const listedRng = cloneRng(rng);
    const legal = game.legalActions(listed, seat);
    const listedNext = advance(game, listed, seat, legal[nextInt(listedRng, legal.length)]!);
    const direct = game.clone(state);
    const directRng = cloneRng(rng);
    const directNext = game.randomStep!(direct, seat, directRng);
    expect(stableHash(direct), `${game.id}: randomStep plays what the legal list's draw picks`).toBe(stableHash(listed));
    expect([...directRng], 'randomStep draws as the legal list does').toEqual([...listedRng]);
    expect([...directNext], 'randomStep yields who acts next').toEqual([...listedNext]);
  }
}

/** How far the playouts of `checkRandomPlayout` may go: cut-offs mid-round and mid-hand, and the whole game. */
const PLAYOUT_CUTOFFS = [0, 1, 2, 5, 13, 40, 150, Number.POSITIVE_INFINITY];

/**
 * A game's own random playout (engine/game.ts `randomPlayout`) plays what the step-by-step walk
 * plays (engine/playout.ts `stepwisePlayout`) from the position `state`, at most `limit` steps,
 * both with the generator `${seed}.moves`: the same steps taken, the same state (canonical JSON,
 * events and generator included) and the same playout generator afterwards. `onStep` watches the
 * walk's steps. Returns the walk's step count and the state it reached.
 */
export function expectSamePlayout(
  game: AnyGame,
  state: unknown,
  seed: string,
  limit: number,
  onStep?: Parameters<typeof stepwisePlayout>[4],
): { steps: number; walked: unknown } {
  const walked = game.clone(state);
  const walkedRng = createRng(`${seed}.moves`);
  const steps = stepwisePlayout(game, walked, walkedRng, limit, onStep);
  const own = game.clone(state);
  const ownRng = createRng(`${seed}.moves`);
  const ownSteps = game.randomPlayout!(own, ownRng, limit);
  const at = `${game.id} ${seed}, at most ${limit} steps`;
  expect(ownSteps, `${at}: randomPlayout takes the walk's steps`).toBe(steps);
  expect(canonicalJson(own), `${at}: randomPlayout ends where the walk ends`).toBe(canonicalJson(walked));
  expect([...ownRng], `${at}: randomPlayout draws as the walk does`).toEqual([...walkedRng]);
  return { steps, walked };
}

/** `expectSamePlayout` from the position `state` at each cut-off: mid-round, mid-hand and the whole game. */
export function checkRandomPlayout(game: AnyGame, state: unknown, seed: string, maxSteps: number): void {
  for (const cutoff of PLAYOUT_CUTOFFS) expectSamePlayout(game, state, seed, Math.min(cutoff, maxSteps));
}

/**
 * `checkRandomPlayout` from fresh setups at every seat count the game allows with the
 * configuration's options (Acorn Run's dummies race beside one or two seats only) and from
 * positions reached by random steps (a few from each setup).
 */
export function checkRandomPlayouts(game: AnyGame, config: ConformanceConfig, seeds: number): void {
  let counts = 0;
  for (let seats = game.seats.min; seats <= game.seats.max; seats++) {
    if (!game.parseOptions(config.options ?? {}, seats).ok) continue;
    counts++;
    for (let i = 0; i < seeds; i++) {
      const seed = `own-playout:${seats}:${i}`;
      const match = mustCreate(game, { seats, seed, options: config.options });
      checkRandomPlayout(game, match.state, seed, config.maxSteps);
      const walk = createRng(`${seed}.walk`);
      for (let position = 0; position < 3 && game.toAct(match.state).length > 0; position++) {
        stepwisePlayout(game, match.state, walk, 1 + nextInt(walk, 120));
        checkRandomPlayout(game, match.state, `${seed}.${position}`, config.maxSteps);
      }
    }
  }
  expect(counts, `${game.id}: the configuration's options fit some seat count`).toBeGreaterThan(0);
}

/** Walks a random game and checks clone, JSON round-trip, views, resample and refusals along the way. */
export function checkStateProperties(
  game: AnyGame,
  config: ConformanceConfig,
  seed: string,
  narrator?: AnyNarrator,
): { resampleChanged: number; samples: number } {
  const match = mustCreate(game, { seats: config.seats, seed, options: config.options });
  const rng = createRng(`props:${seed}`);
  let resampleChanged = 0;
  let samples = 0;
  let steps = 0;
  let told: EventLog<unknown> | undefined;
  while (game.outcome(match.state) !== null ? false : steps < config.maxSteps) {
    const state = match.state;
    const hash = stableHash(state);

    // JSON round-trip gives an equal state that plays on identically.
    const roundTripped = JSON.parse(JSON.stringify(state));
    expect(roundTripped).toEqual(state);

    // Clones are independent.
    const clone = game.clone(state);
    expect(stableHash(clone)).toBe(hash);
    const step = randomStep(game, clone, rng);
    game.apply(clone, step.seat, step.action);
    expect(stableHash(state), 'applying to a clone leaves the original unchanged').toBe(hash);
    game.apply(roundTripped, step.seat, step.action);
    expect(stableHash(roundTripped)).toBe(stableHash(clone));
    if (game.randomStep) checkRandomStep(game, state, rng);

    // Views: what a seat sees is unchanged when everything it cannot see is dealt anew.
    const seat = nextInt(rng, config.seats);
    const view = game.view(state, seat);
    expect(JSON.parse(JSON.stringify(view)), 'views are plain JSON').toEqual(view);
    const resampled = game.resample(state, seat, rng);
    expect(stableHash(state), 'resample leaves the original unchanged').toBe(hash);
    // The events a view carries are covered by the same check: a fact private to another seat
    // is hidden information, dealt anew by resample, so an event that showed it would differ.
    if (narrator) {
      expect(narrator.log(game.view(resampled, seat)), `${game.id}: seat ${seat}'s events differ after resampling: an event shows something hidden`).toEqual(
        narrator.log(view),
      );
    }
    expect(game.view(resampled, seat), `${game.id}: seat ${seat}'s view differs after resampling hidden information`).toEqual(view);
    expect(game.legalActions(resampled, seat).map(actionKey)).toEqual(game.legalActions(state, seat).map(actionKey));
    expect(game.toAct(resampled)).toEqual(game.toAct(state));
    expect(sortedComponents(game, resampled), 'resample conserves components').toBe(sortedComponents(game, state));
    samples++;
    if (stableHash(resampled) !== hash) resampleChanged++;
    // A resampled state is a legal state: it plays on to an end. It is played on as it is, not a
    // clone: search (src/bots/ismcts.ts) does the same, so a resample must share nothing mutable
    // with the state it came from.
    if (steps % 7 === 0) {
      let n = 0;
      while (game.toAct(resampled).length > 0 && n < config.maxSteps) {
        const s = randomStep(game, resampled, rng);
        game.apply(resampled, s.seat, s.action);
        n++;
      }
      expect(game.outcome(resampled), 'a resampled state plays to an end').not.toBeNull();
      expect(stableHash(state), 'playing a resampled state on leaves the original unchanged').toBe(hash);
    }
    // The spectator view never equals more than any seat's: it must at least be JSON.
    const spectator = game.view(state, 'spectator');
    expect(JSON.parse(JSON.stringify(spectator))).toEqual(spectator);
    if (narrator) {
      // Events are history: numbered from the start, never rewritten, never taken back.
      const log = narrator.log(spectator);
      if (told) {
        expect(log.first, 'the event tail never moves back').toBeGreaterThanOrEqual(told.first);
        expect(logEnd(log), 'events are never taken back').toBeGreaterThanOrEqual(logEnd(told));
        for (let i = log.first; i < logEnd(told); i++) expect(log.events[i - log.first], `event ${i} was rewritten`).toEqual(told.events[i - told.first]);
      }
      told = log;
    }

    // Refusals change nothing.
    const toAct = game.toAct(state);
    const idle = [...Array(config.seats).keys()].find((s) => !toAct.includes(s));
    if (idle !== undefined) {
      const r = play(match, idle, game.legalActions(state, toAct[0]!)[0]);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('not-your-turn');
    }
    const malformed = play(match, toAct[0]!, { type: '??' });
    expect(malformed.ok).toBe(false);
    if (!malformed.ok) expect(malformed.error.code).toBe('malformed-action');
    expect(play(match, toAct[0]!, null).ok).toBe(false);
    expect(play(match, 99, game.legalActions(state, toAct[0]!)[0]).ok).toBe(false);
    expect(stableHash(match.state), 'refused actions change nothing').toBe(hash);

    const next = randomStep(game, match.state, rng);
    expect(play(match, next.seat, next.action).ok).toBe(true);
    steps++;
  }
  return { resampleChanged, samples };
}

export function conformanceProperties(game: AnyGame, config: ConformanceConfig, runs: number): void {
  fc.assert(
    fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
      checkPlayout(game, config, seed);
    }),
    { numRuns: runs },
  );
}

/** The whole suite for one package, at each of its configurations. */
export function conformanceSuite(pkg: AnyGamePackage): void {
  const game = pkg.game;
  for (const config of pkg.conformance) {
    describe(`${game.id}: ${config.label} (${config.seats} seats${config.options ? ` ${JSON.stringify(config.options)}` : ''})`, () => {
      it('random playouts end, conserve components, replay to the same hash (property)', () => {
        conformanceProperties(game, config, 25);
      });
      it('a fixed seed plays out', () => {
        checkPlayout(game, config, 'fixed-seed');
      });
      if (game.randomPlayout) {
        it("the game's own random playout plays what the step-by-step walk plays, at every seat count", () => {
          checkRandomPlayouts(game, config, 4);
        });
      }
      it('clone, JSON round-trip, views, resample and refusals hold at every step', () => {
        let changed = 0;
        let samples = 0;
        for (const seed of ['a', 'b', 'c']) {
          const r = checkStateProperties(game, config, seed, pkg.narrator);
          changed += r.resampleChanged;
          samples += r.samples;
        }
        expect(samples).toBeGreaterThan(0);
        // resample must actually re-deal hidden information, or the view checks prove nothing.
        expect(changed, 'resample never changed any hidden information').toBeGreaterThan(0);
      });
    });
  }
}
