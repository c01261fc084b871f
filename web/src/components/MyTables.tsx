/**
 * The lobby's "your tables": every table this browser holds a seat at, tables where it is your
 * move first, so turn-based play across several tables works from one page.
 */
import { useEffect, useState } from 'react';
import type { TableSummary } from '../../../src/server/protocol.js';
import { api } from '../api.js';
import { navigate, tableLink } from '../router.js';
import { heldTables } from '../seats.js';
import { profileLabel } from './Clocks.js';

/** At most this many of the browser's tables are looked up. */
const MAX_TABLES = 30;

interface Mine {
  table: TableSummary;
  seat: number;
  yourMove: boolean;
}

export function MyTables() {
  const [mine, setMine] = useState<Mine[]>([]);
  useEffect(() => {
    let live = true;
    const load = async (): Promise<void> => {
      const held = heldTables().slice(0, MAX_TABLES);
      const found = await Promise.all(
        held.map(async ({ tableId, held: h }) => {
          const r = await api.table(tableId);
          return r.ok ? { table: r.value, seat: h.seat, yourMove: r.value.status === 'running' && (r.value.toAct ?? []).includes(h.seat) } : null;
        }),
      );
      const rank = (m: Mine): number => (m.yourMove ? 0 : m.table.status === 'finished' ? 2 : 1);
      const list = found.filter((m): m is Mine => m !== null).sort((a, b) => rank(a) - rank(b) || b.table.updatedAt.localeCompare(a.table.updatedAt));
      if (live) setMine(list);
    };
    void load();
    const timer = setInterval(() => void load(), 15_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  if (mine.length === 0) return null;
  return (
    <section className="panel tables my-tables" aria-label="your tables" data-testid="my-tables">
      <h2>Your tables</h2>
      <ul>
        {mine.map(({ table: t, seat, yourMove }) => (
          <li key={t.id} className="table-row" data-testid={`my-table-${t.id}`}>
            <div>
              <strong>{t.gameTitle}</strong>{' '}
              {yourMove ? <span className="pill turn">your move</span> : <span className={`pill ${t.status}`}>{t.status === 'running' ? 'waiting for others' : t.status}</span>}
              <div className="muted small">
                seat {seat + 1} · {profileLabel(t.time)}
              </div>
            </div>
            <a className={`btn small ${yourMove ? 'primary' : ''}`} href={tableLink(t.id)} onClick={(e) => (e.preventDefault(), navigate(tableLink(t.id)))}>
              {yourMove ? 'Play' : 'Open'}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
