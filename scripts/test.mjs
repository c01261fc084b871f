#!/usr/bin/env node
// The whole test suite: type-check, then every vitest test. Ends with one plain line
// "Tests: N passed, N failed" that CI reads, and exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const args = process.argv.slice(2);
const run = (cmd, cmdArgs) => spawnSync(cmd, cmdArgs, { stdio: 'inherit' }).status ?? 1;

// Set up what the suite needs where this machine allows (scripts/test-setup.sh: Chromium,
// PostgreSQL, Redis), and say plainly what could not be, at the start and again at the end.
const missing = [];
if (process.env.DREY_TEST_SETUP !== '0') {
  const setup = spawnSync('bash', ['scripts/test-setup.sh'], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (setup.status !== 0 || setup.error) missing.push(`the test setup (scripts/test-setup.sh) did not run: ${setup.error?.message ?? `exit ${setup.status}`}`);
  for (const line of (setup.stdout ?? '').split('\n')) {
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq);
    const value = line.slice(eq + 1);
    if (key === 'MISSING') missing.push(value);
    else if (key === 'DATABASE_URL_TEST' || key === 'REDIS_URL_TEST') process.env[key] = value;
  }
}
const sayMissing = () => {
  for (const m of missing) console.log(`Not set up: ${m}`);
};
sayMissing();

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
sayMissing();
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(code !== 0 ? code : failed > 0 ? 1 : 0);
