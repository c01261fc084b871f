/**
 * The Autumn Leaves table: every leaf pile with its owner, the cards waiting to be placed and
 * their order (L5), your hand, and the hand-by-hand scores. Only legal actions are clickable:
 * cards you may choose, piles your card fits on (L6), and take-back / discard when it fits nowhere.
 */
import type { Action } from '../../../../src/games/autumn-leaves/state.js';
import type { View } from '../../../../src/games/autumn-leaves/view.js';
import type { TableProps } from '../types.js';
import { Card, CardBack, CardFace } from './Card.js';

const PILE_SHOWN = 6;

function Pile({ pile }: { pile: readonly number[] }) {
  const shown = pile.slice(-PILE_SHOWN);
  const step = 16;
  const height = 84 + step * Math.max(0, shown.length - 1);
  if (pile.length === 0) {
    return (
      <svg className="al-pile" viewBox={`0 0 60 84`} role="img" aria-label="empty leaf pile">
        <rect x="1" y="1" width="58" height="82" rx="6" fill="none" stroke="#b99a74" strokeDasharray="4 3" />
        <text x="30" y="46" textAnchor="middle" fontSize="9" fill="#8a6a48">
          no pile
        </text>
      </svg>
    );
  }
  return (
    <svg className="al-pile" viewBox={`0 0 60 ${height}`} role="img" aria-label={`leaf pile of ${pile.length}, top card ${pile[pile.length - 1]}`}>
      {shown.map((rank, i) => (
        <CardFace key={i} rank={rank} y={i * step} />
      ))}
    </svg>
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

export function AutumnLeavesTable({ view, legal, you, names, act, busy }: TableProps<View, Action>) {
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

  return (
    <div className="al-table">
      <div className="al-status" aria-live="polite">
        <span className="al-chip">
          Hand {Math.min(view.hand + 1, view.hands)} of {view.hands}
        </span>
        <span className="al-chip">Round {view.round + 1}</span>
        <span className="al-chip" title="cards in the draw pile">
          <svg viewBox="0 0 60 84" width="14" height="20" aria-hidden="true">
            <CardBack />
          </svg>{' '}
          {view.drawPile} to draw
        </span>
        <span className="al-chip" title="discard pile">
          discard {view.discard.length > 0 ? `top ${view.discard[view.discard.length - 1]}` : 'empty'}
        </span>
        <span className="al-chip al-low">low score wins</span>
      </div>
      <p className="al-prompt" data-testid="prompt">
        {prompt(view, legal, you, names)}
      </p>

      <div className="al-piles">
        {ordered.map((s) => {
          const target = placeOn.get(s);
          const waiting = view.revealed?.[s] ?? null;
          const isCurrent = view.phase === 'place' && view.current === s;
          const choosing = view.phase === 'choose' && !view.chosen[s] && view.toAct.includes(s);
          const cls = ['al-seat', s === you ? 'mine' : '', target ? 'target' : '', isCurrent ? 'current' : ''].join(' ');
          const body = (
            <>
              <div className="al-seat-head">
                <span className="al-name">{s === you ? `${names[s] ?? ''} (you)` : names[s]}</span>
                <span className="al-score" title="total so far (low is good)">
                  {total(s)}
                </span>
              </div>
              <div className="al-seat-body">
                <Pile pile={view.piles[s] ?? []} />
                <div className="al-side">
                  <span className="al-hand-count" title="cards in hand">
                    <svg viewBox="0 0 60 84" width="12" height="17" aria-hidden="true">
                      <CardBack />
                    </svg>{' '}
                    {view.handSizes[s]} in hand
                  </span>
                  {view.phase === 'choose' && view.chosen[s] && (
                    <span className="al-chosen">
                      <Card rank={s === you ? view.myChoice : null} width={30} />
                      chosen
                    </span>
                  )}
                  {choosing && <span className="al-thinking">choosing…</span>}
                  {waiting !== null && (
                    <span className={`al-waiting ${isCurrent ? 'now' : ''}`}>
                      <Card rank={waiting} width={30} />
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
              aria-label={`place your ${String(view.myChoice)} on ${s === you ? 'your' : `${names[s] ?? ''}'s`} pile (top ${String(view.piles[s]?.at(-1))})`}
            >
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
            <button type="button" className="btn" disabled={busy} onClick={() => act(keep)} data-action={JSON.stringify(keep)} data-testid="keep">
              Take it back
            </button>
          )}
          {discard && (
            <button type="button" className="btn" disabled={busy} onClick={() => act(discard)} data-action={JSON.stringify(discard)} data-testid="discard">
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
                  aria-label={`choose ${rank}`}
                  data-action={JSON.stringify(choice)}
                  data-testid={`hand-${rank}`}
                >
                  <Card rank={rank} width={56} />
                </button>
              ) : (
                <span key={i} className={`al-card ${chooseCard.size > 0 ? 'dim' : ''}`} data-testid={`hand-card-${rank}`}>
                  <Card rank={rank} width={56} />
                </span>
              );
            })}
          </div>
        </section>
      )}

      <ScoreSheet view={view} names={names} you={you} />
    </div>
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
