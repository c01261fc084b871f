/**
 * The Acorn Run table, played on the board: pick cards in your hand and the spaces they take your
 * pawn to light up on the board (a sprint, climb or descent, R3 R4); click one and the table sends
 * the engine's steps one by one, each only while it is legal. A jump lights its landing lanes,
 * shows the combo being built and its reward (R5). Market cards are bought by clicking them (the
 * payment's progress is shown), acorns spent by clicking a space of your player board (R9). The
 * same choices are listed in words below for keyboard and screen-reader users. Facts come from the
 * game's pure helpers (play-aids.ts, labels.ts); legal moves only from the engine.
 */
import { useEffect, useRef, useState } from 'react';
import type { Action } from '../../../../src/games/acorn-run/actions.js';
import { kindOf, type MarketRow } from '../../../../src/games/acorn-run/cards.js';
import { DUMMY_NAMES, type DummyColor } from '../../../../src/games/acorn-run/content/dummy-schema.js';
import type { Effect } from '../../../../src/games/acorn-run/content/schema.js';
import { effectLabel } from '../../../../src/games/acorn-run/describe.js';
import { actionLabel } from '../../../../src/games/acorn-run/labels.js';
import { spaceWords } from '../../../../src/games/acorn-run/narrate.js';
import { cardSentence, comboWords, effectSentence, finishLabel, matchLegal, movePlans, pendingMoveEnd, resultRows, stepPrompt } from '../../../../src/games/acorn-run/play-aids.js';
import { CELL_EMPTY, OUT_OF_TIME } from '../../../../src/games/acorn-run/state.js';
import type { AcornRunView, RacerView } from '../../../../src/games/acorn-run/view.js';
import { useFlip } from '../../motion.js';
import type { TableProps } from '../types.js';
import { SinceMark } from '../../components/SinceLastMove.js';
import { PAWN_FILL, PAWN_PATH, RaceBoard, ZONE_FILL, type BoardTarget } from './Board.js';
import { useRunTables } from './tables.js';
import './acorn-run.css';

const key = (a: Action): string => JSON.stringify(a);

/** A small icon per effect kind, drawn on cards and player-board spaces. */
const EFFECT_ICON: Record<Effect['kind'], string> = {
  move: '➜',
  'sprint-plus': '»',
  'extra-sprint': '⟳',
  'extra-move': '✚',
  'big-acorn': '◎',
  'small-acorn': '○',
  oops: '!',
  draw: '⊕',
  cycle: '⇄',
  'buying-power': '¢',
  trash: '✕',
  gain: '★',
  'combo-vp': '◆',
  acorns: '●',
};
const effectIcon = (e: Effect): string => (e.kind === 'move' ? { up: '↑', down: '↓', forward: '→' }[e.dir] : EFFECT_ICON[e.kind]);

/** About how wide a bold line of `text` is at `size` (card units), to know when it must wrap or squeeze. */
const textWidth = (text: string, size: number): number => text.length * size * 0.62;

/**
 * Splits a card's words into one line, or two balanced lines when one would not fit `width`
 * ("Red Scramble" becomes "Red" over "Scramble"), so a title is never cut off.
 */
function cardLines(text: string, size: number, width: number): string[] {
  if (textWidth(text, size) <= width) return [text];
  let best: string[] = [text];
  let widest = Infinity;
  for (let i = text.indexOf(' '); i > 0; i = text.indexOf(' ', i + 1)) {
    const lines = [text.slice(0, i), text.slice(i + 1)];
    const w = Math.max(...lines.map((l) => l.length));
    if (w < widest) {
      widest = w;
      best = lines;
    }
  }
  return best;
}

/** A line of card text that is squeezed to `width` should it still be too long (never cut off). */
function CardText({ text, x, y, size, width, fill, weight, className }: { text: string; x: number; y: number; size: number; width: number; fill: string; weight: number; className: string }) {
  const squeeze = textWidth(text, size) > width ? { textLength: width, lengthAdjust: 'spacingAndGlyphs' as const } : {};
  return (
    <text x={x} y={y} textAnchor="middle" fontSize={size} fontWeight={weight} fill={fill} className={className} {...squeeze}>
      {text}
    </text>
  );
}

/** A card drawn with its colour, cost, combo symbols and effect icon; its title reads it in words. */
export function RunCard({ card, width = 76, dim = false }: { card: number; width?: number; dim?: boolean }) {
  const T = useRunTables();
  const k = kindOf(T, card);
  const fill = k.color === 'acorn' ? '#8a5a2b' : ZONE_FILL[k.color];
  const title = cardLines(k.name, 9.5, 58);
  const effect = k.effect ? cardLines(effectLabel(k.effect).replace(/ \(may refresh a row\)/, ''), 7.5, 62) : [];
  return (
    <svg className="card-svg run-card" viewBox="0 0 70 98" width={width} height={(width * 98) / 70} role="img" aria-label={cardSentence(T, card)} opacity={dim ? 0.6 : 1}>
      <title>{cardSentence(T, card)}</title>
      <rect x="0.5" y="0.5" width="69" height="97" rx="7" fill="#fffaf0" stroke="#3b2410" />
      <rect x="4" y="4" width="62" height="26" rx="5" fill={fill} />
      {title.length === 1 ? (
        <CardText text={title[0]!} x={35} y={20.5} size={9.5} width={58} fill="#fff" weight={700} className="run-card-title" />
      ) : (
        title.map((line, i) => <CardText key={i} text={line} x={35} y={15 + i * 10.5} size={9} width={58} fill="#fff" weight={700} className="run-card-title" />)
      )}
      {k.cost > 0 && (
        <g>
          <circle cx="59" cy="41" r="8" fill="#3b2410" />
          <text x="59" y="44.5" textAnchor="middle" fontSize="10" fontWeight="700" fill="#ffe08a">
            {k.cost}
          </text>
        </g>
      )}
      {k.combo.length > 0 && (
        <text x="6" y="44" fontSize="7" fill="#3b2410">
          combo
        </text>
      )}
      {k.combo.map((c, i) => (
        <path key={i} d={`M${10 + i * 14} 52 l6 -6 l6 6 l-6 6 z`} fill={ZONE_FILL[c]} stroke="#3b2410" strokeWidth="0.8" />
      ))}
      {k.effect && (
        <g>
          <circle cx="35" cy={effect.length === 1 ? 71 : 68} r={effect.length === 1 ? 10 : 9} fill={fill} opacity="0.9" />
          <text x="35" y={effect.length === 1 ? 75.5 : 72.5} textAnchor="middle" fontSize="12" fill="#fff">
            {effectIcon(k.effect)}
          </text>
          {effect.map((line, i) => (
            <CardText key={i} text={line} x={35} y={effect.length === 1 ? 92 : 86 + i * 8} size={7.5} width={62} fill="#3b2410" weight={600} className="run-card-effect" />
          ))}
        </g>
      )}
    </svg>
  );
}

function PawnMark({ pawn }: { pawn: string }) {
  return (
    <svg className="run-pawn-mark" viewBox="-18 -18 36 34" width="20" height="19" aria-hidden="true">
      <path d={PAWN_PATH} fill={PAWN_FILL[pawn] ?? '#999'} stroke="#fff" strokeWidth="3" />
    </svg>
  );
}

const comboVp = (r: RacerView): number | null => (r.tokens ? r.tokens.reduce((a, b) => a + b, 0) : null);

function RacerPanel({ racer, racers, name, mine, turn, spends, busy, spend: spendNow, compact = false }: { racer: RacerView; racers: readonly RacerView[]; name: string; mine: boolean; turn: boolean; spends: Map<number, Action>; busy: boolean; spend: (a: Action) => void; compact?: boolean }) {
  const T = useRunTables();
  const columns = T.content.playerBoard.columns;
  const vp = comboVp(racer);
  return (
    <div className={`run-racer ${mine ? 'mine' : ''} ${turn ? 'turn' : ''} ${compact ? 'compact' : ''}`} data-testid={`racer-${racer.racer}`}>
      <div className="run-racer-head">
        <PawnMark pawn={racer.pawn} />
        <strong>{name}</strong>
        <span className="run-sub">{racer.kind === 'dummy' ? `dummy · ${racer.pawn}` : racer.pawn}</span>
        {racer.place !== null && !racer.out && <span className="tag">{finishLabel(racers, racer.racer)}</span>}
        {racer.out && <span className="tag">out of time</span>}
      </div>
      <dl className="run-stats">
        <div><dt>acorns</dt><dd>{racer.acorns}</dd></div>
        <div><dt>combo tokens</dt><dd>{racer.tokenCount}{vp !== null ? ` (${vp} VP)` : ''}</dd></div>
        <div><dt>race VP</dt><dd>{racer.raceVp}</dd></div>
        {racer.kind === 'seat' && (
          <>
            <div><dt>hand</dt><dd>{racer.handCount}</dd></div>
            <div><dt>deck</dt><dd>{racer.deckCount}</dd></div>
            <div><dt>discard</dt><dd>{racer.discard.length}</dd></div>
          </>
        )}
      </dl>
      {racer.kind === 'seat' && racer.discard.length > 0 && (
        // The top of the discard pile, where a bought or played card lands (it slides here from the
        // market or the hand, web/src/motion.ts), so everyone sees what a racer bought.
        <div className="run-discard-top">
          <span className="run-sub">last discarded:</span>
          <span className="run-card-btn" data-flip-id={`card-${racer.discard[racer.discard.length - 1]}`}>
            <RunCard card={racer.discard[racer.discard.length - 1]!} width={compact ? 30 : 40} />
          </span>
        </div>
      )}
      {racer.kind === 'seat' && (
        <div className="run-grid" role="group" aria-label={`${name}'s player board`}>
          {columns.map((col, c) => (
            <div key={c} className="run-col">
              {col.cells.map((_, r) => {
                const cell = c * col.cells.length + r;
                const filled = racer.grid[cell] !== CELL_EMPTY;
                const effect = T.cells[cell]!.effect;
                const spend = spends.get(cell);
                const text = (
                  <>
                    <span className="run-cell-icon" aria-hidden="true">{filled ? '●' : effectIcon(effect)}</span> {effectLabel(effect).replace(/ \(may refresh a row\)/, '')}
                  </>
                );
                return spend ? (
                  <button key={r} type="button" className="run-cell target" disabled={busy} data-action={key(spend)} title={effectSentence(effect)} aria-label={`spend an acorn: ${effectLabel(effect)}`} onClick={() => !busy && spendNow(spend)}>
                    {text}
                  </button>
                ) : (
                  <span key={r} className={`run-cell ${filled ? 'filled' : ''}`} title={effectSentence(effect)}>
                    {text}
                  </span>
                );
              })}
              <span className="run-cell bonus" title={`Fill the column: ${effectSentence(col.bonus)}`}>
                bonus: {effectLabel(col.bonus)}
              </span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** Every racer, dummies included, with race and combo VP (R13: ties go to the better race result). */
function RunResults({ view, name }: { view: AcornRunView; name: (r: number) => string }) {
  // The rank and the order of crossing the line, never the results space (issue 25).
  const rows = resultRows(view.racers).map((row) => ({ ...row, r: view.racers[row.racer]! }));
  return (
    <section className="run-results" aria-label="race results" data-testid="run-results">
      <h2>Race results</h2>
      <div className="run-results-scroll">
      <table>
        <thead>
          <tr><th scope="col">#</th><th scope="col">Racer</th><th scope="col">Result</th><th scope="col">Race VP</th><th scope="col">Combo VP</th><th scope="col">Total</th></tr>
        </thead>
        <tbody>
          {rows.map(({ r, combo, total, rank, result }) => (
            <tr key={r.racer} className={r.racer === view.me ? 'mine' : ''}>
              <td>{rank}</td>
              <td>
                <span className="run-result-name"><PawnMark pawn={r.pawn} /> {name(r.racer)}</span>
                {r.kind === 'dummy' ? <span className="run-result-dummy"> (dummy)</span> : null}
              </td>
              <td className="run-result">{result}</td>
              <td>{r.raceVp}</td>
              <td>{combo}</td>
              <td><strong>{total}</strong></td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </section>
  );
}

/** The choices list groups, in the order a turn usually goes. */
const GROUPS: { title: string; types: Action['type'][] }[] = [
  { title: 'Move', types: ['sprint', 'climb', 'descend', 'jump', 'add', 'slide', 'land', 'done', 'cancel'] },
  { title: 'Cards and acorns', types: ['play', 'spend', 'discard', 'trash', 'skip'] },
  { title: 'Market', types: ['buy', 'gain', 'refresh'] },
  { title: 'Turn', types: ['end', 'keep'] },
];

/** The jump bar's parts of the table on a phone; Log is the page's log tab (TablePage.tsx). */
const JUMPS: { name: string; part: string }[] = [
  { name: 'Hand', part: '.run-hand' },
  { name: 'Board', part: '.run-board' },
  { name: 'Market', part: '.run-market' },
  { name: 'Racers', part: '.run-racers' },
  { name: 'Log', part: '#tab-log' },
];

/**
 * Brings a part of the table to the top of the screen, just under the sticky prompt and jump bar, and
 * moves keyboard focus to its first control so a keyboard or switch user lands where they look.
 * Log opens the page's log tab instead.
 */
function jumpTo(from: HTMLElement, part: string): void {
  if (part.startsWith('#')) {
    const tab = document.querySelector<HTMLElement>(part);
    tab?.click();
    tab?.focus();
    window.scrollTo(0, 0);
    return;
  }
  const el = from.closest('.run-table')?.querySelector<HTMLElement>(part);
  if (!el) return;
  // Just under the sticky head, whose height changes with the prompt.
  const head = from.closest('.run-head')?.getBoundingClientRect().height ?? 0;
  window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - head - 6);
  // The board's own region before its zoom buttons; elsewhere the first card or button.
  (el.querySelector<HTMLElement>('[tabindex="0"]') ?? el.querySelector<HTMLElement>('button:not([disabled])'))?.focus({ preventScroll: true });
}

export function AcornRunTable({ view, legal, you, names, toAct, act, busy, changed }: TableProps<AcornRunView, Action>) {
  const T = useRunTables();
  const [selected, setSelected] = useState<number[]>([]);
  const [queue, setQueue] = useState<Action[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const sentIn = useRef<AcornRunView | null>(null);
  const racerName = (r: number): string => {
    const racer = view.racers[r];
    if (!racer) return '';
    if (racer.kind === 'dummy') return DUMMY_NAMES[racer.pawn as DummyColor] ?? racer.pawn;
    return racer.seat === you ? 'You' : (names[racer.seat] ?? `Seat ${racer.seat + 1}`);
  };
  const me = view.me !== null ? view.racers[view.me] : undefined;
  const pending = view.turn.pending[0];
  const send = (a: Action): void => {
    sentIn.current = view;
    act(a);
  };

  // A move picked on the board is a queue of the engine's steps: each is sent once the previous
  // one is answered (a new view) and only if it is legal then; otherwise the queue stops.
  useEffect(() => {
    if (queue.length === 0 || busy || sentIn.current === view) return;
    const next = matchLegal(T, queue[0]!, legal);
    if (!next) {
      setQueue([]);
      setNote('That move is no longer possible; choose again.');
      return;
    }
    setQueue(queue.slice(1));
    send(next);
  }); // eslint-disable-line react-hooks/exhaustive-deps

  // Cards no longer in hand drop out of the selection.
  const hand = me?.hand ?? [];
  useEffect(() => {
    if (selected.some((c) => !hand.includes(c))) setSelected((s) => s.filter((c) => hand.includes(c)));
  }, [hand.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps

  const run = (actions: Action[]): void => {
    const first = matchLegal(T, actions[0]!, legal);
    if (!first || busy) return;
    setSelected([]);
    setNote(null);
    setQueue(actions.slice(1));
    send(first);
  };
  const one = (a: Action): void => run([a]);

  const myTurn = legal.length > 0;
  const working = queue.length > 0;

  // Board targets: the ends of moves made with the selected cards, jump starts and landings.
  const targets: BoardTarget[] = [];
  if (myTurn && !working) {
    for (const plan of movePlans(T, view, legal, selected)) {
      const n = plan.path.length;
      const slides = plan.actions.filter((a) => a.type === 'slide').length;
      // R12: crossing the finish line ends the turn at once; the target says so before the click.
      const finish = plan.to === T.board.finish;
      targets.push({
        space: plan.to,
        label: `${plan.kind} to ${spaceWords(T, plan.to)}${finish ? ', which ends your turn' : ''}`,
        tag: finish ? `FINISH: ${plan.kind} ${n} (ends turn)` : `${plan.kind}${slides > 0 ? ' + slide' : ''} ${n}`,
        path: plan.path,
        action: key(plan.actions[0]!),
        onPick: () => run(plan.actions),
      });
    }
    const pos = me?.pos ?? null;
    const jump = legal.find((a) => a.type === 'jump');
    if (jump && pos !== null && selected.length === 0) {
      const sp = T.board.spaces[pos]!;
      const lands = sp.jumpTo ? [sp.jumpTo.lower, sp.jumpTo.upper] : sp.foliage ? [sp.foliage.to] : [];
      for (const to of lands) {
        targets.push({ space: to, label: `start a jump towards ${spaceWords(T, to)}`, tag: 'jump here', action: key(jump), onPick: () => one(jump) });
      }
    }
    // A move being built step by step (from the list, or a queue that stopped): finish or slide on the board.
    const done = legal.find((a) => a.type === 'done');
    const end = pendingMoveEnd(T, view);
    if (done && end !== null && pending && 'cards' in pending) {
      const finish = end === T.board.finish;
      targets.push({ space: end, label: `finish the ${pending.kind} on ${spaceWords(T, end)}${finish ? ', which ends your turn' : ''}`, tag: finish ? 'FINISH (ends turn)' : `finish the ${pending.kind} here`, action: key(done), onPick: () => one(done) });
    }
    const slide = legal.find((a) => a.type === 'slide');
    const line = pos === null ? null : T.board.spaces[pos]!.line;
    if (slide && line !== null) {
      targets.push({ space: line, label: `slide forward along the line to ${spaceWords(T, line)}`, tag: 'slide here', action: key(slide), onPick: () => one(slide) });
    }
    for (const a of legal) {
      if (a.type !== 'land') continue;
      const sp = T.board.spaces[a.to]!;
      const lane = sp.lane === null ? '' : sp.lane % 2 === 1 ? 'upper lane' : 'lower lane';
      targets.push({ space: a.to, label: `land on ${spaceWords(T, a.to)}`, tag: `land: ${lane || 'here'}`, action: key(a), onPick: () => one(a) });
    }
  }

  // What a hand card does when clicked: with a step pending, its action; otherwise select it.
  const cardAction = (card: number): Action | null => {
    if (!pending) return null;
    for (const type of ['add', 'discard', 'trash'] as const) {
      const a = matchLegal(T, { type, card }, legal);
      if (a) return a;
    }
    return null;
  };
  const cardOwnActions = (card: number): Action[] => legal.filter((a) => 'card' in a && a.type !== 'add' && kindOf(T, a.card).id === kindOf(T, card).id);
  const toggle = (card: number): void => {
    setNote(null);
    setSelected((s) => (s.includes(card) ? s.filter((c) => c !== card) : [...s, card]));
  };

  const marketAction = (row: MarketRow, index: number): Action | null =>
    legal.find((a) => (a.type === 'buy' || a.type === 'gain') && a.row === row && a.index === index) ?? null;
  const paying = pending?.kind === 'pay' ? pending : null;
  // The turn's played cards and pending steps are the racer to move's: while another racer (a bot)
  // takes its turn, your hand's heading and the jump panel must not call them yours.
  const yourTurn = !view.over && view.me !== null && view.turn.racer === view.me;
  const jumping = pending?.kind === 'jump' ? pending : null;
  const spends = new Map<number, Action>();
  for (const a of legal) if (a.type === 'spend') spends.set(a.cell, a);

  const turnName = racerName(view.turn.racer);
  // A table waiting for its players has nobody to act yet: no "You to move" before anyone joined.
  const waiting = !view.over && toAct.length === 0;
  const yourTurnPrompt = myTurn && !working && !pending && selected.length === 0;
  const prompt = view.over
    ? 'The race is over.'
    : waiting
      ? 'Waiting for players: the race starts when every seat is taken.'
      : !myTurn
      ? `${turnName} ${turnName === 'You' ? 'are' : 'is'} racing…`
      : working
        ? 'Moving…'
        : selected.length > 0 && !pending
          ? targets.length > 0
            ? 'Click a lit space on the board to move there. Or pick more cards, or use a card on its own below.'
            : 'These cards make no move together from here. Pick other cards, or use a card on its own below.'
          : yourTurnPrompt
            ? // The web's own words for the opening step (issue 25): its first sentence alone says what to do.
              'Your turn: pick cards to move. Picked cards light up where they take you on the board; click a market card to buy it, or an empty space of your player board to spend an acorn. End the turn when you are done.'
            : stepPrompt(T, view);
  // On a phone a short prompt shows, what to do now in a line or two, and the whole guidance is
  // one "More" tap away (issue 25); a wide screen shows the whole prompt (acorn-run.css).
  const short = ((): string | null => {
    if (yourTurnPrompt) return 'Your turn: pick cards to move.';
    if (myTurn && !working && !selected.length && pending?.kind === 'pay') {
      const card = view.market[pending.row].row[pending.index];
      const name = card === null || card === undefined ? 'a card' : kindOf(T, card).name;
      const cost = card === null || card === undefined ? 0 : kindOf(T, card).cost;
      return `Paying for ${name}: ${pending.power + pending.cards.length} of ${cost} paid. Tap hand cards to pay.`;
    }
    if (myTurn && !working && pending?.kind === 'cleanup') return 'End of your turn: tap cards to discard, then keep the rest.';
    const cut = prompt.search(/\. (?=[A-Z])/);
    return cut > 0 ? prompt.slice(0, cut + 1) : null;
  })();

  // Pawns slide from where they were, and cards from the market or the hand to where they went.
  const flip = useFlip<HTMLDivElement>(view);
  // Ending the turn (and the end-of-turn "keep the rest and draw") sits by the prompt too, where a new player looks.
  const turnActions = legal.filter((a) => a.type === 'end' || a.type === 'keep');
  const grouped = GROUPS.map((g) => ({ ...g, actions: legal.filter((a) => g.types.includes(a.type)) })).filter((g) => g.actions.length > 0);

  return (
    <div className="run-table" ref={flip}>
      <div className="run-status" aria-live="polite">
        <span className="run-chip">Round {view.round}</span>
        <span className="run-chip">{view.over ? 'race over' : waiting ? 'waiting for players' : `${turnName} to move`}</span>
        {!view.over && myTurn && (
          <span className="run-chip">
            main move {view.turn.mainMoves > 0 ? 'left' : 'used'}
            {view.turn.extraSprints > 0 ? ` · ${view.turn.extraSprints} extra sprint` : ''} · buying power {view.turn.buyingPower}
          </span>
        )}
        <span className="run-chip">results <span className="run-wide">spaces </span>left {view.results.filter((r) => r === null).length}</span>
        {view.results.includes(OUT_OF_TIME) && <span className="run-chip low">time is running out</span>}
      </div>
      {/* On a phone the prompt and the jump bar stay at the top of the screen while the column of the
          table scrolls under them (issue 25), as a well-made table's action bar does; on a wide
          screen this wrapper is no box at all (acorn-run.css). */}
      <div className="run-head">
      <div className="run-prompt-row">
        <p className={`run-prompt ${short ? 'has-short' : ''} ${more ? 'open' : ''}`} data-testid="prompt" id="run-prompt">
          <span className="run-prompt-full">{prompt}</span>
          {short && <span className="run-prompt-short">{short}</span>}
        </p>
        {short && (
          <button type="button" className="btn small run-prompt-more" aria-expanded={more} aria-controls="run-prompt" data-testid="prompt-more" onClick={() => setMore(!more)}>
            {more ? 'Less' : 'More'}
          </button>
        )}
        {myTurn && !working && turnActions.length > 0 && (
          <div className="run-turn-actions" role="group" aria-label="end of turn">
            {turnActions.map((a) => (
              <button key={key(a)} type="button" className="btn primary" disabled={busy} data-action={key(a)} onClick={() => one(a)}>
                {actionLabel(T, a, view)}
              </button>
            ))}
          </div>
        )}
      </div>
      {/* On a phone the parts of the table are a column taller than the screen: this bar stays at the
          top while it scrolls, and one tap brings a part under it (issue 25; hidden on a wide screen). */}
      <nav className="run-jump" aria-label="jump to">
        {JUMPS.filter((j) => j.part !== '.run-hand' || me?.hand).map((j) => (
          <button key={j.name} type="button" className="run-jump-btn" onClick={(e) => jumpTo(e.currentTarget, j.part)}>
            {j.name}
          </button>
        ))}
      </nav>
      </div>
      {note && <p className="run-note" role="status">{note}</p>}

      {view.over && <RunResults view={view} name={racerName} />}

      {/* On a wide screen the board and your hand share the left column and the market, the picked
          cards and the jump being built the right, so all of it fits one screen; on a phone the
          columns dissolve (display: contents) and the hand comes first (acorn-run.css). */}
      <div className="run-play">
        <div className="run-play-main">
          <RaceBoard view={view} targets={targets} names={racerName} follow={view.me !== null && (myTurn || view.over) ? view.me : view.turn.racer} moved={(r) => changed?.has(`racer:${r}`) === true} />
          {me?.hand && (
            <section className="run-hand" aria-label="your hand">
              <h3>
                Your hand{yourTurn && view.turn.played.length > 0 ? ` · played this turn: ${view.turn.played.length}` : ''}
                {yourTurn && paying ? ` · paying ${paying.power + paying.cards.length} of ${kindOf(T, view.market[paying.row].row[paying.index] ?? 0).cost}` : ''}
              </h3>
              <div className="run-cards">
                {hand.length === 0 && <p className="run-hand-empty">No cards in hand: you draw back up at the end of your turn.</p>}
                {hand.map((card) => {
                  const a = myTurn && !working ? cardAction(card) : null;
                  const selectable = myTurn && !working && !pending;
                  if (a) {
                    return (
                      <button key={card} type="button" className="run-card-btn legal" disabled={busy} data-action={key(a)} data-card-kind={kindOf(T, card).id} data-flip-id={`card-${card}`} onClick={() => one(a)}>
                        <span className="sr-only">{actionLabel(T, a, view)}. </span>
                        <RunCard card={card} />
                      </button>
                    );
                  }
                  if (selectable) {
                    const on = selected.includes(card);
                    return (
                      <button key={card} type="button" className={`run-card-btn pickable ${on ? 'selected' : ''}`} aria-pressed={on} disabled={busy} data-select={`card:${card}`} data-card-kind={kindOf(T, card).id} data-flip-id={`card-${card}`} onClick={() => toggle(card)}>
                        <span className="sr-only">{on ? 'unpick' : 'pick'} </span>
                        <RunCard card={card} />
                      </button>
                    );
                  }
                  return (
                    <span key={card} className="run-card-btn" data-flip-id={`card-${card}`}>
                      <RunCard card={card} dim={myTurn} />
                    </span>
                  );
                })}
              </div>
            </section>
          )}
          {/* The picked cards under your hand (issue 25): the main column has the room, so at 1280×800 the
              panel is on screen beside the board's lit spaces (the side column is full with the market). */}
          {selected.length > 0 && !pending && (
            <section className="run-picked" aria-label="the cards you picked">
              {selected.map((c) => (
                <div key={c} className="run-picked-card">
                  <p>{cardSentence(T, c)}</p>
                  <div className="row">
                    {cardOwnActions(c).map((a) => (
                      <button key={key(a)} type="button" className="btn small" disabled={busy} data-action={key(a)} onClick={() => one(a)}>
                        {actionLabel(T, a, view)}
                      </button>
                    ))}
                  </div>
                </div>
              ))}
              <button type="button" className="btn small" onClick={() => setSelected([])}>
                Unpick all
              </button>
            </section>
          )}
        </div>
        <div className="run-play-side">
          <section className="run-market" aria-label="market">
            {(['cheap', 'expensive'] as MarketRow[]).map((row) => (
              <div key={row} className="run-row">
                <h3>
                  {row === 'cheap' ? 'Cheap market (cost 1–2)' : 'Expensive market (cost 3–4)'} · {view.market[row].deckCount} in deck
                </h3>
                <div className="run-cards">
                  {view.market[row].row.map((card, index) => {
                    if (card === null) return <span key={index} className="run-empty-slot" />;
                    const a = myTurn && !working ? marketAction(row, index) : null;
                    const buying = paying && paying.row === row && paying.index === index;
                    // A card that replaced a bought one since your last move (issue 25).
                    const fresh = changed?.has(`market:${row}:${index}`) === true;
                    return a ? (
                      <button key={index} type="button" className={`run-card-btn legal ${fresh ? 'since-changed' : ''}`} disabled={busy} data-action={key(a)} data-flip-id={`card-${card}`} onClick={() => one(a)}>
                        <span className="sr-only">{actionLabel(T, a, view)}. </span>
                        <RunCard card={card} width={68} />
                        {fresh && <SinceMark />}
                      </button>
                    ) : (
                      <span key={index} className={`run-card-btn ${buying ? 'buying' : ''} ${fresh ? 'since-changed' : ''}`} data-flip-id={`card-${card}`}>
                        <RunCard card={card} width={68} />
                        {fresh && <SinceMark />}
                        {buying && <span className="run-paying">paid {paying.power + paying.cards.length}/{kindOf(T, card).cost}</span>}
                      </span>
                    );
                  })}
                </div>
              </div>
            ))}
          </section>
          {/* Your own player board sits under the market, so spending an acorn (R9) never needs a scroll (issue 25). */}
          {me && (
            <RacerPanel racer={me} racers={view.racers} name={`${racerName(me.racer)} (your board)`} mine turn={me.racer === view.turn.racer && !view.over} spends={!working ? spends : new Map()} busy={busy} spend={one} compact />
          )}
          {jumping && (
            <section className="run-combo" aria-label="the jump being built" data-testid="combo">
              <h3>{yourTurn ? 'Your jump' : `${turnName}'s jump`}</h3>
              <div className="run-combo-cards">
                {yourTurn && jumping.cards.length === 0 && <span className="run-sub">Add a card with combo symbols first, then a card of one of its symbols' colours, and so on.</span>}
                {jumping.cards.map((c, i) => (
                  <span key={c} className="run-combo-step">
                    {i > 0 && <span className="run-arrow" aria-hidden="true">→</span>}
                    <span data-flip-id={`card-${c}`}>
                      <RunCard card={c} width={58} />
                    </span>
                  </span>
                ))}
              </div>
              <p>
                <strong>{yourTurn ? 'Reward if you land now:' : 'Reward if they land now:'}</strong> {comboWords(T, jumping.cards.length)}
                {jumping.cards.length >= 1 && T.board.spaces[jumping.from]!.jumpTo !== null ? (jumping.cards.length >= 2 ? ' · either lane' : ' · add a combo card to reach the upper lane') : ''}
              </p>
            </section>
          )}
        </div>
      </div>

      {myTurn && grouped.length > 0 && (
        <section className="run-choices" aria-label="every choice in words">
          <h3>Every choice in words</h3>
          {grouped.map((g) => (
            <div key={g.title} className="run-choice-group" role="group" aria-label={g.title}>
              <span className="run-sub">{g.title}:</span>
              {g.actions.map((a) => (
                <button key={key(a)} type="button" className={`btn small ${a.type === 'end' || a.type === 'keep' || a.type === 'done' ? 'primary' : ''}`} disabled={busy || working} data-action={key(a)} onClick={() => one(a)}>
                  {actionLabel(T, a, view)}
                </button>
              ))}
            </div>
          ))}
        </section>
      )}

      <section className="run-racers" aria-label="racers">
        {view.order.filter((r) => r !== view.me).map((r) => (
          <RacerPanel key={r} racer={view.racers[r]!} racers={view.racers} name={racerName(r)} mine={r === view.me} turn={r === view.turn.racer && !view.over} spends={r === view.me && !working ? spends : new Map()} busy={busy} spend={one} />
        ))}
      </section>
    </div>
  );
}
