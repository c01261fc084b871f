/**
 * The Acorn Run table: the race board, the market rows, every racer's board (acorn grid, acorns,
 * combo tokens, place), your hand and the move being built. Every legal action is a button,
 * labelled by the game's label helper (src/games/acorn-run/labels.ts); cards, market slots, grid spaces and landing spaces that an
 * action uses light up, and clicking one narrows the buttons to its actions (or plays the only one).
 */
import { useState } from 'react';
import type { Action } from '../../../../src/games/acorn-run/actions.js';
import { kindOf, type MarketRow } from '../../../../src/games/acorn-run/cards.js';
import { CONTENT } from '../../../../src/games/acorn-run/content/index.js';
import { DUMMY_NAMES, type DummyColor } from '../../../../src/games/acorn-run/content/dummy-schema.js';
import { effectLabel } from '../../../../src/games/acorn-run/describe.js';
import { CELLS } from '../../../../src/games/acorn-run/effects.js';
import { CELL_EMPTY, OUT_OF_TIME } from '../../../../src/games/acorn-run/state.js';
import { actionLabel } from '../../../../src/games/acorn-run/labels.js';
import type { AcornRunView, RacerView } from '../../../../src/games/acorn-run/view.js';
import type { TableProps } from '../types.js';
import { PAWN_FILL, RaceBoard, ZONE_FILL } from './Board.js';

/** What an action points at, so the thing can light up: a card, a market slot or a grid space. */
type Focus = { card: number } | { slot: string } | { cell: number };
const focusOf = (a: Action): Focus | null => {
  switch (a.type) {
    case 'add':
    case 'play':
    case 'discard':
    case 'trash':
      return { card: a.card };
    case 'buy':
    case 'gain':
      return { slot: `${a.row}:${a.index}` };
    case 'spend':
      return { cell: a.cell };
    default:
      return null;
  }
};
const sameFocus = (a: Focus | null, b: Focus | null): boolean => a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);

export function RunCard({ card, width = 70, dim = false }: { card: number; width?: number; dim?: boolean }) {
  const k = kindOf(card);
  const fill = k.color === 'acorn' ? '#8a5a2b' : ZONE_FILL[k.color];
  return (
    <svg className="card-svg" viewBox="0 0 70 98" width={width} height={(width * 98) / 70} role="img" aria-label={k.name} opacity={dim ? 0.55 : 1}>
      <rect x="0.5" y="0.5" width="69" height="97" rx="6" fill="#fffaf0" stroke="#3b2410" />
      <rect x="4" y="4" width="62" height="30" rx="4" fill={fill} />
      <text x="35" y="23" textAnchor="middle" fontSize="9" fontWeight="700" fill="#fff">
        {k.name.length > 14 ? `${k.name.slice(0, 13)}…` : k.name}
      </text>
      {k.cost > 0 && (
        <g>
          <circle cx="60" cy="42" r="7" fill="#3b2410" />
          <text x="60" y="45.5" textAnchor="middle" fontSize="9" fontWeight="700" fill="#ffe08a">
            {k.cost}
          </text>
        </g>
      )}
      {k.combo.map((c, i) => (
        <path key={i} d={`M${10 + i * 13} 46 l5 -6 l5 6 l-5 6 z`} fill={ZONE_FILL[c]} stroke="#3b2410" strokeWidth="0.6" />
      ))}
      {k.effect && (
        <foreignObject x="4" y="56" width="62" height="38">
          <div className="ar-effect">{effectLabel(k.effect)}</div>
        </foreignObject>
      )}
    </svg>
  );
}

function RacerBoard({ racer, name, mine, turn, acting }: { racer: RacerView; name: string; mine: boolean; turn: boolean; acting: { cell: number; action: Action }[] }) {
  const columns = CONTENT.playerBoard.columns;
  return (
    <div className={`ar-racer ${mine ? 'mine' : ''} ${turn ? 'turn' : ''}`}>
      <div className="ar-racer-head">
        <span className="ar-pawn" style={{ background: PAWN_FILL[racer.pawn] ?? '#999' }} />
        <strong>{name}</strong>
        {racer.place !== null && <span className="tag">{CONTENT.race.results[racer.place]} VP</span>}
        {racer.out && <span className="tag">out of time</span>}
      </div>
      <div className="small">
        acorns {racer.acorns} · tokens {racer.tokenCount}
        {racer.tokens ? ` (${racer.tokens.join('+') || 0})` : ''} · race VP {racer.raceVp}
        {racer.kind === 'seat' ? ` · hand ${racer.handCount} · deck ${racer.deckCount}` : ''}
      </div>
      {racer.kind === 'seat' && (
        <div className="ar-grid" aria-label={`${name}'s acorn grid`}>
          {columns.map((col, c) => (
            <div key={c} className="ar-col">
              {col.cells.map((_, r) => {
                const cell = c * col.cells.length + r;
                const filled = racer.grid[cell] !== CELL_EMPTY;
                const spend = acting.find((a) => a.cell === cell);
                const label = CELLS[cell] ? effectLabel(CELLS[cell]!.effect) : '';
                return (
                  <span key={r} className={`ar-cell ${filled ? 'filled' : ''} ${spend ? 'target' : ''}`} title={label}>
                    {label}
                  </span>
                );
              })}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

export function AcornRunTable({ view, legal, you, names, act, busy }: TableProps<AcornRunView, Action>) {
  const [focus, setFocus] = useState<Focus | null>(null);
  const racerName = (r: number): string => {
    const racer = view.racers[r];
    if (!racer) return '';
    if (racer.kind === 'dummy') return DUMMY_NAMES[racer.pawn as DummyColor] ?? racer.pawn;
    return racer.seat === you ? 'You' : (names[racer.seat] ?? `Seat ${racer.seat + 1}`);
  };
  const me = view.me !== null ? view.racers[view.me] : undefined;
  const play = (a: Action): void => {
    setFocus(null);
    act(a);
  };
  const pick = (f: Focus): void => {
    const matching = legal.filter((a) => sameFocus(focusOf(a), f));
    if (matching.length === 1) play(matching[0]!);
    else setFocus(sameFocus(focus, f) ? null : f);
  };
  const shown = focus ? legal.filter((a) => sameFocus(focusOf(a), focus)) : legal;
  const usable = (f: Focus): boolean => legal.some((a) => sameFocus(focusOf(a), f));
  const turnName = racerName(view.turn.racer);

  return (
    <div className="ar-table">
      <div className="al-status" aria-live="polite">
        <span className="al-chip">Round {view.round}</span>
        <span className="al-chip">{view.over ? 'race over' : `${turnName} to move`}</span>
        {!view.over && <span className="al-chip">main moves {view.turn.mainMoves} · buying power {view.turn.buyingPower}</span>}
        <span className="al-chip">results left {view.results.filter((r) => r === null).length}</span>
        {view.results.includes(OUT_OF_TIME) && <span className="al-chip al-low">time is running out</span>}
      </div>
      <p className="al-prompt" data-testid="prompt">
        {view.over
          ? 'The race is over.'
          : legal.length === 0
            ? `${turnName} is racing…`
            : focus
              ? 'Choose what to do with it, or click it again to see every move.'
              : view.turn.pending.length > 0
                ? 'Finish your move: add cards, then done (or cancel).'
                : 'Your turn: sprint, climb, descend or jump; play cards, spend acorns, buy; then end the turn.'}
      </p>

      <RaceBoard view={view} legal={legal} act={play} busy={busy} names={racerName} />

      {legal.length > 0 && (
        <section className="ar-actions" aria-label="your moves">
          {shown.map((a, i) => (
            <button key={i} type="button" className="btn small" disabled={busy} onClick={() => play(a)} data-action={JSON.stringify(a)}>
              {actionLabel(a, view)}
            </button>
          ))}
        </section>
      )}

      {me?.hand && (
        <section className="al-hand" aria-label="your hand">
          <h3>Your hand{view.turn.played.length > 0 ? ` · played ${view.turn.played.length}` : ''}</h3>
          <div className="al-hand-cards">
            {me.hand.map((card) =>
              usable({ card }) ? (
                <button key={card} type="button" className={`al-card legal ${sameFocus(focus, { card }) ? 'selected' : ''}`} disabled={busy} onClick={() => pick({ card })} data-select={`card:${card}`} aria-label={`use ${kindOf(card).name}`}>
                  <RunCard card={card} />
                </button>
              ) : (
                <span key={card} className="al-card">
                  <RunCard card={card} dim={legal.length > 0} />
                </span>
              ),
            )}
            {view.turn.pending.flatMap((p) => ('cards' in p ? p.cards : [])).map((card) => (
              <span key={`p${card}`} className="al-card pending" title="in the move being built">
                <RunCard card={card} width={54} />
              </span>
            ))}
          </div>
        </section>
      )}

      <section className="ar-market" aria-label="market">
        {(['cheap', 'expensive'] as MarketRow[]).map((row) => (
          <div key={row} className="ar-row">
            <h3>
              {row} market · {view.market[row].deckCount} in deck
            </h3>
            <div className="al-hand-cards">
              {view.market[row].row.map((card, index) =>
                card === null ? (
                  <span key={index} className="ar-empty-slot" />
                ) : usable({ slot: `${row}:${index}` }) ? (
                  <button key={index} type="button" className="al-card legal" disabled={busy} onClick={() => pick({ slot: `${row}:${index}` })} data-select={`slot:${row}:${index}`} aria-label={`buy ${kindOf(card).name}`}>
                    <RunCard card={card} width={62} />
                  </button>
                ) : (
                  <span key={index} className="al-card">
                    <RunCard card={card} width={62} />
                  </span>
                ),
              )}
            </div>
          </div>
        ))}
      </section>

      <section className="ar-racers" aria-label="racers">
        {view.order.map((r) => {
          const racer = view.racers[r]!;
          const acting = r === view.me ? legal.flatMap((a) => (a.type === 'spend' ? [{ cell: a.cell, action: a }] : [])) : [];
          return <RacerBoard key={r} racer={racer} name={racerName(r)} mine={r === view.me} turn={r === view.turn.racer && !view.over} acting={acting} />;
        })}
      </section>
    </div>
  );
}
