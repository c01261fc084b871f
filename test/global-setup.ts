import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Tests that run the real `drey` binary need a fresh build of dist/. Build once per run; the
 * build is incremental-free and takes a few seconds.
 */
export default function setup(): void {
  // One id per test run: browser test files build the web app once per run (browser-helpers.ts webBuilt).
  process.env.DREY_TEST_RUN ??= `${process.pid}-${Date.now()}`;
  if (process.env.DREY_SKIP_BUILD === '1' && existsSync('dist/cli/main.js')) return;
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
