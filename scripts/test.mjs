#!/usr/bin/env node
// The whole test suite: type-check, then every vitest test. Ends with one plain line
// "Tests: N passed, N failed" that CI reads, and exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const args = process.argv.slice(2);
const run = (cmd, cmdArgs) => spawnSync(cmd, cmdArgs, { stdio: 'inherit' }).status ?? 1;

const tsc = run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']);
if (tsc !== 0) {
  console.log('type-check failed');
  console.log('Tests: 0 passed, 1 failed');
  process.exit(1);
}
mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
rmSync(report, { force: true });
const code = run(process.execPath, [
  'node_modules/vitest/vitest.mjs', 'run',
  '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
  ...args,
]);
let passed = 0;
let failed = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests + (json.numFailedTestSuites ?? 0);
} catch {
  failed = Math.max(failed, 1);
}
if (code !== 0 && failed === 0) failed = 1;
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(code !== 0 ? code : failed > 0 ? 1 : 0);
