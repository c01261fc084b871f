/** Autumn Leaves in the terminal: the table as one seat sees it, menu labels and typed input. */
import type { Seat } from '../../engine/game.js';
import { DEFAULT_TERM, type TextUI } from '../text-ui.js';
import type { Action } from './state.js';
import { aRank, narrateEvent } from './narrate.js';
import type { View } from './view.js';

const PILE_SHOWN = 9;

const nameOf = (names: readonly string[], seat: Seat): string => names[seat] ?? `Seat ${seat + 1}`;
const top = (pile: readonly number[]): number | undefined => pile[pile.length - 1];

function pileText(pile: readonly number[]): string {
  const shown = pile.length > PILE_SHOWN ? ['…', ...pile.slice(-PILE_SHOWN).map(String)] : pile.map(String);
  return shown.length > 0 ? shown.join(' ') : '—';
}

function status(view: View, seat: Seat): string {
  if (view.phase === 'choose') return view.chosen[seat] ? 'chosen' : 'choosing…';
  if (view.phase === 'place') {
    const card = view.revealed?.[seat];
    if (card === null || card === undefined) return '';
    return view.current === seat ? `places ${card} now` : `waits with ${card}`;
  }
  return '';
}

function label(action: Action, view: View, names: readonly string[]): string {
  switch (action.type) {
    case 'choose':
      return `choose ${action.card}`;
    case 'place': {
      const whose = action.pile === view.viewer ? 'your pile' : `${nameOf(names, action.pile)}'s pile`;
      return `place on ${whose} (top ${String(top(view.piles[action.pile] ?? []))})`;
    }
    case 'keep':
      return 'take it back into your hand';
    case 'discard':
      return 'discard it and draw a new card';
  }
}

export const textUI: TextUI<View, Action> = {
  render(view, viewer, names, size = DEFAULT_TERM) {
    // Lines fit the terminal's width (80 by default; a pipe is wider, src/cli/term-size.ts).
    const W = size.cols;
    const lines: string[] = [];
    const you = viewer === 'spectator' ? null : viewer;
    const who = (s: Seat) => (s === you ? 'You' : nameOf(names, s));
    lines.push(
      `Autumn Leaves · hand ${Math.min(view.hand + 1, view.hands)} of ${view.hands} · round ${view.round + 1}`.padEnd(52) +
        `draw ${view.drawPile} · discard ${view.discard.length}`,
    );
    lines.push(`Scores (low is good): ${view.scores.map((x, s) => `${who(s)} ${x}`).join(' · ')}`.slice(0, W));
    lines.push('');
    lines.push('  Player      Hand  Leaf pile (top card last)');
    for (let s = 0; s < view.seats; s++) {
      const known = view.known[s]!.length > 0 && s !== you ? ` holds ${view.known[s]!.join(',')}` : '';
      const row = `${s === view.current ? '▶' : ' '} ${who(s).slice(0, 10).padEnd(10)}  ${String(view.handSizes[s]).padStart(4)}  ${pileText(view.piles[s]!)}`;
      lines.push(`${row.padEnd(52)} ${status(view, s)}${known}`.slice(0, W));
    }
    lines.push('');
    if (view.phase === 'place' && view.order.length > 0) {
      lines.push(`To place: ${view.order.map((s) => `${who(s)} (${String(view.revealed?.[s])})`).join(' → ')}`.slice(0, W));
    }
    if (view.myHand) {
      const choice = view.myChoice !== null ? `   your card: ${view.myChoice}` : '';
      lines.push(`Your hand: ${view.myHand.join(' ') || '(empty)'}${choice}`);
    }
    const recent = view.log.events.slice(-4).map((e) => `  ${narrateEvent(e, { viewer, names })}`.slice(0, W));
    if (recent.length > 0) lines.push('Recent:', ...recent);
    return lines;
  },

  label,

  parse(text, view, legal) {
    const t = text.trim().toLowerCase();
    const m = /^(?:c|choose|play)?\s*(\d+)$/.exec(t);
    if (view.phase === 'choose' && m) {
      const card = Number(m[1]);
      const action = legal.find((a) => a.type === 'choose' && a.card === card);
      if (action) return { action };
      // While choosing, a bare number is a rank; a menu item needs its # (the CLI reads "#2").
      const menu = card >= 1 && card <= legal.length && !m[0].startsWith('c') && !m[0].startsWith('p') ? ` (for menu item ${card}, type #${card})` : '';
      return { error: `you have no ${card} in your hand (${view.myHand?.join(' ') ?? ''})${menu}` };
    }
    if (/^(k|keep|take|take back|back)$/.test(t) || /^(d|discard|draw)$/.test(t)) {
      const type = t.startsWith('k') || t.startsWith('t') || t === 'back' ? 'keep' : 'discard';
      const action = legal.find((a) => a.type === type);
      if (action) return { action };
      if (view.phase !== 'place') return { error: 'you can only take back or discard a revealed card' };
      return { error: 'your card fits on a leaf pile, so you must place it' };
    }
    const place = /^(?:p|place)\s+(\d+|me|mine|own)$/.exec(t);
    if (place) {
      const pile = /^\d+$/.test(place[1]!) ? Number(place[1]) - 1 : (view.viewer as number);
      const action = legal.find((a) => a.type === 'place' && a.pile === pile);
      if (action) return { action };
      const card = view.myChoice;
      return { error: `your ${String(card)} does not fit on that pile: it needs ${aRank((card ?? 0) - 1)} or ${aRank((card ?? 0) + 1)} on top` };
    }
    return null;
  },

  hint(view) {
    if (view.phase === 'choose') return 'Type the rank of the card to choose (e.g. 7), or #N for menu item N.';
    return 'Type a menu number, "p N" for player N\'s pile, "k" to take back or "d" to discard.';
  },
};
