import { describe, expect, it } from 'vitest';
import { compileBoard, laneColor } from './board.js';
import { kindOf, starterCards } from './cards.js';
import { loadContent } from './content/index.js';
import { BOARD as BOARD_SPEC } from './content/board.js';
import { CARDS } from './content/cards.js';
import { PLAYER_BOARD } from './content/player-board.js';
import { RACE } from './content/race.js';
import { boardAcornsFor } from './board.js';
import { BUILTIN_TABLES } from './tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;

describe('Acorn Run content', () => {
  it('has 10 starter cards and 84 market cards: 48 cheap (cost 1–2) and 36 expensive (cost 3–4)', () => {
    expect(T.cards.starterSize).toBe(10);
    expect(T.cards.cheap.length + T.cards.expensive.length).toBe(84);
    expect(T.cards.cheap.length).toBe(48);
    expect(T.cards.cheap.every((c) => [1, 2].includes(kindOf(T, c).cost))).toBe(true);
    expect(T.cards.expensive.every((c) => [3, 4].includes(kindOf(T, c).cost))).toBe(true);
    expect(starterCards(T, 0).every((c) => kindOf(T, c).cost === 0)).toBe(true);
  });

  it('gives no color an edge in the market: every color has the same cards', () => {
    const signature = (color: string) =>
      [...T.cards.cheap, ...T.cards.expensive]
        .map((c) => kindOf(T, c))
        .filter((k) => k.color === color)
        .map((k) => `${k.cost}:${k.combo.length}:${JSON.stringify(k.effect)}`)
        .sort();
    expect(signature('yellow')).toEqual(signature('green'));
    expect(signature('red')).toEqual(signature('green'));
  });

  it('has every card effect of the rulebook on some market card', () => {
    const kinds = new Set([...T.cards.cheap, ...T.cards.expensive].map((c) => kindOf(T, c).effect?.kind));
    for (const k of ['move', 'sprint-plus', 'extra-sprint', 'extra-move', 'big-acorn', 'small-acorn', 'oops', 'draw', 'cycle', 'buying-power', 'trash', 'gain']) {
      expect(kinds.has(k as never), k).toBe(true);
    }
    const dirs = new Set([...T.cards.cheap, ...T.cards.expensive].flatMap((c) => { const e = kindOf(T, c).effect; return e?.kind === 'move' ? [e.dir] : []; }));
    expect([...dirs].sort()).toEqual(['down', 'forward', 'up']);
  });

  it('acorn cards have no color and no combo symbols', () => {
    const acornCards = [...T.cards.cheap, ...T.cards.expensive].map((c) => kindOf(T, c)).filter((k) => k.color === 'acorn');
    expect(acornCards.length).toBeGreaterThan(0);
    for (const k of acornCards) {
      expect(k.combo).toEqual([]);
      expect(['big-acorn', 'small-acorn', 'oops']).toContain(k.effect?.kind);
    }
  });

  it('refuses bad content with a message naming the problem', () => {
    const base = { board: BOARD_SPEC, cards: CARDS, playerBoard: PLAYER_BOARD, race: RACE };
    const badCard = { ...CARDS, cheap: [{ ...CARDS.cheap[0]!, cost: 3 }, ...CARDS.cheap.slice(1)] };
    expect(() => loadContent({ ...base, cards: badCard })).toThrow(/cheap g-twig-y must cost 1–2/);
    const acornWithCombo = { ...CARDS, expensive: [{ ...CARDS.expensive.at(-1)!, combo: ['red'] }, ...CARDS.expensive.slice(0, -1)] };
    expect(() => loadContent({ ...base, cards: acornWithCombo })).toThrow(/acorn cards have no combo symbols/);
    const badBonus = { columns: [{ cells: [{ kind: 'draw', cards: 1 }], bonus: { kind: 'move', dir: 'up' } }] };
    expect(() => loadContent({ ...base, playerBoard: badBonus })).toThrow(/column bonus/);
  });

  it('refuses a board drawing whose gap, line or lane ending is malformed', () => {
    const tree = (lane: string) => ({ name: 'x', lanes: [lane, 'o.o', 'o.o', 'o.o', 'o.o', 'o.o'] });
    const ok = tree('o.o');
    expect(() => compileBoard({ trees: [tree('o~o'), ok] })).toThrow(/2 or 3 cards/);
    expect(() => compileBoard({ trees: [tree('o~~o.'), ok] })).toThrow(/must end with a space/);
    expect(() => compileBoard({ trees: [tree('o-.-o'), ok] })).toThrow(/unbroken/);
    expect(() => compileBoard({ trees: [tree('o~~o'), ok] })).not.toThrow();
  });

  it('R1: every tree has green, yellow and red zones of two lanes each, bottom up', () => {
    for (const tree of T.board.trees) {
      expect(tree.lanes.length).toBe(6);
      tree.lanes.forEach((ids, lane) => {
        for (const id of ids) expect(T.board.spaces[id]!.zone).toBe(laneColor(lane));
      });
    }
    expect([0, 1, 2, 3, 4, 5].map(laneColor)).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red']);
  });

  it('R1: on every tree red lanes are shorter than yellow ones, and yellow shorter than green', () => {
    // A foliage gap counts as the cards it takes to cross.
    const effort = (ids: number[]) => ids.length + ids.reduce((n, id) => n + (T.board.spaces[id]!.foliage?.cards ?? 0), 0);
    for (const tree of T.board.trees) {
      const zone = (z: number) => effort(tree.lanes[2 * z]!) + effort(tree.lanes[2 * z + 1]!);
      expect(zone(2), tree.name).toBeLessThan(zone(1));
      expect(zone(1), tree.name).toBeLessThan(zone(0));
    }
  });

  it('R1: six Go! spaces, one per lane of the first tree, and a finish line after the Great Oak', () => {
    expect(T.board.go.length).toBe(6);
    expect(T.board.go.map((id) => T.board.spaces[id]!.kind)).toEqual(Array(6).fill('go'));
    expect(T.board.trees.at(-1)!.name).toBe('Great Oak');
    expect(T.board.trees.at(-1)!.jumpoffs).toEqual([]);
    for (const ids of T.board.trees.at(-1)!.lanes) expect(T.board.spaces[ids.at(-1)!]!.forward).toBe(T.board.finish);
  });

  it('R5: every tree but the last has a jump-off space per zone at its edge', () => {
    for (const tree of T.board.trees.slice(0, -1)) {
      expect(tree.jumpoffs.map((j) => T.board.spaces[j]!.zone)).toEqual(['green', 'yellow', 'red']);
      tree.lanes.forEach((ids, lane) => expect(T.board.spaces[ids.at(-1)!]!.forward).toBe(tree.jumpoffs[Math.floor(lane / 2)]));
    }
  });

  it('R6: the board has foliage gaps needing 2 and 3 cards', () => {
    const gaps = T.board.spaces.flatMap((s) => (s.foliage ? [s.foliage.cards] : []));
    expect(gaps).toContain(2);
    expect(gaps).toContain(3);
  });

  it('R7: 72 combo VP tokens: 36 × 1, 24 × 2, 12 × 3', () => {
    expect(T.content.race.comboTokens).toEqual([
      { value: 1, count: 36 },
      { value: 2, count: 24 },
      { value: 3, count: 12 },
    ]);
  });

  it('R8: numbered acorn spaces stay empty when fewer racers run, and the acorns suffice', () => {
    const counts = [1, 2, 3, 4, 5, 6].map((n) => boardAcornsFor(T, n).reduce((a, b) => a + b, 0));
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]!);
    expect(counts[5]).toBeGreaterThan(counts[0]!);
    expect(counts[5]).toBeLessThanOrEqual(T.content.race.acorns / 2);
    // The figures docs/rules/acorn-run.md gives: 18 always stocked, 21 at three racers, 25 at four, 27 at five, 28 at six.
    expect(counts).toEqual([18, 18, 21, 25, 27, 28]);
  });

  it('R4: every horizontal line starts on a space a climb or descent can land on (else it could never be used)', () => {
    const landing = new Set(T.board.spaces.flatMap((s) => [s.up, s.down]).filter((id): id is number => id !== null));
    const unusable = T.board.spaces.filter((s) => s.line !== null && !landing.has(s.id)).map((s) => s.name);
    expect(unusable).toEqual([]);
    expect(T.board.spaces[T.board.byName.get('t0.r1.1')!]!.line).toBe(T.board.byName.get('t0.r1.2'));
  });

  it('R12: the results board pays 10, 8, 6, 5, 4, 3, 2, 1 and there are 6 out-of-time tokens', () => {
    expect(T.content.race.results).toEqual([10, 8, 6, 5, 4, 3, 2, 1]);
    expect(T.content.race.outOfTimeTokens).toBe(6);
  });
});
