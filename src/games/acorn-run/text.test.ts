import { describe, expect, it } from 'vitest';
import { createRng, nextInt } from '../../engine/rng.js';
import { acornRun } from './index.js';
import { at, card, FILLER, must, race, stateOf } from './scenario.test-helpers.js';
import { textUIFor } from './text.js';
import { BUILTIN_TABLES } from './tables.js';

const textUI = textUIFor(BUILTIN_TABLES);

const NAMES = ['Ann', 'Bea', 'Cy', 'Dee', 'Eve', 'Fay'];

describe('Acorn Run in the terminal', () => {
  it('a big hand wraps between cards, every card still shown', () => {
    const m = race({}, { seats: 2, seed: 'big-hand' });
    const s = stateOf(m);
    const me = s.racers[s.seatRacer[0]!]!;
    me.hand.push(...me.deck.splice(0, me.deck.length));
    const lines = textUI.render(acornRun.view(s, 0), 0, NAMES);
    const at = lines.findIndex((l) => l.startsWith('Hand '));
    const shown: string[] = [];
    for (let i = at; i === at || lines[i]?.startsWith('     '); i++) shown.push(lines[i]!.slice(5));
    expect(shown.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    // Numbered entries 1..n in order, none split across lines.
    const entries = shown.join(' ').match(/\d+:/g)!;
    expect(entries).toEqual(me.hand.map((_, i) => `${i + 1}:`));
    for (const line of shown) expect(line.trimEnd()).toMatch(/^\d+:/);
  });

  it('every screen of a race fits 80 columns and 18 lines, and every legal action has a label', () => {
    for (const seats of [1, 6]) {
      const m = race({}, { seats, seed: `text${seats}`, options: { trees: 3, roundLimit: 6 } });
      const s = stateOf(m);
      const rng = createRng('t');
      while (!s.over) {
        const seat = acornRun.toAct(s)[0]!;
        for (const viewer of [seat, 'spectator'] as const) {
          const lines = textUI.render(acornRun.view(s, viewer), viewer, NAMES);
          expect(lines.length).toBeLessThanOrEqual(18);
          for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
          // Never a space id ("t0.g1.1"), and every racer named in full (issue 25).
          expect(lines.join('\n')).not.toMatch(/\bt\d+\.[gyr]\d?\./);
          for (const r of acornRun.view(s, viewer).racers) if (r.kind === 'seat') expect(lines.join('\n')).toContain(` ${r.seat === viewer ? 'You' : NAMES[r.seat]} a`);
          // A tall, wide terminal gets more: where every pawn is, in words, within its size.
          const tall = textUI.render(acornRun.view(s, viewer), viewer, NAMES, { cols: 120, rows: 50 });
          expect(tall.length).toBeLessThanOrEqual(44);
          for (const line of tall) expect(line.length).toBeLessThanOrEqual(120);
        }
        const legal = acornRun.legalActions(s, seat);
        const view = acornRun.view(s, seat);
        for (const a of legal) expect(textUI.label(a, view, NAMES).length).toBeGreaterThan(2);
        // The hint offers the words of the choice at hand (issue 25): paying and jumping have no "done".
        const kind = view.turn.pending[0]?.kind;
        if (kind === 'pay' || kind === 'jump') expect(textUI.hint(view, legal)).not.toMatch(/\bdone\b/);
        if (kind === 'pay') expect(textUI.hint(view, legal)).toMatch(/pay N/);
        // Every card pays 1, whatever it cost: paying menus do not show the card's own cost.
        if (kind === 'pay') for (const a of legal) if (a.type === 'add') expect(textUI.label(a, view, NAMES)).toMatch(/^pay 1 with \d+:[^()]+$/);
        // Cards in hand are added to moves and played without their cost ("G Branch (0)" read as "moves 0").
        for (const a of legal) if ((a.type === 'add' && kind !== 'pay') || a.type === 'play') expect(textUI.label(a, view, NAMES)).not.toMatch(/\(\d/);
        if (kind !== 'jump') expect(textUI.hint(view, legal)).not.toMatch(/\bland\b/);
        acornRun.apply(s, seat, legal[nextInt(rng, legal.length)]!);
      }
      expect(textUI.render(acornRun.view(s, 0), 0, NAMES).join('\n')).toMatch(/Final:/);
    }
  });

  it('draws pawns and acorns on the trees around the viewer', () => {
    const m = race({ positions: ['t1.g2.0', 't1.r.jump'] }, { seats: 2 });
    const lines = textUI.render(acornRun.view(stateOf(m), 0), 0, NAMES);
    const g2 = lines.find((l) => l.startsWith('g2 '))!;
    expect(g2.slice(3, 4)).toBe('1');
    expect(lines.find((l) => l.startsWith('r2 '))).toMatch(/ 2 /);
    expect(lines.join('\n')).toMatch(/Hand 1:/);
  });

  it('reads typed commands and explains ones that are not legal now', () => {
    const m = race({ positions: ['t0.y.jump'], decks: [['s-yellow-r', 's-red-g', 's-green-y', 's-yellow', ...FILLER]] });
    const s = stateOf(m);
    const parse = (text: string) => textUI.parse(text, acornRun.view(s, 0), acornRun.legalActions(s, 0), NAMES);
    expect(parse('jump')).toEqual({ action: { type: 'jump' } });
    expect(parse('sprint red')).toEqual({ error: expect.stringMatching(/cannot sprint/) });
    expect(parse('buy c1')).toEqual({ action: { type: 'buy', row: 'cheap', index: 0 } });
    expect(parse('what')).toBeNull();
    must(m, { type: 'jump' });
    const hand = s.racers[0]!.hand;
    const n = hand.indexOf(card(m, 's-yellow-r')) + 1;
    expect(parse(`add ${n}`)).toEqual({ action: { type: 'add', card: card(m, 's-yellow-r') } });
    expect(parse('add 9')).toEqual({ error: 'your hand has no card 9' });
    must(m, { type: 'add', card: card(m, 's-yellow-r') });
    must(m, { type: 'add', card: card(m, 's-red-g') });
    expect(parse('land upper')).toEqual({ action: { type: 'land', to: at('t1.y2.0') } });
    expect(textUI.hint(acornRun.view(s, 0), [])).toMatch(/land/);
  });
});
