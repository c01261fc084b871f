/**
 * The Acorns web module built from a variant's content (GameModule.withContent, issue 23): its
 * table draws the variant's cards and its narrator names the variant's trees, while the builtin
 * module in the same page still draws the shipped deck. Rendered to markup on the server side of
 * React (no browser needed: the cards are SVG drawn from the content).
 */
import { describe, expect, it } from 'vitest';
import { createMatch, play } from '../src/engine/match.js';
import { narrationFeed } from '../src/engine/narration.js';
import { BUILTIN_CONTENT } from '../src/games/acorns/content/index.js';
import { createAcorns } from '../src/games/acorns/index.js';
import type { AcornsAction } from '../src/games/acorns/actions.js';
import type { AcornsView } from '../src/games/acorns/view.js';
import type { AnyNarrator } from '../src/engine/narration.js';

/** What this test uses of a web game module (web/src/games/types.ts) and of React. */
interface WebModule {
  Table: unknown;
  narrator?: AnyNarrator;
  withContent?: (files: Readonly<Record<string, unknown>>) => WebModule;
}
// Loaded by computed paths so the node tests' type check does not follow them: the web's .tsx and
// React's types check under web/tsconfig.json (DOM and JSX settings this tsconfig does not have).
const [WEB_ACORNS, REACT, REACT_DOM_SERVER] = ['../web/src/games/acorns/index.js', 'react', 'react-dom/server'];
const { acornsModule } = (await import(WEB_ACORNS)) as { acornsModule: WebModule };
const { createElement } = (await import(REACT)) as { createElement: (type: unknown, props: object) => unknown };
const { renderToStaticMarkup } = (await import(REACT_DOM_SERVER)) as { renderToStaticMarkup: (element: unknown) => string };

const VARIANT = {
  handSize: 5,
  trees: [
    { acorns: 1, count: 6 },
    { acorns: 3, count: 6 },
    { acorns: 15, count: 4 },
  ],
  squirrels: [
    { squirrels: 1, count: 4 },
    { squirrels: 4, count: 3 },
  ],
};

/** A 2-seat game of the Acorns built from `content` after the first seat planted a 15-acorn tree: its view. */
function planted(content: unknown) {
  const pkg = createAcorns(content as typeof BUILTIN_CONTENT);
  for (let i = 0; i < 100; i++) {
    const created = createMatch(pkg.game, { seats: 2, seed: `web-${i}` });
    if (!created.ok) throw new Error(created.error.message);
    const m = created.value;
    const seat = pkg.game.toAct(m.state)[0]!;
    const legal = pkg.game.legalActions(m.state, seat) as readonly AcornsAction[];
    const plant = legal.find((a) => a.type === 'plant' && a.card.startsWith('tree-15-'));
    if (!plant) continue;
    const played = play(m, seat, plant);
    if (!played.ok) throw new Error(played.error.message);
    return { view: pkg.game.view(m.state, seat) as AcornsView, seat };
  }
  throw new Error('no seed deals a 15-acorn tree to the first player');
}

describe('Acorns web module from content', () => {
  it("draws and narrates a variant's 15-acorn tree; the builtin module knows no such card", () => {
    const { view, seat } = planted(VARIANT);
    const variantModule = acornsModule.withContent!({ deck: VARIANT });
    const props = { view, legal: [], you: seat, names: ['Ann', 'Bo'], toAct: [], act: () => undefined, busy: false };
    const html = renderToStaticMarkup(createElement(variantModule.Table, props));
    expect(html).toContain('aria-label="tree, 15 acorns"');
    const told = narrationFeed(variantModule.narrator!)(view, { viewer: seat, names: ['Ann', 'Bo'] });
    expect(told.join(' ')).toMatch(/plant a 15-acorn tree/);
    // The builtin module, alive in the same page, still draws the shipped deck: no tree-15 there.
    const builtinHtml = renderToStaticMarkup(createElement(acornsModule.Table, props));
    expect(builtinHtml).not.toContain('tree, 15 acorns');
    expect(acornsModule.withContent!({ deck: BUILTIN_CONTENT }).narrator).not.toBe(variantModule.narrator);
  });
});
