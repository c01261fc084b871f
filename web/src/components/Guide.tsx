/**
 * A guided first turn: a practice table (you and easy bots) dealt from a fixed arrangement built
 * with the game's own scenario helpers (src/games/<id>/arrange.ts), and a panel above the table
 * that tells the new player, step by step, what to do next and why. The hints read the seat's
 * view and legal actions only; the panel can be hidden at any time.
 */
import { useEffect, useState } from 'react';
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
import { acornsHint, leavesHint, type Hint } from '../guide-hints.js';

interface Guide {
  /** The practice table: seats, options and the arranged deal (you sit at seat 0). */
  table: Omit<CreateTableRequest, 'join'>;
  /** The hint now, given what the player has done for good (`done`); null once the guide is over. */
  hint: (view: unknown, legal: readonly unknown[], you: number, done: ReadonlySet<string>) => Hint | null;
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
  hint: (v, l, you, done) => leavesHint(v as LeavesView, l as readonly LeavesAction[], you, done),
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
  hint: (v, l, you, done) => acornsHint(v as AcornsView, l as readonly AcornsAction[], you, done),
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
    // The first turn is over: the basics once (round 2), then the guide is done.
    if (!me || view.over || view.round > 2) return null;
    if (view.round > 1) return basics;
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

/**
 * Whether the lobby offers a game's guided first turn: the guides deal the shipped cards and speak
 * of them ("your 5-acorn tree", "Green Rush"), so a server playing a variant of the game
 * (`drey serve --content`) offers none rather than a deal its content does not have.
 */
export const hasGuide = (game: { id: string; content?: { variant?: string } }): boolean => game.id in GUIDES && game.content?.variant === undefined;

const guideKey = (tableId: string): string => `drey:guide:${tableId}`;
/** What the player has done at a guided table, kept so that no hint goes back to a step already done. */
const doneKey = (tableId: string): string => `drey:guide-done:${tableId}`;
const readDone = (tableId: string): Set<string> => {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(doneKey(tableId)) ?? '[]');
    return new Set(Array.isArray(kept) ? kept.filter((d): d is string => typeof d === 'string') : []);
  } catch {
    return new Set();
  }
};

/** Creates the practice table, sits the player at seat 0 and opens it; an error message if the server refused. */
export async function startGuide(game: string): Promise<string | null> {
  const guide = GUIDES[game];
  if (!guide) return `no guided first turn for ${game}`;
  const name = savedName().trim() || 'You';
  // A lesson, not a playtest, even where the server plays a variant (no feedback form at its end).
  const r = await api.create({ ...guide.table, join: { seat: 0, name }, playtest: false });
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
  const done = readDone(tableId);
  const hint = on && guide && you !== null ? guide.hint(view, legal, you, done) : null;
  const fresh = (hint?.done ?? []).filter((d) => !done.has(d));
  const over = on && guide !== undefined && you !== null && hint === null;
  useEffect(() => {
    if (fresh.length > 0) localStorage.setItem(doneKey(tableId), JSON.stringify([...done, ...fresh]));
    // The guide's steps are done and its turns over: it leaves the table for good.
    if (over) {
      localStorage.removeItem(guideKey(tableId));
      localStorage.removeItem(doneKey(tableId));
    }
  });
  if (!hint) return null;
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
            localStorage.removeItem(doneKey(tableId));
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
