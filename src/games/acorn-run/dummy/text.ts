/** The dummies at the terminal table: the last dummy card and what it made each dummy do (R14). */
import { space } from '../board.js';
import { kindOf } from '../cards.js';
import type { DummyMove } from '../content/dummy-schema.js';
import type { AcornRunView } from '../view.js';
import type { DummyEvent } from './types.js';

export function moveText(m: DummyMove): string {
  if (m.kind === 'fetch') return `fetch acorn ${m.min}-${m.max} (else to ${m.alt})`;
  return `${m.shift === 'none' ? '' : `${m.shift} 1, `}sprint ${m.spaces}`;
}

export function eventText(e: DummyEvent, who: (racer: number) => string): string {
  switch (e.kind) {
    case 'move':
      return `${who(e.racer)} ${space(e.from).name}→${space(e.to).name}${e.acorns ? ' +acorn' : ''}`;
    case 'jump':
      return `${who(e.racer)} jumps→${space(e.to).name}${e.vp ? ` +${e.vp}VP` : ''}${e.acorns ? ' +acorn' : ''}`;
    case 'wait':
      return `${who(e.racer)} waits to jump`;
    case 'finish':
      return `${who(e.racer)} finishes`;
    case 'buy':
      return `${who(e.racer)} takes ${kindOf(e.card).id}`;
    case 'out-of-time':
      return `${who(e.racer)} blocks a results space`;
  }
}

/** Two lines: the deck, the last card's level, and the events of the last dummy turn. */
export function dummyLines(view: AcornRunView, who: (racer: number) => string): string[] {
  const d = view.dummies;
  if (!d) return [];
  const card = d.lastCard ? `last card ${d.lastCard.id} (round ${d.lastRound})` : 'no card drawn yet';
  const lines = [`Dummies (${d.difficulty}): deck ${d.deckCount} · ${card}`];
  const events = d.events.map((e) => eventText(e, who)).join('; ');
  for (let i = 0; i < events.length && lines.length < 2; i += 78) lines.push(`  ${events.slice(i, i + 78)}`);
  return lines.map((l) => l.slice(0, 80));
}
