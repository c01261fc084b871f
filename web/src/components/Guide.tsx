/**
 * A guided first turn: a practice table (you and easy bots) dealt from a fixed arrangement built
 * with the game's own scenario helpers (src/games/<id>/arrange.ts), and a panel above the table
 * that tells the new player, step by step, what to do next and why. The hints read the seat's
 * view and legal actions only; the panel can be hidden at any time.
 */
import { useState } from 'react';
import type { AcornsAction } from '../../../src/games/acorns/actions.js';
import { arrangeDeal as arrangeAcorns } from '../../../src/games/acorns/arrange.js';
import type { AcornsView } from '../../../src/games/acorns/view.js';
import { arrangeDeal as arrangeLeaves } from '../../../src/games/autumn-leaves/arrange.js';
import type { Action as LeavesAction } from '../../../src/games/autumn-leaves/state.js';
import type { View as LeavesView } from '../../../src/games/autumn-leaves/view.js';
import type { CreateTableRequest } from '../../../src/server/protocol.js';
import { api } from '../api.js';
import { navigate, tableLink } from '../router.js';
import { keepSeat, savedName, saveName } from '../seats.js';

interface Hint {
  /** 1-based step number and how many steps the guide has. */
  step: number;
  of: number;
  text: string;
}

interface Guide {
  /** The practice table: seats, options and the arranged deal (you sit at seat 0). */
  table: Omit<CreateTableRequest, 'join'>;
  hint: (view: unknown, legal: readonly unknown[], you: number) => Hint;
}

/** Autumn Leaves: you hold 2 3 5 6 7 9 10; the two easy bots hold middling cards, so your 5 and 6 find homes. */
const leavesGuide: Guide = {
  table: {
    game: 'autumn-leaves',
    seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }, { kind: 'bot', bot: 'easy' }],
    options: { hands: 1 },
    seed: 'guided-first-turn',
    arrangement: { deals: [arrangeLeaves([[2, 3, 5, 6, 7, 9, 10], [4, 4, 6, 8, 8, 9, 10], [3, 5, 7, 7, 8, 9, 10]])] },
  },
  hint: (v, l, you) => {
    const view = v as LeavesView;
    const legal = l as readonly LeavesAction[];
    const of = 5;
    const placedByMe = view.log.events.filter((e) => e.type === 'place' && e.seat === you).length;
    if (view.phase === 'over' || placedByMe > 0 || view.hand > 0) {
      return { step: 5, of, text: 'That is the whole idea. Keep going: empty your hand before the others and you score below zero. The summary at the end of the hand shows every pile and the points. "How to play" above has the rest.' };
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
  },
};

/** Acorns: you start (the bot deals) with two trees, red squirrels and the red fox. */
const acornsGuide: Guide = {
  table: {
    game: 'acorns',
    seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }],
    seed: 'guided-first-turn',
    arrangement: arrangeAcorns({
      seats: 2,
      dealer: 1,
      hands: [['tree-5-1', 'squirrel-red-3-1', 'squirrel-red-2-1', 'fox-red', 'squirrel-blue-1-1', 'tree-3-1'], ['tree-4-1', 'squirrel-green-1-1', 'squirrel-yellow-2-1']],
    }),
  },
  hint: (v, l, you) => {
    const view = v as AcornsView;
    const legal = l as readonly AcornsAction[];
    const of = 4;
    const mine = view.log.events.filter((e) => 'seat' in e && e.seat === you);
    const planted = mine.some((e) => e.kind === 'plant');
    const squirrels = mine.some((e) => e.kind === 'squirrel');
    if (view.over || (planted && squirrels)) {
      return { step: 4, of, text: 'You have the basics. At the start of each of your turns you win every tree you lead. Keep the red fox for when someone challenges your red group: a fox beats any number of squirrels. "How to play" above has the rest.' };
    }
    if (legal.length === 0) return { step: planted ? 3 : 2, of, text: 'The bot is taking its turn: watch the cards move.' };
    if (!planted) {
      return { step: 1, of, text: 'Your turn. Plant a tree: click your 5-acorn tree in your hand. If nobody puts squirrels around it before your next turn, its 5 acorns are yours.' };
    }
    return { step: 3, of, text: 'Now put squirrels on a tree: click your red 3, then a tree that lights up. Point at a tree that stays dim to see why your card may not go there.' };
  },
};

const GUIDES: Record<string, Guide> = { 'autumn-leaves': leavesGuide, acorns: acornsGuide };

export const hasGuide = (game: string): boolean => game in GUIDES;

const guideKey = (tableId: string): string => `drey:guide:${tableId}`;

/** Creates the practice table, sits the player at seat 0 and opens it; an error message if the server refused. */
export async function startGuide(game: string): Promise<string | null> {
  const guide = GUIDES[game];
  if (!guide) return `no guided first turn for ${game}`;
  const name = savedName().trim() || 'You';
  const r = await api.create({ ...guide.table, join: { seat: 0, name } });
  if (!r.ok) return r.error.message;
  if (r.value.seat) keepSeat(r.value.table.id, r.value.seat);
  saveName(name);
  localStorage.setItem(guideKey(r.value.table.id), game);
  navigate(tableLink(r.value.table.id));
  return null;
}

/** The step-by-step hints above a guided table (nothing at any other table). */
export function GuidePanel({ tableId, game, view, legal, you }: { tableId: string; game: string; view: unknown; legal: readonly unknown[]; you: number | null }) {
  const [on, setOn] = useState(() => localStorage.getItem(guideKey(tableId)) === game);
  const guide = GUIDES[game];
  if (!on || !guide || you === null) return null;
  const hint = guide.hint(view, legal, you);
  return (
    <aside className="guide" aria-label="guided first turn" data-testid="guide">
      <div className="guide-head">
        <strong>
          Guided first turn · step {hint.step} of {hint.of}
        </strong>
        <button
          type="button"
          className="btn small"
          onClick={() => {
            localStorage.removeItem(guideKey(tableId));
            setOn(false);
          }}
        >
          Hide the guide
        </button>
      </div>
      <p data-testid="guide-hint">{hint.text}</p>
    </aside>
  );
}
