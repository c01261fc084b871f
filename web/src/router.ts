/** A tiny router over location.pathname: the app has four kinds of page. */
import { useSyncExternalStore } from 'react';

export type Route =
  | { page: 'lobby' }
  | { page: 'table'; id: string; inviteSeat: number | null }
  | { page: 'rules'; game: string }
  | { page: 'replay'; id: string }
  | { page: 'missing'; path: string };

export function parseRoute(pathname: string, search: string): Route {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { page: 'lobby' };
  if (parts[0] === 't' && parts[1]) {
    const seat = Number(new URLSearchParams(search).get('seat'));
    return { page: 'table', id: parts[1], inviteSeat: Number.isInteger(seat) && seat >= 1 ? seat - 1 : null };
  }
  if (parts[0] === 'rules' && parts[1]) return { page: 'rules', game: parts[1] };
  if (parts[0] === 'replay' && parts[1]) return { page: 'replay', id: parts[1] };
  return { page: 'missing', path: pathname };
}

const listeners = new Set<() => void>();
window.addEventListener('popstate', () => listeners.forEach((l) => l()));

export function navigate(to: string): void {
  history.pushState(null, '', to);
  listeners.forEach((l) => l());
  window.scrollTo(0, 0);
}

const subscribe = (l: () => void): (() => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useRoute(): Route {
  const href = useSyncExternalStore(subscribe, () => location.pathname + location.search);
  const url = new URL(href, location.origin);
  return parseRoute(url.pathname, url.search);
}

export const tableLink = (id: string, seat?: number): string => `/t/${encodeURIComponent(id)}${seat === undefined ? '' : `?seat=${seat + 1}`}`;
