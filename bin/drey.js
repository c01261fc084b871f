#!/usr/bin/env node
// The `drey` command: runs the compiled CLI in dist/ (built by `npm run build`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('drey: the compiled CLI is missing (dist/cli/main.js); run `npm run build` first\n');
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
