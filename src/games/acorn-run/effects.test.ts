import { describe, expect, it } from 'vitest';
import { kindOf } from './cards.js';
import { CELL_ACORN, CELL_CARD, CELL_EMPTY } from './state.js';
import { at, card, endTurn, FILLER, isLegal, legal, must, posName, race, sprint, stateOf } from './scenario.test-helpers.js';
import { BUILTIN_TABLES } from './tables.js';

/** The shipped content's tables. */
const T = BUILTIN_TABLES;

const hand = (...ids: string[]) => [...ids, ...FILLER, 's-yellow-g', 's-red-y'];
const ids = (cards: readonly number[]) => cards.map((c) => kindOf(T, c).id);
// Player-board cells, column by column (content/player-board.ts).
const FORWARD = 0, UP = 1, DOWN = 2, DRAW = 3, POWER = 6, TRASH = 7, POWER2 = 8;

describe('Acorn Run acorn actions (R9)', () => {
  it('R9: spending an acorn resolves its space once; filling a column adds the column bonus', () => {
    const m = race({ positions: ['t1.g2.2'], decks: [hand('s-green', 's-green')], acorns: [3] });
    must(m, { type: 'spend', cell: FORWARD });
    expect(posName(m)).toBe('t1.g2.3');
    expect(isLegal(m, { type: 'spend', cell: FORWARD })).toBe(false);
    must(m, { type: 'spend', cell: UP });
    expect(posName(m)).toBe('t1.y1.2');
    expect(stateOf(m).turn.mainMoves).toBe(1);
    must(m, { type: 'spend', cell: DOWN });
    expect(posName(m)).toBe('t1.g2.3');
    // The moves column is full: its bonus is an extra main move.
    expect(stateOf(m).turn.mainMoves).toBe(2);
    expect(stateOf(m).racers[0]!.acorns).toBe(0);
    expect(stateOf(m).racers[0]!.grid.slice(0, 3)).toEqual([CELL_ACORN, CELL_ACORN, CELL_ACORN]);
  });

  it('R9: an acorn action that cannot be done now (a move into nothing) is not offered', () => {
    const m = race({ positions: ['t1.g1.0'], decks: [hand('s-green', 's-green')], acorns: [1] });
    expect(isLegal(m, { type: 'spend', cell: DOWN })).toBe(false);
    expect(isLegal(m, { type: 'spend', cell: UP })).toBe(true);
    const none = race({ positions: ['t1.g1.0'], decks: [hand('s-green', 's-green')] });
    expect(legal(none).some((a) => a.type === 'spend')).toBe(false);
  });

  it('R9: a big acorn uses an empty space without an acorn, and never earns the column bonus', () => {
    const m = race({ positions: ['t1.g2.2'], decks: [hand('big-acorn', 's-green')], acorns: [2] });
    must(m, { type: 'spend', cell: POWER });
    must(m, { type: 'spend', cell: POWER2 });
    must(m, { type: 'play', card: card(m, 'big-acorn'), cell: TRASH });
    const s = stateOf(m);
    expect(s.racers[0]!.grid[TRASH]).toBe(CELL_CARD);
    expect(s.racers[0]!.acorns).toBe(0);
    expect(s.turn.buyingPower).toBe(4);
    // Only the trash choice is pending: no free card from the column bonus.
    expect(s.turn.pending).toEqual([{ kind: 'trash' }]);
    must(m, { type: 'skip' });
    expect(ids(s.turn.played)).toEqual(['big-acorn']);
  });

  it('R9: an acorn filling the last space of a column earns the bonus even if a card filled another', () => {
    const m = race({ positions: ['t1.g2.2'], decks: [hand('big-acorn', 's-green')], acorns: [2] });
    must(m, { type: 'play', card: card(m, 'big-acorn'), cell: POWER });
    must(m, { type: 'spend', cell: TRASH });
    must(m, { type: 'skip' });
    must(m, { type: 'spend', cell: POWER2 });
    expect(stateOf(m).turn.pending).toEqual([{ kind: 'gain' }]);
  });

  it('small acorn: used for its effect it leaves the game; discarded to pay it does not', () => {
    const m = race({ positions: ['t1.g2.2'], decks: [hand('small-acorn', 's-green')] });
    must(m, { type: 'play', card: card(m, 'small-acorn'), cell: DRAW });
    const s = stateOf(m);
    expect(ids(s.box)).toContain('small-acorn');
    expect(s.turn.played).toEqual([]);
    expect(s.racers[0]!.hand.length).toBe(6);
    const pay = race({ positions: ['t1.g2.2'], decks: [hand('small-acorn', 's-green')], cheap: ['g-twig-y'] });
    must(pay, { type: 'buy', row: 'cheap', index: 0 });
    must(pay, { type: 'add', card: card(pay, 'small-acorn') });
    expect(ids(stateOf(pay).racers[0]!.discard).sort()).toEqual(['g-twig-y', 'small-acorn']);
    expect(ids(stateOf(pay).box)).not.toContain('small-acorn');
  });

  it('oops: move one space, then an acorn leaves the player board for the space just left', () => {
    const m = race({ positions: ['t1.g1.3'], decks: [hand('oops', 'g-drop')], acorns: [2] });
    // Without an acorn on the player board there is nothing to drop.
    expect(legal(m).some((a) => a.type === 'play' && a.card === card(m, 'oops'))).toBe(false);
    must(m, { type: 'spend', cell: UP });
    expect(posName(m)).toBe('t1.g2.3');
    const oops = legal(m).filter((a) => a.type === 'play' && a.card === card(m, 'oops'));
    expect(oops.map((a) => (a.type === 'play' ? a.dir : null))).toEqual(['up', 'forward', 'down']);
    must(m, { type: 'play', card: card(m, 'oops'), dir: 'down', cell: UP });
    const s = stateOf(m);
    expect(posName(m)).toBe('t1.g1.3');
    expect(s.boardAcorns[at('t1.g2.3')]).toBe(1);
    expect(s.racers[0]!.grid[UP]).toBe(CELL_EMPTY);
    // The freed space can be used again, but the racer may not pick its own acorn up this turn.
    must(m, { type: 'spend', cell: UP });
    expect(posName(m)).toBe('t1.g2.3');
    expect(s.boardAcorns[at('t1.g2.3')]).toBe(1);
    expect(s.racers[0]!.acorns).toBe(0);
    endTurn(m);
    expect(stateOf(m).turn.dropped).toEqual([]);
  });

  it('oops: a column emptied by it earns its bonus again when filled again', () => {
    const m = race({ positions: ['t1.g2.2'], decks: [hand('oops', 's-green')], acorns: [4] });
    must(m, { type: 'spend', cell: FORWARD });
    must(m, { type: 'spend', cell: UP });
    must(m, { type: 'spend', cell: DOWN });
    expect(stateOf(m).turn.mainMoves).toBe(2);
    must(m, { type: 'play', card: card(m, 'oops'), dir: 'forward', cell: FORWARD });
    expect(posName(m)).toBe('t1.g2.4');
    must(m, { type: 'spend', cell: FORWARD });
    expect(posName(m)).toBe('t1.g2.5');
    expect(stateOf(m).turn.mainMoves).toBe(3);
  });
});

describe('Acorn Run card effects', () => {
  it('free moves: up, forward and down, whatever the colors of card and lane', () => {
    const m = race({ positions: ['t1.r1.0'], decks: [hand('g-scramble', 'g-drop', 'g-hop')] });
    must(m, { type: 'play', card: card(m, 'g-hop') });
    expect(posName(m)).toBe('t1.r1.1');
    expect(stateOf(m).racers[0]!.acorns).toBe(1); // t1.r1.1 holds an acorn
    must(m, { type: 'play', card: card(m, 'g-scramble') });
    expect(posName(m)).toBe('t1.r2.1');
    must(m, { type: 'play', card: card(m, 'g-drop') });
    expect(posName(m)).toBe('t1.r1.1');
    expect(stateOf(m).turn.mainMoves).toBe(1);
  });

  it('R8 (amended): free moves may go onto a taken space, never off the board', () => {
    const m = race({ positions: ['t1.r2.0', 't1.r1.0'], decks: [hand('g-scramble', 'g-drop', 'g-hop'), null] });
    const plays = legal(m).flatMap((a) => (a.type === 'play' ? [kindOf(T, a.card).id] : []));
    expect(plays).toEqual(['g-hop', 'g-drop']);
  });

  it('sprint +X: the card moves X spaces in a sprint', () => {
    const m = race({ positions: ['t1.g1.0'], decks: [hand('g-rush', 's-green')] });
    sprint(m, 'green', ['g-rush', 's-green']);
    expect(posName(m)).toBe('t1.g1.4');
  });

  it('extra sprint: played in a sprint it grants one more sprint this turn, not a climb', () => {
    const m = race({ positions: ['t1.g1.0'], decks: [hand('g-again', 's-green', 's-green-y')] });
    sprint(m, 'green', ['g-again']);
    expect(stateOf(m).turn.extraSprints).toBe(1);
    expect(isLegal(m, { type: 'climb' })).toBe(false);
    sprint(m, 'green', ['s-green']);
    expect(posName(m)).toBe('t1.g1.2');
    expect(legal(m).some((a) => a.type === 'sprint')).toBe(false);
  });

  it('extra main move: one more sprint, climb or descent this turn', () => {
    const m = race({ positions: ['t1.g1.0'], decks: [hand('g-second', 's-green', 's-green-y')] });
    must(m, { type: 'play', card: card(m, 'g-second') });
    sprint(m, 'green', ['s-green']);
    expect(isLegal(m, { type: 'climb' })).toBe(true);
    must(m, { type: 'climb' });
    must(m, { type: 'add', card: card(m, 's-green-y') });
    must(m, { type: 'done' });
    expect(posName(m)).toBe('t1.g2.1');
  });

  it('draw 1: the top card of the deck joins the hand', () => {
    const m = race({ positions: ['t1.g1.0'], decks: [['g-peek', 's-green', 's-green', 's-yellow', 's-red', 's-red-g', 'r-rush']] });
    must(m, { type: 'play', card: card(m, 'g-peek') });
    expect(ids(stateOf(m).racers[0]!.hand)).toContain('r-rush');
    expect(stateOf(m).racers[0]!.hand.length).toBe(6);
  });

  it('draw 2, discard 2: two cards come in, then two chosen cards go to the discard pile', () => {
    const m = race({ positions: ['t1.g1.0'], decks: [['g-shuffle', 's-green', 's-green', 's-yellow', 's-red', 's-red-g', 'r-rush', 'y-rush']] });
    must(m, { type: 'play', card: card(m, 'g-shuffle') });
    expect(stateOf(m).racers[0]!.hand.length).toBe(7);
    expect(legal(m).every((a) => a.type === 'discard')).toBe(true);
    must(m, { type: 'discard', card: card(m, 's-green') });
    must(m, { type: 'discard', card: card(m, 's-yellow') });
    expect(ids(stateOf(m).racers[0]!.discard)).toEqual(['s-green', 's-yellow']);
    expect(stateOf(m).racers[0]!.hand.length).toBe(5);
    expect(isLegal(m, { type: 'end' })).toBe(true);
  });

  it('+2 buying power, and once this turn a market row may be refreshed', () => {
    const cheap = ['g-twig-y', 'y-twig-r', 'r-twig-g', 'g-dash', 'y-dash', 'r-dash'];
    const m = race({ positions: ['t1.g1.0'], decks: [hand('g-stash', 's-green')], cheap });
    must(m, { type: 'play', card: card(m, 'g-stash') });
    expect(stateOf(m).turn.buyingPower).toBe(2);
    must(m, { type: 'refresh', row: 'cheap' });
    const s = stateOf(m);
    expect(ids(s.market.cheap.row.map((c) => c!))).toEqual(['g-dash', 'y-dash', 'r-dash']);
    // (The box also holds the starter cards this arranged deck left out.)
    expect(ids(s.box).filter((id) => !id.startsWith('s-')).sort()).toEqual(['g-twig-y', 'r-twig-g', 'y-twig-r']);
    expect(isLegal(m, { type: 'refresh', row: 'expensive' })).toBe(false);
    // A cost-2 card paid by buying power alone needs no cards.
    must(m, { type: 'buy', row: 'cheap', index: 0 });
    expect(ids(s.racers[0]!.discard)).toEqual(['g-dash']);
    expect(s.turn.buyingPower).toBe(0);
    expect(s.turn.pending).toEqual([]);
  });

  it('trash: a card from hand or discard pile leaves the game, or the racer skips', () => {
    const m = race({ positions: ['t1.g1.0'], decks: [['g-gnaw', 'y-gnaw', 's-red', 's-green', 's-green', 's-yellow', ...FILLER]], cheap: ['oops'] });
    must(m, { type: 'buy', row: 'cheap', index: 0 });
    must(m, { type: 'add', card: card(m, 's-yellow') });
    must(m, { type: 'play', card: card(m, 'g-gnaw') });
    const offered = legal(m).flatMap((a) => (a.type === 'trash' ? [kindOf(T, a.card).id] : []));
    expect(offered.sort()).toEqual(['oops', 's-green', 's-red', 's-yellow', 'y-gnaw']);
    expect(isLegal(m, { type: 'skip' })).toBe(true);
    const oops = stateOf(m).racers[0]!.discard.find((c) => kindOf(T, c).id === 'oops')!;
    must(m, { type: 'trash', card: oops });
    expect(ids(stateOf(m).box)).toContain('oops');
    expect(ids(stateOf(m).racers[0]!.discard)).toEqual(['s-yellow']);
    must(m, { type: 'play', card: card(m, 'y-gnaw') });
    must(m, { type: 'trash', card: card(m, 's-red') });
    expect(ids(stateOf(m).box).filter((id) => id === 's-red')).toHaveLength(1);
    expect(ids(stateOf(m).racers[0]!.hand).sort()).toEqual(['s-green', 's-green']);
  });

  it('gain: a market card of choice joins the discard pile for free and its slot refills', () => {
    const m = race({ positions: ['t1.g1.0'], decks: [hand('g-gift', 's-green')], expensive: ['r-rush', 'y-rush', 'g-rush', 'big-acorn'] });
    must(m, { type: 'play', card: card(m, 'g-gift') });
    expect(legal(m).filter((a) => a.type === 'gain')).toHaveLength(6);
    must(m, { type: 'gain', row: 'expensive', index: 1 });
    expect(ids(stateOf(m).racers[0]!.discard)).toEqual(['y-rush']);
    expect(ids(stateOf(m).market.expensive.row.map((c) => c!))).toEqual(['r-rush', 'big-acorn', 'g-rush']);
  });
});
