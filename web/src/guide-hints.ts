/**
 * The guided first turn's hints for Acorns and Autumn Leaves (Guide.tsx draws them): pure
 * functions of the seat's view, its legal actions and the steps the player has already done, so
 * node tests play a guided game through the engine and read every hint.
 */
import type { AcornsAction } from '../../src/games/acorns/actions.js';
import type { AcornsView } from '../../src/games/acorns/view.js';
import type { Action as LeavesAction } from '../../src/games/autumn-leaves/state.js';
import type { View as LeavesView } from '../../src/games/autumn-leaves/view.js';

export interface Hint {
  /** 1-based step number and how many steps the guide has. */
  step: number;
  of: number;
  text: string;
  /** What the player has done for good (the page keeps these for the table, so no step is undone). */
  done?: readonly string[];
}

/** Autumn Leaves: five steps through the first hand; a card once placed stays placed (`done`). */
export function leavesHint(view: LeavesView, legal: readonly LeavesAction[], you: number, done: ReadonlySet<string> = new Set()): Hint | null {
  const of = 5;
  const placedByMe = done.has('placed') || view.log.events.some((e) => e.type === 'place' && e.seat === you);
  if (view.phase === 'over' || placedByMe || view.hand > 0) {
    return { step: 5, of, done: ['placed'], text: 'That is the whole idea. Keep going: empty your hand before the others and you score below zero. The summary at the end of the hand shows every pile and the points. "How to play" above has the rest.' };
  }
  if (legal.some((a) => a.type === 'place')) {
    return { step: 4, of, text: 'Your card fits: the piles that say "place here" have a top card one step away from it. Click one (yours or another player\'s — a pile that grows is good for its owner).' };
  }
  if (legal.some((a) => a.type === 'keep')) {
    return { step: 4, of, text: 'Your card fits on no pile this time. Take it back, or discard it and draw a new card. Next round, try a card one step from a pile\'s top.' };
  }
  if (view.phase === 'choose' && view.round === 0) {
    return legal.length > 0
      ? { step: 1, of, text: 'Everyone picks a card at the same time. In this first round your card starts your own leaf pile. Click your 5 (or type 5): a middle card leaves room to build up and down.' }
      : { step: 2, of, text: 'Chosen! The bots are choosing too; all cards are shown together.' };
  }
  if (view.phase === 'choose') {
    return legal.length > 0
      ? { step: 3, of, text: 'Round 2: pick a card one step away from a pile\'s top card. Your 6 fits on a 5 or a 7, your 4 on a 3 or a 5. The lowest card is placed first.' }
      : { step: 3, of, text: 'Waiting for the others to pick.' };
  }
  return { step: 3, of, text: 'The cards are placed from the lowest up. Watch them move onto the piles; your turn to place comes when your card is the lowest left.' };
}

/**
 * Acorns: 1 plant a tree, 2 the bot's turn, 3 squirrels, 4 the basics; over after the third time
 * round the table (null). What is done is read from the table (your trees, your groups) and from
 * `done`, what the page kept of earlier hints: the log the view carries holds only the latest
 * events, so a planted tree must not be forgotten when its event scrolls out of it.
 */
export function acornsHint(view: AcornsView, legal: readonly AcornsAction[], you: number, done: ReadonlySet<string> = new Set()): Hint | null {
  const of = 4;
  if (view.over || view.round > 3) return null;
  const mine = view.log.events.filter((e) => 'seat' in e && e.seat === you);
  const pile = view.scorePiles.find((p) => p.seats.includes(you));
  const planted = done.has('planted') || mine.some((e) => e.kind === 'plant') || view.trees.some((t) => t.owner === you) || (pile?.trees.length ?? 0) > 0;
  const squirrels = done.has('squirrels') || mine.some((e) => e.kind === 'squirrel') || view.trees.some((t) => t.groups.some((g) => g.owners.includes(you)));
  const facts = [...(planted ? ['planted'] : []), ...(squirrels ? ['squirrels'] : [])];
  if ((planted && squirrels) || view.round > 2) {
    return { step: 4, of, done: facts, text: 'You have the basics. At the start of each of your turns you win every tree you lead. Keep the red fox for when someone challenges your red group: a fox beats any number of squirrels. "How to play" above has the rest.' };
  }
  if (!planted) {
    return legal.length === 0
      ? { step: 1, of, done: facts, text: 'The bot is taking its turn: watch the cards move.' }
      : { step: 1, of, done: facts, text: 'Your turn. Plant a tree: click your 5-acorn tree in your hand. If nobody puts squirrels around it before your next turn, its 5 acorns are yours.' };
  }
  if (legal.length === 0) {
    // Once asked for squirrels (step 3), the bot's next turn does not take the guide back to step 2.
    return done.has('asked-squirrels')
      ? { step: 3, of, done: facts, text: 'The bot is taking its turn. On your next turn, put squirrels on a tree to lead it.' }
      : { step: 2, of, done: facts, text: 'The bot is taking its turn: watch the cards move. If it leaves your tree alone, the tree is yours at the start of your next turn.' };
  }
  facts.push('asked-squirrels');
  if (!legal.some((a) => a.type === 'squirrel')) {
    return legal.every((a) => a.type === 'draw')
      ? { step: 3, of, done: facts, text: 'Your only move now is to draw a card. Next turn, put squirrels on a tree to lead it.' }
      : { step: 3, of, done: facts, text: 'No tree in play takes your squirrels now: plant another tree (or draw a card), and put squirrels on a tree next turn.' };
  }
  const red3 = (view.hand ?? []).some((c) => c.startsWith('squirrel-red-3'));
  return {
    step: 3,
    of,
    done: facts,
    text: red3
      ? 'Now put squirrels on a tree: click your red 3, then a tree that lights up. Point at a tree that stays dim to see why your card may not go there.'
      : 'Now put squirrels on a tree: click a squirrel card in your hand, then a tree that lights up. Point at a tree that stays dim to see why your card may not go there.',
  };
}
