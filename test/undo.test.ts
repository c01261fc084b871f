/**
 * Undo of a misclick (issue 16): Board Game Arena's rule in the engine (prepareUndo/commitUndo),
 * each game's facet, and records with undo steps replaying to the same state.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGame, Seat } from '../src/engine/game.js';
import { stableHash } from '../src/engine/hash.js';
import {
  commit,
  commitUndo,
  createMatch,
  lastStepInPlay,
  lookAhead,
  matchFromRecord,
  play,
  prepare,
  prepareUndo,
  replay,
  stepsInPlay,
  undoableStep,
  type Match,
  type UndoRules,
} from '../src/engine/match.js';
import { BUILTINS } from '../src/games/index.js';
import { diceAdd, diceUndo } from './fixtures/dice-add.js';

const dice = diceAdd as unknown as AnyGame;
const rules = diceUndo as unknown as UndoRules;

function newMatch(game: AnyGame, seats: number, seed: string, options: unknown = {}): Match {
  const m = createMatch(game, { seats, seed, options });
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}

function must(m: Match, seat: Seat, action: unknown): void {
  const r = play(m, seat, action);
  if (!r.ok) throw new Error(r.error.message);
}

/** As the server plays: prepare → look ahead → commit (the state before is kept for undo). */
function serverPlay(m: Match, seat: Seat, action: unknown): void {
  const p = prepare(m, seat, action);
  if (!p.ok) throw new Error(p.error.message);
  lookAhead(p.value);
  const c = commit(p.value);
  if (!c.ok) throw new Error(c.error.message);
}

function undo(m: Match, seat: Seat, step: number, r: UndoRules | undefined = rules) {
  const p = prepareUndo(m, seat, step, r);
  if (!p.ok) return p.error.code;
  const c = commitUndo(p.value);
  if (!c.ok) throw new Error(c.error.message);
  return 'ok';
}

const rebuiltHash = (m: Match): string => {
  const r = matchFromRecord(m.game, m.record);
  if (!r.ok) throw new Error(r.error.message);
  return stableHash(r.value.state);
};

describe('undo: the engine (BGA rule, generic guards)', () => {
  it('takes back its own last step while still its turn: state as before, the undo recorded as its own step', () => {
    const m = newMatch(dice, 2, 'u1');
    must(m, 0, { type: 'add', n: 2 });
    const before = stableHash(m.state);
    serverPlay(m, 0, { type: 'add', n: 1 });
    expect(undoableStep(m, 0, rules)).toBe(2);
    expect(undo(m, 0, 2)).toBe('ok');
    expect(stableHash(m.state)).toBe(before);
    expect(m.record.actions).toHaveLength(3);
    expect(m.record.actions[2]).toEqual({ seat: 0, action: { type: 'undo', step: 2 } });
    expect(stepsInPlay(m.record)).toEqual([1]);
    // Again: the step before it is now the last in play (rebuilt from the record, not kept).
    expect(undoableStep(m, 0, rules)).toBe(1);
    expect(undo(m, 0, 1)).toBe('ok');
    expect(stableHash(m.state)).toBe(stableHash(newMatch(dice, 2, 'u1').state));
    expect(rebuiltHash(m)).toBe(stableHash(m.state));
  });

  it('refuses a step that drew at random (random-draw)', () => {
    const m = newMatch(dice, 2, 'u2');
    serverPlay(m, 0, { type: 'roll' });
    expect(undoableStep(m, 0, rules)).toBeNull();
    expect(undo(m, 0, 1)).toBe('random-draw');
  });

  it('refuses once the turn is over (turn-over), and the other seat cannot undo it (not-your-step)', () => {
    const m = newMatch(dice, 2, 'u3');
    serverPlay(m, 0, { type: 'end' });
    expect(undo(m, 0, 1)).toBe('turn-over');
    expect(undo(m, 1, 1)).toBe('not-your-step');
    expect(undoableStep(m, 1, rules)).toBeNull();
  });

  it('refuses when someone else has acted since (others-acted) and a stale step number (stale-undo)', () => {
    const m = newMatch(dice, 2, 'u4');
    must(m, 0, { type: 'add', n: 1 });
    must(m, 0, { type: 'end' });
    must(m, 1, { type: 'add', n: 1 });
    expect(undo(m, 0, 2)).toBe('others-acted');
    must(m, 1, { type: 'add', n: 2 });
    expect(undo(m, 1, 3)).toBe('stale-undo');
    expect(undo(m, 1, 4)).toBe('ok');
    expect(undo(m, 1, 4)).toBe('stale-undo'); // a second undo of the same step is stale: nothing changes twice
  });

  it('refuses with nothing to undo, when the game has no undo, and after the game is over', () => {
    const m = newMatch(dice, 2, 'u5');
    expect(undo(m, 0, 1)).toBe('nothing-to-undo');
    must(m, 0, { type: 'add', n: 1 });
    const none = prepareUndo(m, 0, 1, undefined);
    expect(none.ok ? 'ok' : none.error.code).toBe('no-undo');
    for (let i = 0; i < 6; i++) must(m, 0, { type: 'add', n: 2 });
    expect(m.game.outcome(m.state)).not.toBeNull();
    expect(undo(m, 0, 7)).toBe('game-over');
  });

  it('a record with undo steps replays to the same state, and replay marks the undone steps', () => {
    const m = newMatch(dice, 2, 'u6');
    must(m, 0, { type: 'add', n: 1 });
    serverPlay(m, 0, { type: 'add', n: 2 });
    expect(undo(m, 0, 2)).toBe('ok');
    must(m, 0, { type: 'end' });
    must(m, 1, { type: 'roll' });
    const r = replay(dice, JSON.parse(JSON.stringify(m.record)));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.hash).toBe(stableHash(m.state));
    expect(r.value.steps.map((s) => [s.seq, s.undone ?? false, s.undo ?? null])).toEqual([
      [1, false, null],
      [2, true, null],
      [3, false, 2],
      [4, false, null],
      [5, false, null],
    ]);
    expect(r.value.steps[2]!.description).toBe('Takes back: seat 0 adds 2');
  });

  it('the step a seat may take back follows the record as it grows, undo after undo, and a record that shrank', () => {
    const m = newMatch(dice, 2, 'u8');
    const offered: (number | null)[] = [];
    const agree = (): void => expect(lastStepInPlay(m.record)).toBe(stepsInPlay(m.record).at(-1));
    serverPlay(m, 0, { type: 'add', n: 1 });
    agree();
    serverPlay(m, 0, { type: 'add', n: 2 });
    offered.push(undoableStep(m, 0, rules));
    expect(undo(m, 0, 2)).toBe('ok');
    agree();
    offered.push(undoableStep(m, 0, rules));
    expect(undo(m, 0, 1)).toBe('ok');
    agree();
    offered.push(undoableStep(m, 0, rules));
    serverPlay(m, 0, { type: 'add', n: 2 });
    offered.push(undoableStep(m, 0, rules), undoableStep(m, 1, rules));
    agree();
    expect(offered).toEqual([2, 1, null, 5, null]);
    // A copy of the record cut short (a rebuild to an earlier step) reads its own steps.
    const actions = [...m.record.actions];
    const record = { ...m.record, actions };
    expect(lastStepInPlay(record)).toBe(5);
    actions.length = 2;
    expect(lastStepInPlay(record)).toBe(2);
    actions.push({ seat: 0, action: { type: 'undo', step: 2 } as never });
    expect(lastStepInPlay(record)).toBe(1);
  });

  it('a step the server commits leaves the state the match held untouched (bot tasks carry it without a copy)', () => {
    const m = newMatch(dice, 2, 'u9');
    const held: { state: unknown; hash: string }[] = [];
    const keep = (): void => void held.push({ state: m.state, hash: stableHash(m.state) });
    keep();
    serverPlay(m, 0, { type: 'add', n: 1 });
    keep();
    serverPlay(m, 0, { type: 'add', n: 2 });
    keep();
    expect(undo(m, 0, 2)).toBe('ok');
    serverPlay(m, 0, { type: 'end' });
    serverPlay(m, 1, { type: 'roll' });
    expect(new Set(held.map((h) => h.state)).size).toBe(3);
    for (const h of held) expect(stableHash(h.state)).toBe(h.hash);
  });

  it('a record whose undo step does not cancel the last step in play does not replay', () => {
    const m = newMatch(dice, 2, 'u7');
    must(m, 0, { type: 'add', n: 1 });
    must(m, 0, { type: 'add', n: 1 });
    const bad = { ...m.record, actions: [...m.record.actions, { seat: 0, action: { type: 'undo', step: 1 } }] };
    const r = matchFromRecord(dice, bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.step).toBe(3);
    // And a client cannot slip an undo step in as a game action.
    expect(play(m, 0, { type: 'undo', step: 2 }).ok).toBe(false);
  });
});

const pkg = (id: string) => {
  const p = BUILTINS.get(id);
  if (!p) throw new Error(id);
  return p;
};

describe('undo: Autumn Leaves (L3: a choice may change until the reveal)', () => {
  const p = pkg('autumn-leaves');
  const choose = (m: Match, seat: Seat): void => serverPlay(m, seat, m.game.legalActions(m.state, seat)[0]);

  it('a chosen card is taken back into the hand while others still choose', () => {
    const m = newMatch(p.game, 3, 'al-undo');
    const before = stableHash(m.state);
    choose(m, 0);
    expect(undoableStep(m, 0, p.undo)).toBe(1);
    expect(undo(m, 0, 1, p.undo)).toBe('ok');
    expect(stableHash(m.state)).toBe(before);
    expect(m.game.toAct(m.state)).toContain(0);
  });

  it('refused once someone else has chosen since (others-acted)', () => {
    const m = newMatch(p.game, 3, 'al-undo');
    choose(m, 0);
    choose(m, 1);
    expect(undo(m, 0, 1, p.undo)).toBe('others-acted');
    expect(undo(m, 1, 2, p.undo)).toBe('ok');
  });

  it('refused for the last choice: it revealed every card (hidden info revealed)', () => {
    const m = newMatch(p.game, 3, 'al-undo');
    choose(m, 0);
    choose(m, 1);
    choose(m, 2);
    const code = undo(m, 2, 3, p.undo);
    expect(['not-undoable', 'turn-over']).toContain(code);
    expect(code).not.toBe('ok');
  });
});

describe('undo: Acorns (every action ends the turn)', () => {
  const p = pkg('acorns');
  it('refused: the turn is over after any action', () => {
    const m = newMatch(p.game, 3, 'ac-undo');
    const seat = m.game.toAct(m.state)[0]!;
    serverPlay(m, seat, m.game.legalActions(m.state, seat)[0]);
    expect(undoableStep(m, seat, p.undo)).toBeNull();
    expect(undo(m, seat, 1, p.undo)).not.toBe('ok');
  });
});

describe('undo: Acorn Run (a multi-step turn, before anything is drawn)', () => {
  const p = pkg('acorn-run');
  /** Plays the first legal action for a while; at every step, what an undo would say. */
  function walk(seed: string, steps: number): { codes: Map<string, number>; okMatch: Match | null } {
    const m = newMatch(p.game, 2, seed);
    const codes = new Map<string, number>();
    let okMatch: Match | null = null;
    for (let i = 0; i < steps && m.game.outcome(m.state) === null; i++) {
      const seat = m.game.toAct(m.state)[0]!;
      const legal = m.game.legalActions(m.state, seat);
      // Mostly whatever comes, every fourth step finishing the move or the turn when it can.
      const finishing = i % 4 === 3 ? legal.find((a) => ['done', 'end', 'keep', 'discard'].includes(a.type)) : undefined;
      const onward = legal.filter((a) => a.type !== 'cancel');
      serverPlay(m, seat, finishing ?? onward[(i * 7) % onward.length] ?? legal[0]);
      const r = prepareUndo(m, seat, m.record.actions.length, p.undo);
      const code = r.ok ? 'ok' : r.error.code;
      codes.set(code, (codes.get(code) ?? 0) + 1);
      if (r.ok && okMatch === null) {
        const hash = stableHash(r.value.before);
        expect(commitUndo(r.value).ok).toBe(true);
        expect(stableHash(m.state)).toBe(hash);
        expect(rebuiltHash(m)).toBe(hash);
        okMatch = m;
        // Play on from the undone state, as a person would.
      }
    }
    return { codes, okMatch };
  }

  it('takes back a card or move of the turn; refuses once the turn ended (the hand was drawn up)', () => {
    const { codes, okMatch } = walk('ar-undo', 400);
    expect(okMatch).not.toBeNull();
    expect(codes.get('ok') ?? 0).toBeGreaterThan(0);
    expect(codes.get('turn-over') ?? 0).toBeGreaterThan(0);
  });

  it('refuses a step that drew a hidden card (a market refresh, a reshuffle)', () => {
    let hidden = 0;
    for (const seed of ['ar-h1', 'ar-h2', 'ar-h3']) {
      const { codes } = walk(seed, 600);
      hidden += (codes.get('not-undoable') ?? 0) + (codes.get('random-draw') ?? 0);
    }
    expect(hidden).toBeGreaterThan(0);
  });
});
