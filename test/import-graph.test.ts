/**
 * The shape of src/'s imports: no circles, and dependencies pointing one way (engine ← games ←
 * bots ← lab / server / cli). Type-only imports count too: a circle of types is still a circle
 * for a reader, and a type from a higher layer still ties a lower one to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve('src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.includes('.test-') ? [path] : [];
  });
}

/** Each file's imports of other files in src/ (re-exports included), as paths relative to src/. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const m of text.matchAll(/^(?:import|export)\s[^'";]*?from\s+'(\.[^']+)\.js';/gms)) {
      targets.push(relative(SRC, resolve(dirname(file), `${m[1]}.ts`)));
    }
    graph.set(relative(SRC, file), targets);
  }
  return graph;
}

/** The import circles: strongly connected components of more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * What the core layers may import (besides themselves). The layers around them (lab, server,
 * cli, workers) may use the core and each other, as long as no files form a circle.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  engine: [],
  games: ['engine'],
  bots: ['engine', 'games'],
};

describe('imports in src/', () => {
  const graph = importGraph();

  it('finds the files and their imports (the check is not empty)', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get('bots/ismcts.ts')).toContain('bots/paired.ts');
  });

  it('form no circles', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('point one way: engine ← games ← bots ← the rest', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const layer = file.split('/')[0]!;
      const allowed = MAY_IMPORT[layer];
      if (!allowed) continue;
      for (const t of targets) {
        const to = t.split('/')[0]!;
        if (to !== layer && !allowed.includes(to)) wrong.push(`${file} → ${t}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
