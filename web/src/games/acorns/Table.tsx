/**
 * The Acorns table: every tree in play with its groups of squirrels, its foxes and turtle and who
 * leads it (A4–A6), the score piles, and your hand. Only legal actions are clickable: a tree card
 * plants at once; a squirrel card, fox or the turtle is selected first, and then the trees it may
 * go on light up; draw, discard and pass are buttons when they are legal.
 */
import { useState } from 'react';
import type { AcornsAction } from '../../../../src/games/acorns/actions.js';
import { FACE, cardIndex } from '../../../../src/games/acorns/content/index.js';
import type { AcornsView, TreeView } from '../../../../src/games/acorns/view.js';
import type { TableProps } from '../types.js';
import { Acorn, AcornsCard, COLOR_FILL, cardOf } from './Card.js';

const faceOf = (id: string): string => FACE[cardIndex(id) ?? -1] ?? id;
/** The card an action plays ('turtle' for the turtle), or null for draw and pass. */
const cardOfAction = (a: AcornsAction): string | null =>
  a.type === 'turtle' ? 'turtle' : a.type === 'draw' || a.type === 'pass' ? null : a.card;

function faceLabel(id: string): string {
  const c = cardOf(id);
  if (!c) return id;
  switch (c.kind) {
    case 'tree':
      return `tree worth ${c.acorns}`;
    case 'squirrel':
      return `${c.color} ${c.squirrels}`;
    case 'fox':
      return `${c.color} fox`;
    case 'turtle':
      return 'turtle';
  }
}

const who = (seats: readonly number[], names: readonly string[], you: number | null): string =>
  seats.map((s) => (s === you ? 'you' : (names[s] ?? `seat ${s + 1}`))).join(' + ');

function Tree({ tree, names, you, target, onTarget, busy }: {
  tree: TreeView;
  names: readonly string[];
  you: number | null;
  target: AcornsAction | undefined;
  onTarget: (a: AcornsAction) => void;
  busy: boolean;
}) {
  const body = (
    <>
      <div className="ac-tree-head">
        <AcornsCard id={tree.tree} width={48} />
        <div>
          <div className="ac-acorns">
            <svg viewBox="-6 -8 12 14" width="14" height="16" aria-hidden="true">
              <Acorn x={0} y={0} />
            </svg>{' '}
            {tree.acorns}
          </div>
          <div className="small">planted by {who([tree.owner], names, you)}</div>
          <div className={`ac-leader ${tree.leaders.length > 0 ? 'led' : ''}`}>
            {tree.leaders.length > 0 ? `led by ${who(tree.leaders, names, you)}` : tree.groups.length > 0 ? 'tied: nobody leads' : 'no squirrels yet'}
          </div>
        </div>
      </div>
      <ul className="ac-groups">
        {tree.groups.map((g) => (
          <li key={g.color} style={{ borderColor: COLOR_FILL[g.color] }}>
            <span className="ac-swatch" style={{ background: COLOR_FILL[g.color] }} />
            <span className="ac-owner">{who(g.owners, names, you)}</span>
            <span className="ac-cards">
              {g.cards.map((c, i) => (
                <span key={i} className="ac-chip" style={{ background: COLOR_FILL[g.color] }}>
                  {cardOf(c)?.kind === 'squirrel' ? (cardOf(c) as { squirrels: number }).squirrels : '?'}
                </span>
              ))}
            </span>
            <strong className="ac-total">{g.total}</strong>
          </li>
        ))}
      </ul>
      {tree.guards.length > 0 && (
        <div className="ac-guards">
          {tree.guards.map((g, i) => (
            <span key={i} className="ac-guard">
              {faceLabel(g.card)} · {who([g.seat], names, you)}
            </span>
          ))}
        </div>
      )}
      {target && <span className="ac-drop">play here</span>}
    </>
  );
  const cls = `ac-tree ${tree.leaders.includes(you ?? -1) ? 'mine' : ''} ${target ? 'target' : ''}`;
  return target ? (
    <button type="button" className={cls} disabled={busy} onClick={() => onTarget(target)} data-action={JSON.stringify(target)} aria-label={`play on the ${tree.acorns}-acorn tree`}>
      {body}
    </button>
  ) : (
    <div className={cls}>{body}</div>
  );
}

export function AcornsTable({ view, legal, you, names, act, busy }: TableProps<AcornsView, AcornsAction>) {
  const [selected, setSelected] = useState<string | null>(null);
  const byFace = new Map<string, AcornsAction[]>();
  for (const a of legal) {
    const card = cardOfAction(a);
    if (card === null) continue;
    const face = faceOf(card);
    byFace.set(face, [...(byFace.get(face) ?? []), a]);
  }
  const chosen = selected !== null ? (byFace.get(selected) ?? []) : [];
  const onTree = new Map<string, AcornsAction>();
  for (const a of chosen) if (a.type === 'squirrel' || a.type === 'fox' || a.type === 'turtle') onTree.set(a.tree, a);
  const discard = chosen.find((a) => a.type === 'discard');
  const draw = legal.find((a) => a.type === 'draw');
  const pass = legal.find((a) => a.type === 'pass');
  const play = (a: AcornsAction): void => {
    setSelected(null);
    act(a);
  };

  // The hand, identical cards together.
  const faces: { face: string; id: string; count: number }[] = [];
  for (const id of view.hand ?? []) {
    const face = faceOf(id);
    const f = faces.find((x) => x.face === face);
    if (f) f.count++;
    else faces.push({ face, id, count: 1 });
  }

  const yourTurn = legal.length > 0;
  const selectedId = faces.find((f) => f.face === selected)?.id ?? selected ?? '';
  const prompt = view.over
    ? 'The game is over.'
    : !yourTurn
      ? `${view.turn !== null ? (names[view.turn] ?? '') : ''} is playing…`
      : selected
        ? onTree.size > 0
          ? `Choose a tree for your ${faceLabel(selectedId)}${discard ? ', or discard it' : ''}.`
          : discard
            ? `Discard your ${faceLabel(selectedId)}?`
            : 'That card has no move now.'
        : view.drawPile > 0
          ? 'Your turn: draw, plant a tree, or pick a card to play on a tree.'
          : 'Your turn: play a card, or discard one.';

  return (
    <div className="ac-table">
      <div className="al-status" aria-live="polite">
        <span className="al-chip">Round {view.round}</span>
        <span className="al-chip">{view.drawPile} cards to draw</span>
        {view.partners && <span className="al-chip">partner game</span>}
        <span className="al-chip al-low">most acorns wins</span>
      </div>
      <p className="al-prompt" data-testid="prompt">
        {prompt}
      </p>

      <div className="ac-scores">
        {view.scorePiles.map((p, i) => (
          <div key={i} className={`ac-score ${p.seats.includes(you ?? -1) ? 'mine' : ''} ${p.seats.includes(view.turn ?? -1) ? 'turn' : ''}`}>
            <span className="ac-score-name">{who(p.seats, names, you)}</span>
            <span>
              <svg viewBox="-6 -8 12 14" width="12" height="14" aria-hidden="true">
                <Acorn x={0} y={0} />
              </svg>{' '}
              <strong>{p.acorns}</strong> · {p.trees.length} tree{p.trees.length === 1 ? '' : 's'}
            </span>
            <span className="small">{p.seats.map((s) => view.handSizes[s]).join('+')} in hand</span>
          </div>
        ))}
      </div>

      <div className="ac-trees">
        {view.trees.length === 0 && <p className="muted">No trees in play yet.</p>}
        {view.trees.map((t) => (
          <Tree key={t.tree} tree={t} names={names} you={you} target={onTree.get(t.tree)} onTarget={play} busy={busy} />
        ))}
      </div>

      {(draw || pass || discard) && (
        <div className="al-choices">
          {draw && (
            <button type="button" className="btn" disabled={busy} onClick={() => play(draw)} data-action={JSON.stringify(draw)}>
              Draw a card
            </button>
          )}
          {discard && (
            <button type="button" className="btn" disabled={busy} onClick={() => play(discard)} data-action={JSON.stringify(discard)}>
              Discard {faceLabel(selectedId)}
            </button>
          )}
          {pass && (
            <button type="button" className="btn" disabled={busy} onClick={() => play(pass)} data-action={JSON.stringify(pass)}>
              Pass
            </button>
          )}
        </div>
      )}

      {view.hand !== null && (
        <section className="al-hand" aria-label="your hand">
          <h3>Your hand</h3>
          <div className="al-hand-cards">
            {faces.length === 0 && <span className="muted">empty</span>}
            {faces.map(({ face, id, count }) => {
              const actions = byFace.get(face) ?? [];
              const plant = actions.find((a) => a.type === 'plant');
              const label = `${faceLabel(id)}${count > 1 ? ` ×${count}` : ''}`;
              const card = (
                <>
                  <AcornsCard id={id} width={56} />
                  {count > 1 && <span className="ac-count">×{count}</span>}
                </>
              );
              if (plant) {
                return (
                  <button key={face} type="button" className="al-card legal" disabled={busy} onClick={() => play(plant)} data-action={JSON.stringify(plant)} aria-label={`plant the ${label}`}>
                    {card}
                  </button>
                );
              }
              if (actions.length > 0) {
                return (
                  <button
                    key={face}
                    type="button"
                    className={`al-card legal ${selected === face ? 'selected' : ''}`}
                    disabled={busy}
                    aria-pressed={selected === face}
                    onClick={() => setSelected(selected === face ? null : face)}
                    data-select={face}
                    aria-label={`select ${label}`}
                  >
                    {card}
                  </button>
                );
              }
              return (
                <span key={face} className={`al-card ${yourTurn ? 'dim' : ''}`} aria-label={label}>
                  {card}
                </span>
              );
            })}
          </div>
        </section>
      )}

      {view.revealedHands && (
        <section className="al-hand" aria-label="hands at the end">
          <h3>Trees left in hand (they count against)</h3>
          {view.revealedHands.map((h, s) => (
            <div key={s} className="small">
              {names[s]}: {h.filter((id) => cardOf(id)?.kind === 'tree').map(faceLabel).join(', ') || 'none'}
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
