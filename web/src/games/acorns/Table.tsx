/**
 * The Acorns table: every tree in play with its groups of squirrels, its foxes and turtle and who
 * leads it (A4–A6), the score piles, and your hand. Only legal actions are clickable: a tree card
 * plants at once; a squirrel card, fox or the turtle is selected first, and then the trees it may
 * go on light up; draw, discard and pass are buttons when they are legal.
 */
import { useState, type ComponentType } from 'react';
import { whyIllegal, type ExplainWords } from '../../../../src/games/acorns/explain.js';
import { useFlip } from '../../motion.js';
import type { AcornsAction } from '../../../../src/games/acorns/actions.js';
import { cardOf, type AcornsTables } from '../../../../src/games/acorns/tables.js';
import type { AcornsView, TreeView } from '../../../../src/games/acorns/view.js';
import { SinceMark } from '../../components/SinceLastMove.js';
import type { TableProps } from '../types.js';
import { Acorn, AcornsCard, COLOR_FILL } from './Card.js';
import { AcornsTablesContext, useAcornsTables } from './content.js';

const faceOf = (tables: AcornsTables, id: string): string => tables.face[tables.byId.get(id) ?? -1] ?? id;
/** The card an action plays ('turtle' for the turtle), or null for draw and pass. */
const cardOfAction = (a: AcornsAction): string | null =>
  a.type === 'turtle' ? 'turtle' : a.type === 'draw' || a.type === 'pass' ? null : a.card;

function faceLabel(tables: AcornsTables, id: string): string {
  const c = cardOf(tables, id);
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

/** Cards and seats as the players see them, for the engine's explanations (explain.ts). */
const wordsFor = (tables: AcornsTables, names: readonly string[], you: number | null): ExplainWords => ({
  card: (id) => {
    const c = cardOf(tables, id);
    return c?.kind === 'tree' ? `the ${c.acorns}-acorn tree` : `your ${faceLabel(tables, id)}`;
  },
  seat: (s) => (s === you ? 'you' : (names[s] ?? `player ${s + 1}`)),
});

/** The action `card` would be on `tree`, legal or not (what the engine is asked to explain). */
function actionOn(tables: AcornsTables, card: string, tree: string): AcornsAction | null {
  const c = cardOf(tables, card);
  if (!c) return null;
  if (c.kind === 'squirrel') return { type: 'squirrel', card, tree };
  if (c.kind === 'fox') return { type: 'fox', card, tree };
  if (c.kind === 'turtle') return { type: 'turtle', tree };
  return null;
}

const NO_CHANGES: ReadonlySet<string> = new Set();

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

const who = (seats: readonly number[], names: readonly string[], you: number | null): string =>
  seats.map((s) => (s === you ? 'you' : (names[s] ?? `seat ${s + 1}`))).join(' + ');

function Tree({ tree, names, you, target, onTarget, busy, whyNot, onWhyNot, changed }: {
  tree: TreeView;
  /** Pieces changed since your last move (issue 25): this tree planted, its groups and guards. */
  changed: ReadonlySet<string>;
  names: readonly string[];
  you: number | null;
  target: AcornsAction | undefined;
  onTarget: (a: AcornsAction) => void;
  busy: boolean;
  /** With a card selected that may not go here: the engine's reason. */
  whyNot: string | null;
  onWhyNot: (reason: string) => void;
}) {
  const tables = useAcornsTables();
  const squirrelsOf = (id: string): number | undefined => {
    const c = cardOf(tables, id);
    return c?.kind === 'squirrel' ? c.squirrels : undefined;
  };
  const body = (
    <>
      <div className="ac-tree-head">
        <span data-flip-id={tree.tree}>
          <AcornsCard id={tree.tree} width={48} />
        </span>
        <div className="ac-tree-text">
          {/* The tree's tags go in the text column, in flow (issue 25): drawn over it, "play here"
              covered the acorn count, and a "planted" tag beside the card squeezed the text into
              a column a word wide. */}
          {(changed.has(`tree:${tree.tree}`) || target || whyNot) && (
            <div className="ac-tags">
              {changed.has(`tree:${tree.tree}`) && <SinceMark word="planted" />}
              {target && <span className="ac-drop">play here</span>}
              {whyNot && <span className="ac-nope">not here</span>}
            </div>
          )}
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
          <li key={g.color} style={{ borderColor: COLOR_FILL[g.color] }} className={changed.has(`group:${tree.tree}:${g.color}`) ? 'since-changed' : undefined}>
            <span className="ac-swatch" style={{ background: COLOR_FILL[g.color] }} />
            {/* The "new" tag sits in the owner's cell: as a fifth item of the row's grid it wrapped
                under the swatch and covered the chips (issue 25). */}
            <span className="ac-owner">
              <span className="ac-owner-name">{who(g.owners, names, you)}</span>
              {changed.has(`group:${tree.tree}:${g.color}`) && <SinceMark />}
            </span>
            <span className="ac-cards">
              {g.cards.map((c, i) => (
                <span key={i} className="ac-chip" style={{ background: COLOR_FILL[g.color] }} data-flip-id={c}>
                  {squirrelsOf(c) ?? '?'}
                </span>
              ))}
            </span>
            <strong className="ac-total">{g.total}</strong>
          </li>
        ))}
      </ul>
      {tree.guards.length > 0 && (
        <div className={`ac-guards ${changed.has(`guards:${tree.tree}`) ? 'since-changed' : ''}`}>
          {changed.has(`guards:${tree.tree}`) && <SinceMark />}
          {tree.guards.map((g, i) => (
            <span key={i} className={`ac-guard ${i === tree.guards.length - 1 ? 'last' : ''}`} data-flip-id={g.card}>
              <AcornsCard id={g.card} width={34} />
              <span>
                {faceLabel(tables, g.card)}
                <br />
                {who([g.seat], names, you)}
              </span>
            </span>
          ))}
        </div>
      )}
    </>
  );
  const cls = `ac-tree ${tree.leaders.includes(you ?? -1) ? 'mine' : ''} ${target ? 'target' : ''}`;
  return target ? (
    <button type="button" className={cls} disabled={busy} onClick={() => onTarget(target)} data-action={JSON.stringify(target)}>
      <span className="sr-only">Play here: </span>
      {body}
    </button>
  ) : whyNot ? (
    <button
      type="button"
      className={`${cls} blocked`}
      aria-disabled="true"
      title={whyNot}
      onClick={() => onWhyNot(whyNot)}
      onMouseEnter={() => onWhyNot(whyNot)}
      data-testid="tree-blocked"
    >
      <span className="sr-only">Not allowed here: {whyNot}. </span>
      {body}
    </button>
  ) : (
    <div className={cls}>{body}</div>
  );
}

export function AcornsTable({ view, legal, you, names, act, busy, changed = NO_CHANGES }: TableProps<AcornsView, AcornsAction>) {
  const tables = useAcornsTables();
  const [selected, setSelected] = useState<string | null>(null);
  const [why, setWhy] = useState<string | null>(null);
  const flip = useFlip<HTMLDivElement>(view);
  const words = wordsFor(tables, names, you);
  const byFace = new Map<string, AcornsAction[]>();
  for (const a of legal) {
    const card = cardOfAction(a);
    if (card === null) continue;
    const face = faceOf(tables, card);
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
    setWhy(null);
    act(a);
  };
  // A forced move (A3: nothing but drawing, or passing, is possible) is offered as the one big button.
  const forced = legal.length === 1 && (draw ?? pass) ? legal[0]! : null;

  // The hand, identical cards together.
  const faces: { face: string; id: string; count: number }[] = [];
  for (const id of view.hand ?? []) {
    const face = faceOf(tables, id);
    const f = faces.find((x) => x.face === face);
    if (f) f.count++;
    else faces.push({ face, id, count: 1 });
  }

  const yourTurn = legal.length > 0;
  const selectedId = faces.find((f) => f.face === selected)?.id ?? selected ?? '';
  /** The engine's reason the selected card may not go on `tree` (explain.ts), or null. */
  const whyNotOn = (tree: string): string | null => {
    if (selected === null || you === null || onTree.has(tree)) return null;
    const a = actionOn(tables, selectedId, tree);
    return a ? whyIllegal(tables, view, you, a, words) : null;
  };
  /** Why a card in hand has no move at all now, in the engine's words (its first tree's reason). */
  const whyNoMove = (id: string): string => {
    if (you === null) return '';
    const reasons = view.trees.map((t) => actionOn(tables, id, t.tree)).flatMap((a) => (a ? [whyIllegal(tables, view, you, a, words)] : []));
    const first = reasons.find((r): r is string => r !== null);
    if (view.trees.length === 0 && cardOf(tables, id)?.kind !== 'tree') return `Your ${faceLabel(tables, id)} has no tree to go on yet: a tree must be planted first.`;
    return `Your ${faceLabel(tables, id)} cannot be played now${first ? `: ${first}` : ''}.`;
  };
  const prompt = view.over
    ? 'The game is over.'
    : !yourTurn
      ? `${view.turn !== null ? (names[view.turn] ?? '') : ''} is playing…`
      : forced
        ? forced.type === 'draw'
          ? 'Nothing in your hand can be played: draw a card.'
          : 'You have nothing to play and nothing to draw: pass.'
        : selected
          ? onTree.size > 0
            ? `Choose a lit tree for your ${faceLabel(tables, selectedId)}${discard ? ', or discard it' : ''}. Point at a dim tree to see why not.`
            : discard
              ? `Discard your ${faceLabel(tables, selectedId)}?`
              : 'That card has no move now.'
          : view.drawPile > 0
            ? 'Your turn: draw, plant a tree, or pick a card to play on a tree.'
            : 'Your turn: play a card, or discard one.';

  return (
    <div className="ac-table" ref={flip}>
      <div className="al-status" aria-live="polite">
        <span className="al-chip">Round {view.round}</span>
        <span className="al-chip">{view.drawPile} cards to draw</span>
        {view.partners && <span className="al-chip">partner game</span>}
        <span className="al-chip al-low">most acorns wins</span>
      </div>
      <p className="al-prompt" data-testid="prompt">
        {prompt}
      </p>
      {/* The why-not line keeps its room while the game runs (no jumping layout); a finished game has nothing to explain. */}
      {!view.over && (
        <p className="ac-why" role="status" data-testid="why-not">
          {why ? capital(why) : ''}
        </p>
      )}

      {forced && !busy && (
        <div className="ac-forced">
          <button type="button" className="btn primary big" onClick={() => play(forced)} data-action={JSON.stringify(forced)} data-testid="forced" data-focus-key="forced">
            {forced.type === 'draw' ? 'Draw a card' : 'Pass'}
          </button>
          <span className="small">{forced.type === 'draw' ? 'Your only move this turn.' : 'Nothing else is possible.'}</span>
        </div>
      )}

      {view.over ? (
        <FinalTrees view={view} names={names} you={you} />
      ) : (
        <div className="ac-scores">
          {view.scorePiles.map((p, i) => (
            <div key={i} className={`ac-score ${p.seats.includes(you ?? -1) ? 'mine' : ''} ${p.seats.includes(view.turn ?? -1) ? 'turn' : ''} ${changed.has(`pile:${i}`) ? 'since-changed' : ''}`}>
              <span className="ac-score-name">
                {who(p.seats, names, you)} {changed.has(`pile:${i}`) && <SinceMark word="claimed" />}
              </span>
              <span>
                <svg viewBox="-6 -8 12 14" width="12" height="14" aria-hidden="true">
                  <Acorn x={0} y={0} />
                </svg>{' '}
                <strong>{p.acorns}</strong> · {p.trees.length} tree{p.trees.length === 1 ? '' : 's'}
              </span>
              <span className="small">{p.seats.map((s) => view.handSizes[s]).join('+')} in hand</span>
              <span className="ac-claimed" aria-hidden="true">
                {p.trees.map((t) => (
                  <span key={t} data-flip-id={t}>
                    <AcornsCard id={t} width={18} />
                  </span>
                ))}
              </span>
            </div>
          ))}
        </div>
      )}

      <div className="ac-trees">
        {view.trees.length === 0 && !view.over && <p className="muted">No trees in play yet.</p>}
        {view.trees.map((t) => (
          <Tree key={t.tree} tree={t} names={names} you={you} target={onTree.get(t.tree)} onTarget={play} busy={busy} whyNot={whyNotOn(t.tree)} onWhyNot={setWhy} changed={changed} />
        ))}
      </div>

      {!forced && (draw || pass || discard) && (
        <div className="al-choices">
          {draw && (
            <button type="button" className="btn" disabled={busy} onClick={() => play(draw)} data-action={JSON.stringify(draw)} data-focus-key="draw">
              Draw a card
            </button>
          )}
          {discard && (
            <button type="button" className="btn" disabled={busy} onClick={() => play(discard)} data-action={JSON.stringify(discard)} data-focus-key="discard">
              Discard {faceLabel(tables, selectedId)}
            </button>
          )}
          {pass && (
            <button type="button" className="btn" disabled={busy} onClick={() => play(pass)} data-action={JSON.stringify(pass)} data-focus-key="pass">
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
              const card = (
                <>
                  <AcornsCard id={id} width={56} />
                  {count > 1 && <span className="ac-count">×{count}</span>}
                </>
              );
              if (plant) {
                return (
                  <button key={face} type="button" className="al-card legal" disabled={busy} onClick={() => play(plant)} data-action={JSON.stringify(plant)} data-flip-id={id} data-focus-key={`hand-${face}`} data-testid={`plant-${face}`}>
                    <span className="sr-only">plant </span>
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
                    onClick={() => {
                      setWhy(null);
                      setSelected(selected === face ? null : face);
                    }}
                    data-select={face}
                    data-flip-id={id}
                    data-focus-key={`hand-${face}`}
                  >
                    <span className="sr-only">select </span>
                    {card}
                  </button>
                );
              }
              return yourTurn ? (
                <button
                  key={face}
                  type="button"
                  className="al-card dim"
                  aria-disabled="true"
                  onClick={() => setWhy(whyNoMove(id))}
                  data-flip-id={id}
                  data-testid="hand-blocked"
                >
                  <span className="sr-only">no move now, tell me why: </span>
                  {card}
                </button>
              ) : (
                <span key={face} className="al-card" data-flip-id={id}>
                  {card}
                </span>
              );
            })}
          </div>
        </section>
      )}
    </div>
  );
}

/** A11–A12 at the end: every side's claimed trees, the trees left in its hands (they count against), and its total. */
function FinalTrees({ view, names, you }: { view: AcornsView; names: readonly string[]; you: number | null }) {
  const tables = useAcornsTables();
  const acornsOf = (id: string): number => {
    const c = cardOf(tables, id);
    return c?.kind === 'tree' ? c.acorns : 0;
  };
  const rows = view.scorePiles.map((p) => {
    const leftTrees = p.seats.flatMap((s) => (view.revealedHands?.[s] ?? []).filter((id) => cardOf(tables, id)?.kind === 'tree'));
    const minus = leftTrees.reduce((n, id) => n + acornsOf(id), 0);
    return { pile: p, leftTrees, minus, total: p.acorns - minus };
  });
  const best = Math.max(...rows.map((r) => r.total));
  return (
    <section className="ac-final" aria-label="final trees and results" data-testid="final-trees" tabIndex={0}>
      <h3>{view.partners ? 'Team results' : 'Final trees'}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{view.partners ? 'Team' : 'Player'}</th>
            <th scope="col">Trees claimed</th>
            <th scope="col">Acorns</th>
            <th scope="col">Trees left in hand</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ pile, leftTrees, minus, total }, i) => (
            <tr key={i} className={`${pile.seats.includes(you ?? -1) ? 'mine' : ''} ${total === best ? 'winner' : ''}`}>
              <th scope="row">{who(pile.seats, names, you)}</th>
              <td>
                <span className="ac-final-cards">
                  {pile.trees.length === 0 ? <span className="small">none</span> : pile.trees.map((t) => <AcornsCard key={t} id={t} width={30} />)}
                </span>
              </td>
              <td>{pile.acorns}</td>
              <td>
                {leftTrees.length === 0 ? (
                  'none'
                ) : (
                  <span className="ac-final-cards">
                    {leftTrees.map((t) => (
                      <AcornsCard key={t} id={t} width={24} />
                    ))}
                    <span>−{minus}</span>
                  </span>
                )}
              </td>
              <td>
                <strong>{total}</strong>
                {total === best ? ' ★' : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The table of the game built from `tables`: AcornsTable with that content provided to every card it draws. */
export function tableFor(tables: AcornsTables): ComponentType<TableProps<AcornsView, AcornsAction>> {
  function AcornsContentTable(props: TableProps<AcornsView, AcornsAction>) {
    return (
      <AcornsTablesContext.Provider value={tables}>
        <AcornsTable {...props} />
      </AcornsTablesContext.Provider>
    );
  }
  return AcornsContentTable;
}
