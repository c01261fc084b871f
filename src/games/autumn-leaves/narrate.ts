/** Autumn Leaves' public events in words, for one viewer ("you" for the viewer's own seat). */
import type { Seat } from '../../engine/game.js';
import { defineNarrator, listWords, possessive, says, seatPerson, sentence, type NarrationContext } from '../../engine/narration.js';
import type { View, ViewEvent } from './view.js';

/** A rank with its article as it is said: "a 7", "an 8", "an 11" (the sound, not the letter). */
export function aRank(rank: number): string {
  const spoken = String(rank);
  return `${spoken.startsWith('8') || spoken === '11' || spoken === '18' ? 'an' : 'a'} ${spoken}`;
}

export function narrateEvent(e: ViewEvent, context: NarrationContext): string {
  const who = (seat: Seat) => seatPerson(seat, context);
  switch (e.type) {
    case 'deal':
      return `Hand ${e.hand + 1} is dealt.`;
    case 'reveal': {
      const cards = listWords(e.cards.map((card, seat) => `${who(seat).name} ${card}`));
      return sentence(`revealed: ${cards}${e.coldSnap ? ' — a cold snap! Everyone plays on their own pile' : ''}`);
    }
    case 'place': {
      const actor = who(e.seat);
      const pile = e.pile === e.seat ? `${actor.you ? 'your' : 'their'} own pile` : `${possessive(who(e.pile))} pile`;
      return sentence(`${says(actor, 'places', 'place')} ${e.card} on ${pile}`);
    }
    case 'keep': {
      const actor = who(e.seat);
      return sentence(`${actor.name} can't place ${e.card} and ${actor.you ? 'take' : 'takes'} it back`);
    }
    case 'discard': {
      const actor = who(e.seat);
      const drew = e.drew === null ? '' : ` ${aRank(e.drew)}`;
      return sentence(`${actor.name} can't place ${e.card}, ${actor.you ? 'discard it and draw' : 'discards it and draws'}${drew}`);
    }
    case 'hand-end': {
      const how = e.emptied === null ? 'the draw pile ran out' : `${who(e.emptied).name} emptied ${who(e.emptied).you ? 'your' : 'their'} hand`;
      const scores = e.scores.map((x, seat) => `${who(seat).name} ${x}`).join(', ');
      return sentence(`hand ${e.hand + 1} is over: ${how}. Scores: ${scores}`);
    }
  }
}

export const autumnLeavesNarrator = defineNarrator<View, ViewEvent>({ log: (view) => view.log, narrate: narrateEvent });
