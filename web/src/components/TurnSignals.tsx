/**
 * "Your turn": when it becomes this player's turn the tab's title and favicon change, a short tone
 * plays (WebAudio, off by default) and, if the page is hidden and the player allowed it, a
 * browser notification says so. Permission is asked only when the player clicks for it.
 */
import { useEffect, useRef, useState } from 'react';
import type { TableFrame } from '../../../src/server/protocol.js';

const SOUND_KEY = 'drey:turn-sound';
const TURN_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#e2a33a"/><ellipse cx="16" cy="19" rx="8" ry="9" fill="#a0622d"/><path d="M7 15c0-6 18-6 18 0z" fill="#5b3a1e"/></svg>');

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** A short two-note tone. */
function playTone(): void {
  try {
    const ctx = new AudioContext();
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.0001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.4);
    [660, 880].forEach((f, i) => {
      const osc = ctx.createOscillator();
      osc.frequency.value = f;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.15);
      osc.stop(ctx.currentTime + 0.15 + i * 0.15);
    });
    setTimeout(() => void ctx.close(), 800);
  } catch {
    // No audio here: the title and favicon still say it.
  }
}

const soundOn = (): boolean => {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
};

/** Whether it is `frame.you`'s turn now. */
export const isMyTurn = (frame: TableFrame | null): boolean => frame !== null && frame.status === 'running' && frame.you !== null && frame.legal.length > 0;

/** Sets the title and favicon while it is the player's turn; signals the moment it becomes so. */
export function useTurnSignals(frame: TableFrame | null, title: string): void {
  const mine = isMyTurn(frame);
  const was = useRef(false);
  const original = useRef<{ title: string; icon: string } | null>(null);
  useEffect(() => {
    original.current ??= { title: document.title, icon: document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '/favicon.svg' };
    const base = `${title} — Drey`;
    document.title = mine ? `▶ Your turn — ${base}` : base;
    setFavicon(mine ? TURN_ICON : original.current.icon);
    if (mine && !was.current) {
      if (soundOn()) playTone();
      if (document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        try {
          new Notification('Your turn', { body: `${title}: it is your move.`, tag: `drey-turn-${frame?.tableId ?? ''}` });
        } catch {
          // Some browsers allow notifications only from a service worker: the title says it.
        }
      }
    }
    was.current = mine;
  }, [mine, title, frame?.tableId]);
  useEffect(
    () => () => {
      if (!original.current) return;
      document.title = original.current.title;
      setFavicon(original.current.icon);
    },
    [],
  );
}

/** The player's choices: a tone on their turn, and notifications while the page is hidden. */
export function TurnSettings() {
  const [sound, setSound] = useState(soundOn);
  const [permission, setPermission] = useState(() => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission));
  const toggleSound = (): void => {
    const next = !sound;
    localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
    setSound(next);
    if (next) playTone();
  };
  return (
    <div className="turn-settings row small" aria-label="your-turn signals">
      <label className="check">
        <input type="checkbox" checked={sound} onChange={toggleSound} data-testid="turn-sound" /> Sound on my turn
      </label>
      {permission === 'default' && (
        <button type="button" className="btn small" onClick={() => void Notification.requestPermission().then(setPermission)}>
          Notify me when it is my turn
        </button>
      )}
      {permission === 'granted' && <span className="muted">Notifications on</span>}
    </div>
  );
}
