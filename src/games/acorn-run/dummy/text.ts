/** The dummies at the terminal table: the deck and the last dummy card (R14, R15). What it made them do is narrated from the race log. */
import { dummyCardWords } from '../narrate.js';
import type { AcornRunView } from '../view.js';

export function dummyLines(view: AcornRunView): string[] {
  const d = view.dummies;
  if (!d) return [];
  const card = d.lastCard ? `last: ${dummyCardWords(d.lastCard)} (round ${d.lastRound})` : 'no card drawn yet';
  return [`Dummies (${d.difficulty}): deck ${d.deckCount} · ${card}`.slice(0, 80)];
}
