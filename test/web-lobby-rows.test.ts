/**
 * Issue 25, item 6, in the web app's own code rendered on the server side of React: a lobby row
 * offers Join only while a seat is free (a rematch whose seats are all reserved is watched, not
 * joined, and does not read "0 seats free"), and Acorn Run's table waiting for its players does
 * not say "You to move" before anyone has joined.
 */
import { describe, expect, it } from 'vitest';
import { createMatch } from '../src/engine/match.js';
import { acornRun } from '../src/games/acorn-run/index.js';
import type { TableSummary } from '../src/server/protocol.js';

// Loaded by computed paths so the node tests' type check does not follow them into the web tree.
const [ROWS, RUN, REACT, REACT_DOM_SERVER] = ['../web/src/lobby-rows.js', '../web/src/games/acorn-run/index.js', 'react', 'react-dom/server'];
const { tableRowState } = (await import(ROWS)) as { tableRowState: (t: TableSummary, mine: boolean) => { pill: string; action: 'Join' | 'Watch' | 'Return' | 'Replay' } };
const { acornRunModule } = (await import(RUN)) as { acornRunModule: { Table: unknown } };
const { createElement } = (await import(REACT)) as { createElement: (type: unknown, props: object) => unknown };
const { renderToStaticMarkup } = (await import(REACT_DOM_SERVER)) as { renderToStaticMarkup: (element: unknown) => string };

const summary = (seats: TableSummary['seats'], status: TableSummary['status'] = 'open'): TableSummary =>
  ({ id: 't1', game: 'pick', gameTitle: 'Pick', status, seats, seq: 0, createdAt: '', updatedAt: '', outcome: null, deal: { kind: 'random' }, time: 'none' }) as unknown as TableSummary;

describe('a lobby row', () => {
  it('offers Join only with a seat free; a rematch waiting for its reserved players is watched', () => {
    const free = summary([{ kind: 'human', name: 'Ann' }, { kind: 'human', name: null }] as TableSummary['seats']);
    expect(tableRowState(free, false)).toEqual({ pill: '1 seat free', action: 'Join' });
    const rematch = summary([{ kind: 'human', name: 'Ann' }, { kind: 'human', name: null, reservedFor: 'Bo' }] as TableSummary['seats']);
    const row = tableRowState(rematch, false);
    expect(row.action).toBe('Watch');
    expect(row.pill).not.toMatch(/0 seats free/);
    expect(row.pill).toBe('waiting for 1 player');
    expect(tableRowState(rematch, true).action).toBe('Return');
    expect(tableRowState(summary(free.seats, 'running'), false)).toEqual({ pill: 'running', action: 'Watch' });
  });
});

describe('Acorn Run waiting for its players', () => {
  it('says it waits, not "You to move", while nobody is to act', () => {
    const created = createMatch(acornRun, { seats: 2, seed: 'waiting' });
    if (!created.ok) throw new Error(created.error.message);
    const view = acornRun.view(created.value.state as Parameters<typeof acornRun.view>[0], 0);
    const base = { view, legal: [], you: 0, names: ['Ann', 'Bo'], act: () => undefined, busy: false };
    const waiting = renderToStaticMarkup(createElement(acornRunModule.Table, { ...base, toAct: [] }));
    expect(waiting).not.toMatch(/to move/);
    expect(waiting).toMatch(/[Ww]aiting for (the )?players/);
    const running = renderToStaticMarkup(createElement(acornRunModule.Table, { ...base, toAct: [view.turn.racer] }));
    expect(running).toMatch(/to move/);
  });
});
