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
    // The lab probe reads content tables too (card ids, lanes): its watchers run inside as well.
    ...(pkg.lab ? { lab: scopedLab(pkg.lab, enter) } : {}),
  };
}

function scopedLab(lab: NonNullable<AnyGamePackage['lab']>, enter: Enter): NonNullable<AnyGamePackage['lab']> {
  const watch = scoped(lab.watch, enter);
  return { ...lab, watch: (start) => scopedMembers(watch(start), enter) };
}

/**
 * The content a game's rules read now, and the tables derived from it. Modules register each
 * derived table with `derive` (computed once per content, cached); `enter` makes other content
 * current — rebinding every table — and returns the function that restores the previous one.
 */
export class ContentBinding<C extends object> {
  private readonly binders: ((content: C) => void)[] = [];
  private readonly leaveNothing = (): void => undefined;

  constructor(
    public current: C,
    /** Called first on every change, to update the game's own `CONTENT` binding. */
    private readonly onChange: (content: C) => void,
  ) {}

  derive<T>(compute: (content: C) => T, assign: (table: T) => void): void {
    const cache = new WeakMap<C, T>();
    const bind = (content: C): void => {
      let table = cache.get(content);
      if (table === undefined) {
        table = compute(content);
        cache.set(content, table);
      }
      assign(table);
    };
    this.binders.push(bind);
    bind(this.current);
  }

  enter(content: C): () => void {
    if (content === this.current) return this.leaveNothing;
    const previous = this.current;
    this.bind(content);
    return () => this.bind(previous);
  }

  private bind(content: C): void {
    this.current = content;
    this.onChange(content);
    for (const bind of this.binders) bind(content);
  }
}
