/**
 * A guided first turn: a practice table (you and easy bots) dealt from a fixed arrangement built
 * with the game's own scenario helpers (src/games/<id>/arrange.ts), and a panel above the table
 * that tells the new player, step by step, what to do next and why. The hints read the seat's
 * view and legal actions only; the panel can be hidden at any time.
 */
import { useState } from 'react';
import type { Action as RunAction } from '../../../src/games/acorn-run/actions.js';
import { GUIDED_FIRST_TURN } from '../../../src/games/acorn-run/arrange.js';
import { kindOf } from '../../../src/games/acorn-run/cards.js';
import { CELL_EMPTY } from '../../../src/games/acorn-run/state.js';
import type { AcornRunView } from '../../../src/games/acorn-run/view.js';
import { runTablesOf } from '../games/acorn-run/index.js';
import { gameModule } from '../games/index.js';
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

/**
 * Acorn Run: you race first against one easy dummy (Twinkle), from the upper green lane of the
 * Go! Beech, three spaces before an acorn; the deal (src/games/acorn-run/arrange.ts) gives you
 * three green cards for the sprint, the acorn buys power, and Green Rush waits in the market.
 * Each hint follows what the view shows (main move used, acorns, player board, discard pile), so
 * a player who does things in another order still gets the next useful step.
 */
const acornRunGuide: Guide = {
  table: {
    game: 'acorn-run',
    seats: [{ kind: 'human' }],
    options: GUIDED_FIRST_TURN.options,
    seed: 'guided-first-turn',
    arrangement: GUIDED_FIRST_TURN.arrangement,
  },
  hint: (v, l) => {
    const view = v as AcornRunView;
    const legal = l as readonly RunAction[];
    const of = 6;
    const me = view.me === null ? undefined : view.racers[view.me];
    const basics = { step: 6, of, text: 'You have the basics: one main move a turn with your cards, acorns for your player board or the market, better cards bought for later turns. From a jump-off space at the end of a tree, jump to the next one with a chain of cards whose combo symbols match; longer chains win acorns and combo points. "How to play" above has the rest.' };
    if (!me || view.over || view.round > 1) return basics;
    if (legal.length === 0) return { step: 5, of, text: 'Twinkle, the dummy racer, takes its turn: watch its pawn move.' };
    const pending = view.turn.pending[0];
    if (pending?.kind === 'cleanup') {
      return { step: 5, of, text: 'End of the turn: click a card in your hand to discard it, or keep it for next turn; then click "keep the rest and draw" (under the prompt above the board) to fill your hand back up to six. The cards you played go to your discard pile.' };
    }
    if (pending?.kind === 'pay') {
      return { step: 3, of, text: 'Pay the rest: click a card in your hand (any card you no longer need this turn). The market card shows how much is paid; paying cards go to your discard pile.' };
    }
    if (pending) return { step: 1, of, text: 'Finish the move you started on the board (or cancel it in the list of choices).' };
    // The cards are read with the tables of the module the page draws Acorn Run with (a variant's, if the server plays one).
    const T = runTablesOf(gameModule('acorn-run'));
    const spent = me.grid.some((cell) => cell !== CELL_EMPTY);
    const bought = me.discard.some((card) => kindOf(T, card).deck !== 'starter');
    if (view.turn.mainMoves > 0) {
      const kinds = (me.hand ?? []).map((card) => kindOf(T, card).id);
      const arranged = kinds.filter((id) => id === 's-green').length >= 2 && kinds.includes('s-green-y');
      return arranged
        ? { step: 1, of, text: 'Your turn: your pawn is on the upper green lane of the Go! Beech. Click your two Green Branches and the Green Leaf in your hand: the space these three cards take you to lights up on the board, three spaces ahead, on an acorn. Click the lit space to sprint there.' }
        : { step: 1, of, text: 'Make your main move: click cards of one colour in your hand, and the spaces they take you to light up on the board. Click a lit space to go there.' };
    }
    if (me.acorns > 0 && !spent) {
      return { step: 2, of, text: 'You picked up the acorn. Spend it on your player board (under the market): click "+2 buying power". Filling a whole column of the board earns its bonus.' };
    }
    if (!bought && legal.some((a) => a.type === 'buy')) {
      return view.turn.buyingPower >= 2
        ? { step: 3, of, text: 'Buy a card: click Green Rush in the expensive market. It costs 3: your buying power pays 2, and one card from your hand pays the last one. In a later sprint, Rush counts as three spaces.' }
        : { step: 3, of, text: 'Buy a card: click a market card that lights up, then pay its cost with cards from your hand.' };
    }
    return { step: 4, of, text: 'That is a full turn. Click "end the turn" under the prompt, above the board.' };
  },
};

const GUIDES: Record<string, Guide> = { 'autumn-leaves': leavesGuide, acorns: acornsGuide, 'acorn-run': acornRunGuide };

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
