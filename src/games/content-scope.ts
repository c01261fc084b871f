/**
 * Runs a package's code with its content bound. A game whose rules read content-derived tables
 * (see src/games/acorn-run/content/index.ts) is built for other content by wrapping every
 * function it hands out — the game's methods, its bots and search knowledge, its narrator and
 * text UI — so that each call enters that content and leaves it on return. Every such call is
 * synchronous, so the binding never leaks into another package's call.
 */
import type { AnyGamePackage } from './package.js';

type Enter = () => () => void;

function scoped<F extends (...args: never[]) => unknown>(fn: F, enter: Enter): F {
  return ((...args: Parameters<F>) => {
    const leave = enter();
    try {
      return fn(...args);
    } finally {
      leave();
    }
  }) as F;
}

/** A copy of `obj` with each of its own function members wrapped. */
function scopedMembers<T extends object>(obj: T, enter: Enter): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    out[key] = typeof value === 'function' ? scoped(value as (...args: never[]) => unknown, enter) : value;
  }
  return out as T;
}

/** `pkg` with every function it hands out running inside `enter()` … its returned leave(). */
export function scopePackage(pkg: AnyGamePackage, enter: Enter): AnyGamePackage {
  const { heuristic, knowledge } = pkg.bots;
  return {
    ...pkg,
    game: scopedMembers(pkg.game, enter),
    bots: {
      ...pkg.bots,
      ...(heuristic ? { heuristic: scoped(heuristic, enter) } : {}),
      ...(knowledge ? { knowledge: scopedMembers(knowledge, enter) } : {}),
    },
    ...(pkg.narrator ? { narrator: scopedMembers(pkg.narrator, enter) } : {}),
    ...(pkg.textUI ? { textUI: scopedMembers(pkg.textUI, enter) } : {}),
  };
}
