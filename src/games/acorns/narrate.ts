/** Acorns' public events in words, for one viewer: cards by their faces, trees by their owners. */
import type { Seat } from '../../engine/game.js';
import { defineNarrator, plural, says, seatPerson, sentence, type AnyNarrator, type NarrationContext } from '../../engine/narration.js';
import { acornsOf, cardOf, type AcornsTables } from './tables.js';
import type { LogEvent } from './state.js';
import type { AcornsView } from './view.js';

/** A card in words: "a 5-acorn tree", "a red 2", "the red fox", "the turtle". */
export function cardWords(tables: AcornsTables, id: string): string {
  const c = cardOf(tables, id);
  if (!c) return 'a card';
  switch (c.kind) {
    case 'tree':
      return `a ${c.acorns}-acorn tree`;
    case 'squirrel':
      return `a ${c.color} ${c.squirrels}`;
    case 'fox':
      return `the ${c.color} fox`;
    case 'turtle':
      return 'the turtle';
  }
}

/** A tree in play, named by who planted it: "Rowan's 5-acorn tree", "your own 3-acorn tree". */
function treeWords(tables: AcornsTables, tree: string, owner: Seat, actor: Seat, context: NarrationContext): string {
  const o = seatPerson(owner, context);
  const whose = owner === actor ? (o.you ? 'your own' : 'their own') : o.you ? 'your' : `${o.name}'s`;
  return `${whose} ${acornsOf(tables, tree)}-acorn tree`;
}

export function narrateEvent(tables: AcornsTables, e: LogEvent, context: NarrationContext): string {
  if (e.kind === 'end') {
    return sentence(`the game is over${e.boxedTrees > 0 ? `; ${plural(e.boxedTrees, 'unclaimed tree')} ${e.boxedTrees === 1 ? 'leaves' : 'leave'} the game` : ''}`);
  }
  const actor = seatPerson(e.seat, context);
  switch (e.kind) {
    case 'draw':
      return sentence(`${says(actor, 'draws', 'draw')} a card`);
    case 'plant':
      return sentence(`${says(actor, 'plants', 'plant')} ${cardWords(tables, e.tree)}`);
    case 'squirrel': {
      const color = cardWords(tables, e.card).split(' ')[1] ?? '';
      return sentence(`${says(actor, 'plays', 'play')} ${cardWords(tables, e.card)} on ${treeWords(tables, e.tree, e.owner, e.seat, context)} (${color} ${e.total})`);
    }
    case 'fox':
      return sentence(`${says(actor, 'plays', 'play')} ${cardWords(tables, e.card)} on ${treeWords(tables, e.tree, e.owner, e.seat, context)}`);
    case 'turtle':
      return sentence(`${says(actor, 'plays', 'play')} the turtle on ${treeWords(tables, e.tree, e.owner, e.seat, context)}`);
    case 'discard':
      return sentence(`${says(actor, 'discards', 'discard')} ${cardWords(tables, e.card)}`);
    case 'pass':
      return sentence(says(actor, 'passes', 'pass'));
    case 'claim':
      return sentence(`${says(actor, 'claims', 'claim')} ${treeWords(tables, e.tree, e.owner, e.seat, context)} (${plural(e.acorns, 'acorn')})`);
  }
}

/** The narrator of the game built from these tables: it names trees by their value in that content. */
export const makeAcornsNarrator = (tables: AcornsTables): AnyNarrator =>
  defineNarrator<AcornsView, LogEvent>({ log: (view) => view.log, narrate: (e, context) => narrateEvent(tables, e, context) });
