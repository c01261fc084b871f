/**
 * The table of a game without web components of its own: the seat's view as readable text and
 * one button per legal action. Enough to play any registered game in the browser.
 */
import type { ActionBase } from '../../../../src/engine/game.js';
import type { TableProps } from '../types.js';
import { actionLabel, viewLines } from './text.js';

export function GenericTable({ view, legal, act, busy }: TableProps<unknown, ActionBase>) {
  return (
    <section className="panel generic-table" aria-label="table">
      <pre className="generic-view" data-testid="generic-view">
        {viewLines(view).join('\n')}
      </pre>
      {legal.length > 0 && (
        <div className="row" role="group" aria-label="your moves">
          {legal.map((a, i) => (
            <button key={i} type="button" className="btn" disabled={busy} onClick={() => act(a)} data-action={JSON.stringify(a)} aria-label={actionLabel(a)}>
              {actionLabel(a)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
