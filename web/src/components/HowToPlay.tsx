/**
 * The "How to play" drawer: a modal dialog over the table (or the lobby), so a player reads the
 * game in plain words without leaving their seat. Escape or the close button shut it, and focus
 * goes back to the button that opened it.
 */
import { useEffect, useRef, useState } from 'react';
import { howToFor } from '../howto/content.js';

export function HowToPlayButton({ game, className = 'btn small' }: { game: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!howToFor(game)) return null;
  return (
    <>
      <button ref={button} type="button" className={className} onClick={() => setOpen(true)} data-testid={`how-to-play-${game}`} aria-haspopup="dialog">
        How to play
      </button>
      {open && (
        <HowToPlay
          game={game}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}

export function HowToPlay({ game, onClose }: { game: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const howTo = howToFor(game);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  if (!howTo) return null;
  return (
    <dialog
      ref={dialog}
      className="howto"
      aria-labelledby="howto-title"
      onClose={onClose}
      onClick={(e) => {
        // A click on the dimmed backdrop (the dialog element itself) closes the drawer.
        if (e.target === dialog.current) dialog.current?.close();
      }}
      data-testid="how-to-play"
    >
      <div className="howto-body">
        <header className="howto-head">
          <h2 id="howto-title">How to play {howTo.title}</h2>
          <button type="button" className="btn small" onClick={() => dialog.current?.close()} aria-label="close how to play" data-testid="how-to-play-close">
            Close
          </button>
        </header>
        <p className="howto-goal">{howTo.goal}</p>
        {howTo.sections.map((s) => (
          <section key={s.heading} aria-label={s.heading}>
            <h3>{s.heading}</h3>
            {s.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            {s.picture && <img src={s.picture.src} alt={s.picture.alt} loading="lazy" />}
          </section>
        ))}
        <p className="small muted">The full rules, with the designers' ruling codes, are on the game's Rules page.</p>
      </div>
    </dialog>
  );
}
