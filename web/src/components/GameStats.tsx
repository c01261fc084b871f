/**
 * End-of-game statistics per player (issue 25), under the results: the game's own figures
 * (src/games/<id>/stats.ts) read from every public event of the finished game, which the page
 * reads from the replay's views (a spectator's: public facts only, engine/stats.ts).
 *
 * On a phone the table would scroll sideways (six figures a player), so there each player is a
 * card of its own with every figure named beside it; the stylesheet shows one form or the other
 * (the hidden one is display: none, so a screen reader meets only the one shown).
 */
import { useEffect, useState } from 'react';
import { allEvents, type StatsTable } from '../../../src/engine/stats.js';
import { api } from '../api.js';
import type { AnyGameModule } from '../games/types.js';

export function GameStats({ tableId, module, names, you }: { tableId: string; module: AnyGameModule; names: readonly string[]; you: number | null }) {
  const [table, setTable] = useState<StatsTable | null>(null);
  const [partial, setPartial] = useState(false);
  const namesKey = names.join('\u0000');
  useEffect(() => {
    const { stats, narrator } = module;
    if (!stats || !narrator) return;
    let live = true;
    void api.replay(tableId, 'spectator').then((r) => {
      if (!live || !r.ok || r.value.frames.length === 0) return;
      const views = r.value.frames.map((f) => f.view);
      const read = allEvents(narrator, views);
      setPartial(read.missed > 0);
      setTable(stats(read.events, views[views.length - 1], names));
    });
    return () => {
      live = false;
    };
  }, [tableId, module, namesKey]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!table) return null;
  return (
    <section className="panel game-stats" aria-labelledby="game-stats-title" data-testid="game-stats">
      <h2 id="game-stats-title">Statistics</h2>
      <div className="game-stats-scroll" tabIndex={0} role="region" aria-label="statistics per player">
        <table>
          <thead>
            <tr>
              <th scope="col">Player</th>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              <tr key={i} className={row.seat !== null && row.seat === you ? 'mine' : ''}>
                <th scope="row">{row.seat !== null && row.seat === you ? `${row.name} (you)` : row.name}</th>
                {row.cells.map((c, j) => (
                  <td key={j}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="game-stats-cards" aria-label="statistics per player">
        {table.rows.map((row, i) => (
          <li key={i} className={row.seat !== null && row.seat === you ? 'mine' : ''}>
            <h3>{row.seat !== null && row.seat === you ? `${row.name} (you)` : row.name}</h3>
            <dl>
              {row.cells.map((c, j) => (
                <div key={j}>
                  <dt>{table.columns[j]}</dt>
                  <dd>{c}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      {table.notes.length > 0 && <p className="muted">{table.notes.join(' ')}</p>}
      {partial && <p className="muted">Some early events were not kept: the figures may be short.</p>}
    </section>
  );
}
