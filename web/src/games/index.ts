/**
 * The web's own parts of each game, by game id: table components (React cannot live in src/).
 * Everything else about a game (title, blurb, options) comes from the server's /api/games, and a
 * game with no module here is played with the generic table (generic/GenericTable.tsx).
 */
import { useEffect, useState } from 'react';
import type { ContentInfo, GameInfo } from '../../../src/server/protocol.js';
import { api } from '../api.js';
import { acornRunModule } from './acorn-run/index.js';
import { acornsModule } from './acorns/index.js';
import { autumnLeavesModule } from './autumn-leaves/index.js';
import { GenericTable } from './generic/GenericTable.js';
import type { AnyGameModule } from './types.js';

const MODULES: readonly AnyGameModule[] = [autumnLeavesModule, acornsModule, acornRunModule];

const generic = new Map<string, AnyGameModule>();
/** Modules built from the content a server plays as a variant, by game id (bindVariants). */
const variants = new Map<string, AnyGameModule>();

/**
 * The game's table in the browser: its module built from the variant the server plays, its own
 * module, or the generic one (the same object every time).
 */
export function gameModule(id: string): AnyGameModule {
  const variant = variants.get(id);
  if (variant) return variant;
  const own = MODULES.find((m) => m.id === id);
  if (own) return own;
  let m = generic.get(id);
  if (!m) generic.set(id, (m = { id, accent: '#8a6a48', Table: GenericTable }));
  return m;
}

let games: Promise<GameInfo[]> | undefined;

/** The games the server offers, fetched once per page load (a failed fetch is tried again next time). */
export function useGames(): GameInfo[] | null {
  const [list, setList] = useState<GameInfo[] | null>(null);
  useEffect(() => {
    let live = true;
    games ??= api.games().then((r) => {
      if (r.ok) return r.value;
      games = undefined;
      throw new Error(r.error.message);
    });
    games.then((g) => live && setList(g)).catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, []);
  return list;
}

/** A game's title from the server, or its id until the list has come. */
export function useGameTitle(id: string): string {
  return useGames()?.find((g) => g.id === id)?.title ?? id;
}

/** "variant dash (content 3f2a9c01…)" for content that is not the builtin (`drey serve --content`), else null. */
export const variantLabel = (content: ContentInfo | undefined): string | null =>
  content?.variant === undefined ? null : `variant ${content.variant} (content ${content.hash.slice(0, 8)}…)`;

/** The variant the server plays a game with, as variantLabel words, or null for the builtin content. */
export function useGameVariant(id: string): string | null {
  return variantLabel(useGames()?.find((g) => g.id === id)?.content);
}

let bound: Promise<void> | undefined;

/**
 * Builds the module of every game the server plays as a variant from that variant's content
 * (GameModule.withContent), once per page load; resolves when done. A failed fetch leaves that
 * game's builtin module (its cards would then be drawn as shipped) and is tried again next time.
 */
function bindVariants(list: readonly GameInfo[]): Promise<void> {
  bound ??= Promise.all(
    list.map(async (g) => {
      const own = MODULES.find((m) => m.id === g.id);
      if (g.content?.variant === undefined || !own || !own.withContent) return;
      const r = await api.gameContent(g.id);
      if (!r.ok || r.value.hash !== g.content.hash) {
        bound = undefined;
        return;
      }
      variants.set(g.id, own.withContent(r.value.files));
    }),
  ).then(() => undefined);
  return bound;
}

/** Whether the page may draw games: the game list has come and any variant's content is bound. */
export function useContentReady(): boolean {
  const list = useGames();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (list === null) return;
    let live = true;
    void bindVariants(list).finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [list]);
  return ready;
}
