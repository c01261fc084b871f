import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRng, nextFloat, nextInt, nextUint32, shuffle, forkRng } from './rng.js';
import { canonicalJson, stableHash } from './hash.js';
import { rankScores } from './outcome.js';
import type { AnyGame } from './game.js';
import { randomPlayout, stepwisePlayout, type PlayoutStep } from './playout.js';
import {
  commit,
  createMatch,
  createParsedMatch,
  listLegal,
  lookAhead,
  matchFromRecord,
  play,
  playLegal,
  prepare,
  replay,
  type Match,
  type MatchRecord,
} from './match.js';
import { pickGame, type PickState } from '../../test/fixtures/pick-game.js';

describe('rng', () => {
  it('the same seed gives the same sequence; different seeds differ', () => {
    const a = createRng('acorn');
    const b = createRng('acorn');
    const c = createRng('acorm');
    const sa = Array.from({ length: 20 }, () => nextUint32(a));
    const sb = Array.from({ length: 20 }, () => nextUint32(b));
    const sc = Array.from({ length: 20 }, () => nextUint32(c));
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual(sc);
  });

  it('its state is plain numbers that survive JSON', () => {
    const a = createRng('x');
    nextUint32(a);
    const b = JSON.parse(JSON.stringify(a));
    expect(nextUint32(b)).toBe(nextUint32(a));
  });

  it('nextInt stays in range and covers every value (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 60 }), (seed, n) => {
        const rng = createRng(seed || 's');
        const seen = new Set<number>();
        for (let i = 0; i < n * 40; i++) {
          const x = nextInt(rng, n);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(n);
          seen.add(x);
        }
        expect(seen.size).toBe(n);
      }),
      { numRuns: 50 },
    );
  });

  it('is roughly uniform', () => {
    const rng = createRng('uniform');
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) buckets[Math.floor(nextFloat(rng) * 10)]++;
    for (const b of buckets) expect(Math.abs(b - 10_000)).toBeLessThan(500);
  });

  it('shuffle is a permutation', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.string(), (items, seed) => {
        const shuffled = shuffle(createRng(seed || 's'), [...items]);
        expect([...shuffled].sort()).toEqual([...items].sort());
      }),
    );
  });

  it('handles ranges too wide for the multiply path', () => {
    const rng = createRng('wide');
    for (let i = 0; i < 1000; i++) {
      const x = nextInt(rng, 2 ** 31 + 11);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(2 ** 31 + 11);
    }
  });

  it('refuses a non-positive range', () => {
    expect(() => nextInt(createRng('x'), 0)).toThrow(/positive/);
  });

  it('forks independent streams', () => {
    const parent = createRng('p');
    const child = forkRng(parent);
    expect(nextUint32(child)).not.toBe(nextUint32(parent));
  });
});

describe('hash', () => {
  it('ignores key order and sees every value', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
    expect(stableHash({ a: 1, b: 2 })).toBe(stableHash({ b: 2, a: 1 }));
    expect(stableHash({ a: 1, b: 2 })).not.toBe(stableHash({ a: 1, b: 3 }));
    expect(stableHash([1, 2])).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('rankScores', () => {
  it('shares ranks on equal scores and skips the next rank', () => {
    expect(rankScores([5, 9, 5, 2], false)).toEqual({ ranks: [2, 1, 2, 4], winners: [1] });
    expect(rankScores([3, 3, 7], true)).toEqual({ ranks: [1, 1, 3], winners: [0, 1] });
  });
  it('applies a tie-break', () => {
    expect(rankScores([4, 4, 1], false, [1, 0, 2])).toEqual({ ranks: [2, 1, 3], winners: [1] });
  });
});

// The pick game (test/fixtures): each round every seat picks 1–3 at once, then the leader collects.
const pick = pickGame as unknown as AnyGame;

function newMatch(seats = 2, rounds = 1): Match {
  const created = createMatch(pick, { seats, seed: 'door', options: { rounds } });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** Everything a match is: its state and its record. */
const fingerprint = (match: Match): string => stableHash({ state: match.state, record: match.record });

describe('the engine\'s door: prepare and commit', () => {
  it('prepares a step without changing the match: the typed action, its seat, number and description', () => {
    const match = newMatch();
    const before = fingerprint(match);
    const prepared = prepare(match, 1, { type: 'pick', n: 2, extra: 'dropped by parsing' });
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    const step = prepared.value;
    expect(step).toMatchObject({ seat: 1, seq: 1, description: 'seat 2 picks 2', simultaneous: true });
    // The action is the game's own legal action, not the untrusted input.
    expect(pick.legalActions(match.state, 1)).toContainEqual(step.action);
    expect(step.action).toEqual({ type: 'pick', n: 2 });
    expect(fingerprint(match)).toBe(before);
  });

  it('refuses with a reason code, and a refusal changes nothing', () => {
    const match = newMatch();
    play(match, 0, { type: 'pick', n: 1 });
    const before = fingerprint(match);
    const refusals: [unknown, unknown, string][] = [
      [1, { type: 'pick', n: 7 }, 'malformed-action'],
      [1, 'pick', 'malformed-action'],
      [2, { type: 'pick', n: 1 }, 'bad-seat'],
      [-1, { type: 'pick', n: 1 }, 'bad-seat'],
      ['one', { type: 'pick', n: 1 }, 'bad-seat'],
      [0, { type: 'pick', n: 2 }, 'not-your-turn'],
      [1, { type: 'collect' }, 'illegal-action'],
    ];
    for (const [seat, action, code] of refusals) {
      const prepared = prepare(match, seat, action);
      expect(prepared.ok ? 'ok' : prepared.error.code, `${String(seat)} ${JSON.stringify(action)}`).toBe(code);
      expect(play(match, seat, action).ok).toBe(false);
      expect(fingerprint(match)).toBe(before);
    }
  });

  it('refuses every action once the game is over', () => {
    const match = newMatch();
    play(match, 0, { type: 'pick', n: 1 });
    play(match, 1, { type: 'pick', n: 2 });
    expect(play(match, 0, { type: 'collect' }).ok).toBe(true);
    const prepared = prepare(match, 0, { type: 'collect' });
    expect(prepared.ok ? 'ok' : prepared.error.code).toBe('game-over');
  });

  it('commits a prepared step: the state and the record advance by exactly that action', () => {
    const match = newMatch();
    const prepared = prepare(match, 0, { type: 'pick', n: 3 });
    if (!prepared.ok) throw new Error(prepared.error.message);
    const committed = commit(prepared.value);
    // The step yields who acts next (seat 2 still picks) and no outcome: the game runs on.
    expect(committed).toEqual({ ok: true, value: { seq: 1, description: 'seat 1 picks 3', toAct: [1], outcome: null } });
    expect(match.toAct).toEqual([1]);
    expect(match.record.actions).toEqual([{ seat: 0, action: { type: 'pick', n: 3 } }]);
    expect((match.state as PickState).picks).toEqual([3, null]);
  });

  it('refuses a prepared step whose match has moved on, and changes nothing', () => {
    const match = newMatch();
    const first = prepare(match, 0, { type: 'pick', n: 1 });
    const second = prepare(match, 1, { type: 'pick', n: 2 });
    if (!first.ok || !second.ok) throw new Error('both picks are legal now');
    expect(commit(first.value).ok).toBe(true);
    const after = fingerprint(match);
    const stale = commit(second.value);
    expect(stale.ok ? 'ok' : stale.error.code).toBe('stale-step');
    // The same step twice is stale too.
    const again = commit(first.value);
    expect(again.ok ? 'ok' : again.error.code).toBe('stale-step');
    expect(fingerprint(match)).toBe(after);
    expect(match.record.actions).toHaveLength(1);
  });

  it('looks ahead at the outcome on a copy; commit then adopts it, as if played', () => {
    const played = newMatch();
    const stepped = newMatch();
    for (const [seat, action] of [[0, { type: 'pick', n: 1 }], [1, { type: 'pick', n: 3 }], [0, { type: 'collect' }]] as const) {
      expect(play(played, seat, action).ok).toBe(true);
      const prepared = prepare(stepped, seat, action);
      if (!prepared.ok) throw new Error(prepared.error.message);
      const before = fingerprint(stepped);
      const outcome = lookAhead(prepared.value);
      expect(fingerprint(stepped)).toBe(before);
      expect(commit(prepared.value)).toEqual({ ok: true, value: expect.objectContaining({ outcome }) });
    }
    expect(pick.outcome(stepped.state)).toMatchObject({ scores: [0, 3], winners: [1] });
    expect(fingerprint(stepped)).toBe(fingerprint(played));
  });

  it('keeps a match read-only outside the engine (type-checked)', () => {
    const match = newMatch();
    const tamper = (): void => {
      // @ts-expect-error: only the engine changes a match's state
      match.state = {};
      // @ts-expect-error: nor may anyone append to its record
      match.record.actions.push({ seat: 0, action: { type: 'pick', n: 1 } });
    };
    expect(typeof tamper).toBe('function');
    expect(match.record.actions).toHaveLength(0);
  });
});

describe('matchFromRecord and replay', () => {
  const finished = (): Match => {
    const match = newMatch(3, 2);
    for (let round = 0; round < 2; round++) {
      for (const seat of [2, 0, 1]) expect(play(match, seat, { type: 'pick', n: ((seat + round) % 3) + 1 }).ok).toBe(true);
      expect(play(match, round % 3, { type: 'collect' }).ok).toBe(true);
    }
    return match;
  };

  it('rebuilds a match from its record: the same state and record', () => {
    const match = finished();
    const record: MatchRecord = JSON.parse(JSON.stringify(match.record)) as MatchRecord;
    const rebuilt = matchFromRecord(pick, record);
    expect(rebuilt.ok).toBe(true);
    if (rebuilt.ok) expect(fingerprint(rebuilt.value)).toBe(fingerprint(match));
  });

  it('stops at the first refused action and says which; the match as far as it went comes along', () => {
    const match = finished();
    const actions = [...match.record.actions];
    actions[4] = { seat: 2, action: { type: 'collect' } };
    const rebuilt = matchFromRecord(pick, { ...match.record, actions });
    expect(rebuilt.ok).toBe(false);
    if (rebuilt.ok) return;
    expect(rebuilt.error).toMatchObject({ code: 'illegal-action', step: 5 });
    expect(rebuilt.error.message).toMatch(/^action 5 \(seat 2: /);
    expect(rebuilt.error.match?.record.actions).toEqual(actions.slice(0, 4));
  });

  it('refuses a record that cannot be set up, with no match', () => {
    const rebuilt = matchFromRecord(pick, { game: 'pick', seats: 9, seed: 's', options: {}, actions: [] });
    expect(rebuilt.ok ? 'ok' : rebuilt.error.code).toBe('bad-seats');
    if (!rebuilt.ok) expect(rebuilt.error.match).toBeUndefined();
  });

  it('tells its observer of the set-up match and of every step', () => {
    const match = finished();
    const seen: number[] = [];
    matchFromRecord(pick, match.record, {
      start: (m) => seen.push(m.record.actions.length),
      step: (step, m) => seen.push(step.seq * 100 + m.record.actions.length),
    });
    expect(seen).toEqual([0, 101, 202, 303, 404, 505, 606, 707, 808]);
  });

  it('says of each replayed step whether the seat acted while several were to act', () => {
    const replayed = replay(pick, finished().record);
    if (!replayed.ok) throw new Error(replayed.error.message);
    // Each round: three seats pick at once (the first two picks while others still choose), then one collects.
    expect(replayed.value.steps.map((s) => s.simultaneous)).toEqual([true, true, false, false, true, true, false, false]);
    expect(replayed.value.steps.map((s) => s.description)[3]).toBe('seat 1 collects');
    expect(replayed.value.hash).toBe(stableHash(finished().state));
  });
});

/** The pick game, counting the calls the trusted door should not make. */
function counted(): { game: AnyGame; calls: { parse: number; describe: number; legal: number; toAct: number; outcome: number } } {
  const calls = { parse: 0, describe: 0, legal: 0, toAct: 0, outcome: 0 };
  const game: AnyGame = {
    ...pick,
    toAct: (state) => (calls.toAct++, pick.toAct(state)),
    outcome: (state) => (calls.outcome++, pick.outcome(state)),
    parseAction: (input) => (calls.parse++, pick.parseAction(input)),
    describeAction: (state, seat, action) => (calls.describe++, pick.describeAction(state, seat, action)),
    legalActions: (state, seat) => (calls.legal++, pick.legalActions(state, seat)),
  };
  return { game, calls };
}

/** Plays a 3-seat, 2-round pick game: each step takes the legal action at index `choose(step)`. */
function playThrough(game: AnyGame, step: (match: Match, seat: number, index: number) => void): Match {
  const created = createMatch(game, { seats: 3, seed: 'handles', options: { rounds: 2 } });
  if (!created.ok) throw new Error(created.error.message);
  const match = created.value;
  for (let i = 0; match.toAct.length > 0; i++) step(match, match.toAct.at(-1)!, i % 3);
  return match;
}

describe('the trusted door: playLegal takes a legal action by handle', () => {
  it('gives the same state and record as the checked door, with nothing parsed, listed twice or described', () => {
    const checked = playThrough(pick, (match, seat, index) => {
      const legal = pick.legalActions(match.state, seat);
      expect(play(match, seat, JSON.parse(JSON.stringify(legal[index % legal.length]))).ok).toBe(true);
    });
    const { game, calls } = counted();
    let steps = 0;
    const trusted = playThrough(game, (match, seat, index) => {
      const list = listLegal(match, seat);
      const played = playLegal(list, list.actions[index % list.actions.length]!);
      // Each step yields who acts next, as the game itself says, and the outcome only at the end.
      expect(played).toEqual({ ok: true, value: { seq: ++steps, toAct: pick.toAct(match.state), outcome: pick.outcome(match.state) } });
      expect(match.toAct).toBe(played.ok ? played.value.toAct : null);
    });
    expect(fingerprint(trusted)).toBe(fingerprint(checked));
    expect(trusted.outcome).toEqual(pick.outcome(checked.state));
    expect(trusted.outcome).not.toBeNull();
    // The match asked who acts once at setup and once per step, and the outcome once: when no one was left to act.
    expect(calls).toEqual({ parse: 0, describe: 0, legal: steps, toAct: steps + 1, outcome: 1 });
  });

  it('refuses a copy of a legal action (a bot must return an element of its legal list), changing nothing', () => {
    const match = newMatch();
    const before = fingerprint(match);
    const list = listLegal(match, 1);
    const refused = playLegal(list, { ...list.actions[1]! });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('illegal-action');
    expect(refused.error.message).toBe(
      '{"n":2,"type":"pick"} is not one of the 3 legal actions listed for seat 1: a trusted step takes one of those very objects (a bot returns an element of input.legal, not a copy)',
    );
    expect(fingerprint(match)).toBe(before);
    // The checked door takes the same copy: it parses it and finds the legal action by key.
    expect(play(match, 1, { ...list.actions[1]! }).ok).toBe(true);
  });

  it('refuses a list made before the match moved on, and a seat that may not act', () => {
    const match = newMatch();
    const zero = listLegal(match, 0);
    const one = listLegal(match, 1);
    expect(playLegal(zero, zero.actions[0]!).ok).toBe(true);
    const stale = playLegal(one, one.actions[0]!);
    expect(stale.ok ? 'ok' : stale.error.code).toBe('stale-step');
    // Seat 0 has picked: it may not act until the pick is over.
    const idle = listLegal(match, 0);
    expect(idle.actions).toEqual([]);
    const out = playLegal(idle, zero.actions[1]!);
    expect(out.ok ? 'ok' : out.error).toEqual({ code: 'not-your-turn', message: "it is not seat 0's turn" });
    expect(match.record.actions).toHaveLength(1);
  });

  it('creates a match from parsed options with the same record and state as from raw ones', () => {
    const raw = createMatch(pick, { seats: 3, seed: 'parsed', options: {} });
    if (!raw.ok) throw new Error(raw.error.message);
    const parsed = createParsedMatch(pick, { seats: 3, seed: 'parsed', options: raw.value.record.options });
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(fingerprint(parsed.value)).toBe(fingerprint(raw.value));
    const bad = createParsedMatch(pick, { seats: 9, seed: 'parsed', options: raw.value.record.options });
    expect(bad.ok ? 'ok' : bad.error.code).toBe('bad-seats');
  });

  it('rebuilds a record describing its steps only for an observer of them', () => {
    const { game, calls } = counted();
    const record = playThrough(pick, (match, seat) => void play(match, seat, pick.legalActions(match.state, seat)[0])).record;
    const quiet = matchFromRecord(game, record);
    expect(quiet.ok).toBe(true);
    expect(calls.describe).toBe(0);
    // Every action was still parsed and checked.
    expect(calls.parse).toBe(record.actions.length);
    const lines: string[] = [];
    matchFromRecord(game, record, { step: (step) => lines.push(step.description) });
    expect(calls.describe).toBe(record.actions.length);
    expect(lines[0]).toBe('seat 3 picks 1');
  });
});

describe("random playouts through a game's randomStep", () => {
  /** The pick game with a random step of its own (the legal list's draw, applied): counts its calls. */
  function stepping(): { game: AnyGame; calls: () => number } {
    let calls = 0;
    const randomStep = (s: PickState, seat: number, rng: ReturnType<typeof createRng>): readonly number[] => {
      calls++;
      const legal = pickGame.legalActions(s, seat);
      pickGame.apply(s, seat, legal.length === 1 ? legal[0]! : legal[nextInt(rng, legal.length)]!);
      return pickGame.toAct(s);
    };
    return { game: { ...pickGame, randomStep } as unknown as AnyGame, calls: () => calls };
  }
  const walk = (game: AnyGame, seed: string, onStep?: (step: PlayoutStep) => void): { steps: number; state: unknown } => {
    const state = game.setup({ seats: 3, seed, options: { rounds: 5 } });
    const steps = randomPlayout(game, state, createRng(`${seed}.moves`), 1000, onStep);
    return { steps, state };
  };

  it('steps by randomStep and ends where the legal-list walk ends; a step watcher gets the listed walk', () => {
    const { game, calls } = stepping();
    for (const seed of ['a', 'b', 'c']) {
      const direct = walk(game, seed);
      const listed = walk(pickGame as unknown as AnyGame, seed);
      expect(direct.steps).toBeGreaterThan(5);
      expect(direct.steps).toBe(listed.steps);
      expect(stableHash(direct.state)).toBe(stableHash(listed.state));
    }
    const before = calls();
    expect(before).toBeGreaterThan(15);
    // Watching the steps needs each action, so the engine lists them: randomStep is not called.
    const watched: PlayoutStep[] = [];
    walk(game, 'a', (step) => watched.push(step));
    expect(calls()).toBe(before);
    expect(watched.length).toBe(walk(pickGame as unknown as AnyGame, 'a').steps);
  });

  it("hands the whole playout to the game's own randomPlayout, unless the steps are watched", () => {
    const played: number[] = [];
    // A stand-in that records its limit and walks step by step: what a game's own playout must match.
    const randomPlayout = (s: unknown, rng: ReturnType<typeof createRng>, maxSteps: number): number => {
      played.push(maxSteps);
      return stepwisePlayout(pickGame as unknown as AnyGame, s, rng, maxSteps);
    };
    const game = { ...pickGame, randomPlayout } as unknown as AnyGame;
    const own = walk(game, 'a');
    expect(played).toEqual([1000]);
    const listed = walk(pickGame as unknown as AnyGame, 'a');
    expect(own.steps).toBe(listed.steps);
    expect(stableHash(own.state)).toBe(stableHash(listed.state));
    const watched: PlayoutStep[] = [];
    walk(game, 'a', (step) => watched.push(step));
    expect(played).toEqual([1000]);
    expect(watched.length).toBe(listed.steps);
  });
});
