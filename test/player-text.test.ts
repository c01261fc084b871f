/**
 * Players never read a ruling's code ("Low is good (L9)", "you have no acorn to spend (R9)"):
 * the codes belong in code comments and the docs (issue 25). Every string a player can be shown —
 * the web app's text and the games' words (why-not lines, narration, terminal answers, option
 * explanations, results details) — is read from the source with the TypeScript parser, so
 * comments, which keep their codes, are not read.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** A ruling's code as a player would see it: "(L9)", "(R5, R6)", "R14:", "(L2: six …)". */
const CODE = /\(([ARL]\d{1,2})(, ?[ARL]\d{1,2})*[):]|\b[ARL]\d{1,2}( \(amended\))?:|, [ARL]\d{1,2}\)/;

/** The games' modules whose words reach players. */
const GAME_WORDS = ['describe.ts', 'explain.ts', 'narrate.ts', 'text.ts', 'labels.ts', 'play-aids.ts', 'index.ts', 'parse.ts', 'outcome.ts', 'view.ts'];

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, keep);
    return keep(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every string literal, template text and JSX text in a file, with its line. */
function texts(path: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      // SVG path data ("M2 -8 L3 -10.5 …") is drawing, not text.
      const attr = node.parent && ts.isJsxAttribute(node.parent) ? node.parent.name.getText(source) : '';
      if (attr !== 'd' && attr !== 'points') out.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: node.getText(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('player-facing text names no ruling codes', () => {
  const sources = [
    ...files('web/src', (n) => /\.tsx?$/.test(n)),
    ...['acorn-run', 'acorns', 'autumn-leaves'].flatMap((g) => GAME_WORDS.map((f) => join('src/games', g, f))).filter((p) => {
      try {
        return statSync(p).isFile();
      } catch {
        return false;
      }
    }),
  ];
  it('reads the web app and every game’s words', () => {
    expect(sources.length).toBeGreaterThan(30);
    expect(CODE.test('Low is good (L9): whoever')).toBe(true);
    expect(CODE.test('R14: dummy racers')).toBe(true);
    expect(CODE.test('M2 -8 L3 -10.5 L4.3 -7.6 Z')).toBe(false);
  });
  it('finds no "(L9)", "(R5, R6)" or "A12:" in any of them', () => {
    const found = sources.flatMap((path) => texts(path).filter((t) => CODE.test(t.text)).map((t) => `${path}:${t.line}: ${t.text}`));
    expect(found).toEqual([]);
  });
});
