/**
 * The Autumn Leaves table: every leaf pile with its owner, the cards waiting to be placed and
 * their order (L5), your hand, and the hand-by-hand scores. Only legal actions are clickable:
 * cards you may choose, piles your card fits on (L6), and take-back / discard when it fits nowhere.
 */
import { SinceMark } from '../../components/SinceLastMove.js';
import type { Action } from '../../../../src/games/autumn-leaves/state.js';
import type { View } from '../../../../src/games/autumn-leaves/view.js';
import type { TableProps } from '../types.js';
import { useEffect, useRef, useState } from 'react';
import { useFlip } from '../../motion.js';
import { Card, CardBack } from './Card.js';

const PILE_SHOWN = 6;

function Pile({ pile, owner, placedBy, round }: { pile: readonly number[]; owner: number; placedBy: number | null; round: number }) {
  const shown = pile.slice(-PILE_SHOWN);
  const step = 16;
  if (pile.length === 0) {
    return (
      <div className="al-pile empty" role="img" aria-label="empty leaf pile">
        <span>no pile</span>
      </div>
    );
  }
  return (
    <div className="al-pile-wrap">
      <div className="al-pile" role="img" aria-label={`leaf pile of ${pile.length}, top card ${pile[pile.length - 1]}`} style={{ height: 84 * (64 / 60) + step * (shown.length - 1) }}>
        {shown.map((rank, i) => (
          <span
            key={pile.length - shown.length + i}
            className="al-pile-card"
            style={{ top: i * step }}
            data-flip-id={i === shown.length - 1 && placedBy !== null ? `al-r${round}-s${placedBy}` : undefined}
          >
            <Card rank={rank} width={64} hidden />
          </span>
        ))}
      </div>
      <span className="al-pile-count" title="cards in this pile" data-testid={`pile-count-${owner}`}>
        {pile.length} {pile.length === 1 ? 'card' : 'cards'}
      </span>
    </div>
  );
}

function prompt(view: View, legal: readonly Action[], you: number | null, names: readonly string[]): string {
  if (view.phase === 'over') return 'The game is over.';
  if (you === null) {
    if (view.phase === 'choose') return 'Everyone is choosing a card.';
    return view.current !== null ? `${names[view.current] ?? ''} places next.` : '';
  }
  if (view.phase === 'choose') {
    if (legal.length > 0) return view.round === 0 ? 'Choose a card: it starts your leaf pile.' : 'Choose a card to play this round.';
    return 'Waiting for the others to choose…';
  }
  const card = view.myChoice;
  if (legal.some((a) => a.type === 'place')) {
    const n = legal.filter((a) => a.type === 'place').length;
    return n === 1 ? `Place your ${String(card)} on the highlighted pile.` : `Your ${String(card)} fits on ${n} piles: choose one.`;
  }
  if (legal.some((a) => a.type === 'keep')) return `Your ${String(card)} fits nowhere: take it back, or discard it and draw.`;
  if (card !== null && view.current !== null) return `Your ${card} waits; ${names[view.current] ?? ''} places now.`;
  return view.current !== null ? `${names[view.current] ?? ''} places now.` : '';
}

/** The latest hand that ended, while its summary is due: before the next hand's first reveal, or at the end. */
function endedHand(view: View): Extract<View['log']['events'][number], { type: 'hand-end' }> | null {
  const events = view.log.events;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'reveal' || e.type === 'place') return null;
    if (e.type === 'hand-end') return e;
  }
  return null;
}

/** Ranks typed on the keyboard choose a card: "7", or "1" then "0" for a 10 (a "1" waits a moment for a second digit). */
function useTypedRank(ranks: readonly number[], choose: (rank: number) => void): void {
  const typed = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ ranks, choose });
  latest.current = { ranks, choose };
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (!/^[0-9]$/.test(e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) return;
      const { ranks } = latest.current;
      if (ranks.length === 0) return;
      clearTimeout(timer.current);
      typed.current += e.key;
      const rank = Number(typed.current);
      const longer = ranks.some((r) => String(r).length > typed.current.length && String(r).startsWith(typed.current));
      const fire = (): void => {
        const r = Number(typed.current);
        typed.current = '';
        if (latest.current.ranks.includes(r)) latest.current.choose(r);
      };
      if (longer) timer.current = setTimeout(fire, 700);
      else if (ranks.includes(rank)) fire();
      else typed.current = '';
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      clearTimeout(timer.current);
    };
  }, []);
}

export function AutumnLeavesTable({ view, legal, you, names, act, busy, changed }: TableProps<View, Action>) {
  const placeOn = new Map<number, Action>();
  for (const a of legal) if (a.type === 'place') placeOn.set(a.pile, a);
  const chooseCard = new Map<number, Action>();
  for (const a of legal) if (a.type === 'choose') chooseCard.set(a.card, a);
  const keep = legal.find((a) => a.type === 'keep');
  const discard = legal.find((a) => a.type === 'discard');
  const seats = Array.from({ length: view.seats }, (_, s) => s);
  // Your own seat first, then the others in seat order after you.
  const ordered = you === null ? seats : [...seats.slice(you), ...seats.slice(0, you)];
  const orderIndex = new Map(view.order.map((s, i) => [s, i]));
  const total = (s: number): number => view.scores[s] ?? 0;
  const flip = useFlip<HTMLDivElement>(view);
  useTypedRank(busy ? [] : [...chooseCard.keys()], (rank) => {
    const a = chooseCard.get(rank);
    if (a) act(a);
  });
  // The latest placement: its card slides from where it waited onto the pile it went to.
  const lastEvent = view.log.events.at(-1);
  const justPlaced = lastEvent?.type === 'place' ? lastEvent : null;
  const ended = endedHand(view);
  const [closedSummary, setClosedSummary] = useState<number | null>(null);
  const showSummary = ended !== null && closedSummary !== ended.hand;
  const discardTop = view.discard.at(-1);

  return (
    <div className="al-table" ref={flip}>
      <div className="al-status" aria-live="polite">
        <span className="al-chip">
          Hand {Math.min(view.hand + 1, view.hands)} of {view.hands}
        </span>
        <span className="al-chip">Round {view.round + 1}</span>
        <span className="al-chip" title="cards in the draw pile" data-testid="draw-count">
          <svg viewBox="0 0 60 84" width="14" height="20" aria-hidden="true">
            <CardBack />
          </svg>{' '}
          {view.drawPile} to draw
        </span>
        <span className="al-chip" title="discard pile">
          discard: {view.discard.length} {view.discard.length === 1 ? 'card' : 'cards'}
          {discardTop !== undefined ? `, top ${discardTop}` : ''}
        </span>
        <span className="al-chip al-low">low score wins</span>
      </div>
      <p className="al-prompt" data-testid="prompt">
        {prompt(view, legal, you, names)}
      </p>

      {showSummary && ended && (
        <HandSummary ended={ended} view={view} names={names} you={you} onClose={view.phase === 'over' ? undefined : () => setClosedSummary(ended.hand)} />
      )}

      <div className="al-piles">
        {ordered.map((s) => {
          const target = placeOn.get(s);
          const waiting = view.revealed?.[s] ?? null;
          const isCurrent = view.phase === 'place' && view.current === s;
          const choosing = view.phase === 'choose' && !view.chosen[s] && view.toAct.includes(s);
          // A pile that changed since your last move (issue 25) is marked.
          const grew = changed?.has(`pile:${s}`) === true;
          const cls = ['al-seat', s === you ? 'mine' : '', target ? 'target' : '', isCurrent ? 'current' : '', grew ? 'since-changed' : ''].join(' ');
          const pile = view.piles[s] ?? [];
          const body = (
            <>
              <div className="al-seat-head">
                <span className="al-name">{s === you ? `${names[s] ?? ''} (you)` : names[s]}</span>
                <span className="al-score" title="total so far (low is good)">
                  {total(s)}
                </span>
              </div>
              <div className="al-seat-body">
                <Pile pile={pile} owner={s} placedBy={justPlaced?.pile === s ? justPlaced.seat : null} round={view.rounds} />
                <div className="al-side">
                  {/* Beside the pile, not on it: the tag must not hide the top card's rank. */}
                  {grew && <SinceMark word={pile.length > 0 ? 'grew' : 'new'} />}
                  <span className="al-hand-count" title="cards in hand">
                    <svg viewBox="0 0 60 84" width="12" height="17" aria-hidden="true">
                      <CardBack />
                    </svg>{' '}
                    {view.handSizes[s]} in hand
                  </span>
                  {view.phase === 'choose' && view.chosen[s] && (
                    <span className="al-chosen" data-flip-id={`al-r${view.rounds + 1}-s${s}`}>
                      <Card rank={s === you ? view.myChoice : null} width={30} hidden />
                      chosen
                    </span>
                  )}
                  {choosing && <span className="al-thinking">choosing…</span>}
                  {waiting !== null && (
                    <span className={`al-waiting ${isCurrent ? 'now' : ''}`} data-flip-id={`al-r${view.rounds}-s${s}`}>
                      <Card rank={waiting} width={30} hidden />
                      {isCurrent ? 'placing' : `#${(orderIndex.get(s) ?? 0) + 1}`}
                    </span>
                  )}
                  {(view.known[s]?.length ?? 0) > 0 && s !== you && (
                    <span className="al-known" title="cards known to be in this hand">
                      holds {view.known[s]!.join(' ')}
                    </span>
                  )}
                </div>
              </div>
              {target && <span className="al-drop">place here</span>}
            </>
          );
          return target ? (
            <button
              key={s}
              type="button"
              className={cls}
              disabled={busy}
              onClick={() => act(target)}
              data-action={JSON.stringify(target)}
              data-testid={`pile-${s}`}
              data-focus-key={`pile-${s}`}
            >
              <span className="sr-only">Place your {String(view.myChoice)} on this pile: </span>
              {body}
            </button>
          ) : (
            <div key={s} className={cls} data-testid={`pile-${s}`}>
              {body}
            </div>
          );
        })}
      </div>

      {(keep || discard) && (
        <div className="al-choices">
          {keep && (
            <button type="button" className="btn" disabled={busy} onClick={() => act(keep)} data-action={JSON.stringify(keep)} data-testid="keep" data-focus-key="keep">
              Take it back
            </button>
          )}
          {discard && (
            <button type="button" className="btn" disabled={busy} onClick={() => act(discard)} data-action={JSON.stringify(discard)} data-testid="discard" data-focus-key="discard">
              Discard and draw
            </button>
          )}
        </div>
      )}

      {view.myHand !== null && (
        <section className="al-hand" aria-label="your hand">
          <h3>Your hand</h3>
          <div className="al-hand-cards">
            {view.myHand.length === 0 && <span className="muted">empty</span>}
            {view.myHand.map((rank, i) => {
              const choice = chooseCard.get(rank);
              return choice ? (
                <button
                  key={i}
                  type="button"
                  className="al-card legal"
                  disabled={busy}
                  onClick={() => act(choice)}
                  data-action={JSON.stringify(choice)}
                  data-testid={`hand-${rank}`}
                  data-focus-key={`hand-${i}`}
                >
                  <span className="sr-only">choose </span>
                  <Card rank={rank} width={56} />
                </button>
              ) : (
                <span key={i} className={`al-card ${chooseCard.size > 0 ? 'dim' : ''}`} data-testid={`hand-card-${rank}`}>
                  <Card rank={rank} width={56} hidden />
                </span>
              );
            })}
            {view.phase === 'choose' && view.myChoice !== null && (
              <span className="al-card al-my-choice" data-testid="my-choice" title="your choice for this round">
                <Card rank={view.myChoice} width={56} hidden />
                <span className="al-choice-tag">chosen</span>
              </span>
            )}
          </div>
          <p className="al-hint small">
            {chooseCard.size > 0
              ? 'Click a card, or type its rank (1–9, or 1 then 0 for a 10).'
              : view.phase === 'choose' && view.myChoice !== null
                ? `You chose your ${view.myChoice}: it stays face down until everyone has chosen, and a choice is final.`
                : '\u00a0'}
          </p>
        </section>
      )}

      <ScoreSheet view={view} names={names} you={you} />
    </div>
  );
}

/** L7–L8: the hand just ended — the final piles, each player's score for the hand and the running totals. */
function HandSummary({ ended, view, names, you, onClose }: {
  ended: Extract<View['log']['events'][number], { type: 'hand-end' }>;
  view: View;
  names: readonly string[];
  you: number | null;
  onClose: (() => void) | undefined;
}) {
  const totals = view.handScores.slice(0, ended.hand + 1).reduce<number[]>((acc, row) => row.map((x, s) => x + (acc[s] ?? 0)), []);
  const how = ended.emptied === null ? 'The draw pile ran out.' : `${ended.emptied === you ? 'You' : (names[ended.emptied] ?? '')} emptied ${ended.emptied === you ? 'your' : 'their'} hand.`;
  return (
    <section className="al-summary" aria-label={`hand ${ended.hand + 1} summary`} data-testid="hand-summary">
      <h3>
        Hand {ended.hand + 1} of {view.hands} is over
      </h3>
      <p className="small">{how} Low is good: whoever emptied their hand scores minus their pile size; everyone else scores their highest card in hand minus their pile size, never below zero.</p>
      <div className="al-summary-grid">
        {ended.piles.map((pile, s) => (
          <div key={s} className={`al-summary-seat ${s === you ? 'mine' : ''}`}>
            <div className="al-seat-head">
              <span className="al-name">{s === you ? `${names[s] ?? ''} (you)` : names[s]}</span>
            </div>
            <div className="al-summary-pile" role="img" aria-label={`final pile of ${pile.length}: ${pile.join(', ') || 'none'}`}>
              {pile.length === 0 ? <span className="muted small">no pile</span> : pile.map((r, i) => <Card key={i} rank={r} width={24} hidden />)}
            </div>
            <div className="al-summary-score">
              <span>
                this hand <strong data-testid={`hand-score-${s}`}>{ended.scores[s]}</strong>
              </span>
              <span>
                total <strong data-testid={`total-${s}`}>{totals[s]}</strong>
              </span>
            </div>
          </div>
        ))}
      </div>
      {onClose && (
        <button type="button" className="btn" onClick={onClose} data-testid="summary-close">
          On to hand {ended.hand + 2}
        </button>
      )}
    </section>
  );
}

function ScoreSheet({ view, names, you }: { view: View; names: readonly string[]; you: number | null }) {
  if (view.handScores.length === 0) return null;
  return (
    <section className="al-scores" aria-label="score sheet">
      <h3>Score sheet (low is good)</h3>
      <table>
        <thead>
          <tr>
            <th>Hand</th>
            {names.map((n, s) => (
              <th key={s} className={s === you ? 'mine' : ''}>
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.handScores.map((row, h) => (
            <tr key={h}>
              <td>{h + 1}</td>
              {row.map((x, s) => (
                <td key={s}>{x}</td>
              ))}
            </tr>
          ))}
          <tr className="total">
            <td>Total</td>
            {view.scores.map((x, s) => (
              <td key={s}>{x}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </section>
  );
}
