/**
 * Steps through a finished match, from any seat's point of view or as a spectator: the same
 * table component as live play, with nothing clickable. Arrow keys step; Home/End jump.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReplayResponse } from '../../../src/server/protocol.js';
import { api } from '../api.js';
import { gameModule } from '../games/index.js';
import { navigate } from '../router.js';
import { DealNote } from './Deal.js';
import { Results } from './Results.js';
import { seatLabel } from './TablePage.js';

export function ReplayPage({ id }: { id: string }) {
  const [viewer, setViewer] = useState<number | 'spectator'>('spectator');
  const [data, setData] = useState<ReplayResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    void api.replay(id, viewer).then((r) => {
      if (r.ok) {
        setData(r.value);
        setStep((s) => Math.min(s, r.value.frames.length - 1));
      } else setError(r.error.message);
    });
  }, [id, viewer]);

  const last = (data?.frames.length ?? 1) - 1;
  // The key handler reads the latest frame count through a ref, so it never steps on stale data.
  const lastRef = useRef(last);
  lastRef.current = last;
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      const last = lastRef.current;
      if (e.key === 'ArrowRight') setStep((s) => Math.min(last, s + 1));
      else if (e.key === 'ArrowLeft') setStep((s) => Math.max(0, s - 1));
      else if (e.key === 'Home') setStep(0);
      else if (e.key === 'End') setStep(last);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (!playing) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setStep((s) => s + 1), 600);
    return () => clearTimeout(t);
  }, [playing, step, last]);

  if (error) return <main className="page"><div className="panel"><p>{error}</p></div></main>;
  if (!data) return <main className="page"><p className="muted">Loading the replay…</p></main>;
  const frame = data.frames[step]!;
  const module = gameModule(data.table.game);
  const names = data.table.seats.map((s, i) => seatLabel(s, i));
  const you = viewer === 'spectator' ? null : viewer;
  // What each step told the chosen viewer: the server's lines (replays.ts), the words the live
  // table's log used; the page narrates nothing (issue 24).
  const lineOf = (i: number): string => {
    const lines = data.frames[i]?.lines ?? [];
    return i === 0 && lines.length === 0 ? 'The start of the game.' : lines.join(' ');
  };
  return (
    <main className="page table-page replay" data-step={step}>
      <header className="table-head">
        <div>
          <h1>Replay · {data.table.gameTitle}</h1>
          <p className="muted">
            Move {step} of {last} · <DealNote deal={data.table.deal} />
          </p>
        </div>
        <nav className="row">
          <a className="btn small" href="/" onClick={(e) => (e.preventDefault(), navigate('/'))}>
            Lobby
          </a>
        </nav>
      </header>
      <div className="panel replay-controls">
        <StepButton label="first move" icon="first" onClick={() => setStep(0)} disabled={step === 0} />
        <StepButton label="previous move" icon="prev" onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0} testid="replay-prev" />
        <StepButton label={playing ? 'pause' : 'play'} icon={playing ? 'pause' : 'play'} onClick={() => setPlaying(!playing)} testid="replay-play" />
        <StepButton label="next move" icon="next" onClick={() => setStep(Math.min(last, step + 1))} disabled={step === last} testid="replay-next" />
        <StepButton label="last move" icon="last" onClick={() => setStep(last)} disabled={step === last} />
        <input type="range" min={0} max={last} value={step} onChange={(e) => setStep(Number(e.target.value))} aria-label="move" />
        <label className="field inline">
          <span>Seen by</span>
          <select value={String(viewer)} onChange={(e) => setViewer(e.target.value === 'spectator' ? 'spectator' : Number(e.target.value))}>
            <option value="spectator">a spectator</option>
            {names.map((n, i) => (
              <option key={i} value={i}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="replay-entry" data-testid="replay-entry">{lineOf(step)}
        {data.frames[step]?.entry?.undone && <span className="pill warn" data-testid="replay-undone"> taken back later</span>}
        {data.frames[step]?.entry?.undo !== undefined && <span className="pill" data-testid="replay-undo"> undo of step {data.frames[step]?.entry?.undo}</span>}</p>
      {step === last && data.table.outcome && <Results outcome={data.table.outcome} names={names} you={you} />}
      <div className="table-layout">
        <div className="table-main">
          <module.Table view={frame.view} legal={[]} you={you} names={names} toAct={frame.toAct} act={() => undefined} busy={false} />
        </div>
        <aside className="table-side">
          <MoveList count={last} step={step} lineOf={lineOf} onPick={setStep} />
        </aside>
      </div>
    </main>
  );
}

/**
 * Every step of the match, clickable: the current one is highlighted (aria-current) and kept in
 * view, so a player jumps to any move and sees where they are.
 */
function MoveList({ count, step, lineOf, onPick }: { count: number; step: number; lineOf: (i: number) => string; onPick: (i: number) => void }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="step"]');
    const box = list.current;
    if (!current || !box) return;
    // Scroll the list only (not the page): the current move stays in its box.
    const r = current.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    if (r.top < b.top || r.bottom > b.bottom) box.scrollTop += r.top - b.top - (b.height - r.height) / 2;
  }, [step]);
  return (
    <section className="panel log moves" aria-label="moves">
      <h2>Moves</h2>
      <ol ref={list} data-testid="move-list">
        {Array.from({ length: count + 1 }, (_, i) => (
          <li key={i}>
            <button type="button" className={`move ${i === step ? 'current' : ''}`} aria-current={i === step ? 'step' : undefined} onClick={() => onPick(i)} data-testid={`move-${i}`}>
              <span className="move-no">{i}</span> {lineOf(i)}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

type Icon = 'first' | 'prev' | 'play' | 'pause' | 'next' | 'last';

/** The step buttons' icons, drawn (a font may lack the media symbols). */
const ICONS: Record<Icon, string> = {
  first: 'M5 4h2v16H5zM19 4v16L8 12z',
  prev: 'M17 4v16L6 12z',
  play: 'M7 4l12 8-12 8z',
  pause: 'M6 4h4v16H6zM14 4h4v16h-4z',
  next: 'M7 4v16l11-8z',
  last: 'M17 4h2v16h-2zM5 4v16l11-8z',
};

function StepButton({ label, icon, onClick, disabled = false, testid }: { label: string; icon: Icon; onClick: () => void; disabled?: boolean; testid?: string }) {
  return (
    <button type="button" className="btn small icon" onClick={onClick} aria-label={label} title={label} disabled={disabled} data-testid={testid}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d={ICONS[icon]} fill="currentColor" />
      </svg>
    </button>
  );
}
