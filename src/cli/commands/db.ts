/**
 * `drey db migrate` and `drey db copy`: bring a database's schema up to date, and move a
 * community's history between SQLite and PostgreSQL without loss (docs/deploy.md).
 */
import type { Command } from 'commander';
import type { Registry } from '../../games/index.js';
import { copyStore } from '../../server/storage/copy.js';
import { describeLocation, openStore, parseLocation, type StoreLocation } from '../../server/storage/open.js';
import { openPostgresStore } from '../../server/storage/postgres.js';
import type { Store } from '../../server/storage/types.js';
import { CliError, EXIT, usage } from '../errors.js';

/** Where the server would keep its data: DATABASE_URL, else DREY_DB, else the default SQLite file. */
const defaultDatabase = (): string => process.env.DATABASE_URL ?? `sqlite:${process.env.DREY_DB ?? './data/drey.sqlite'}`;

const location = (spec: string, flag: string): StoreLocation => {
  if (spec.trim().length === 0) usage(`${flag} needs a postgres:// URL or sqlite:FILE`);
  return parseLocation(spec);
};

async function open(where: StoreLocation): Promise<Store> {
  try {
    return await openStore(where);
  } catch (e) {
    throw new CliError(`cannot open ${describeLocation(where)}: ${e instanceof Error ? e.message : String(e)}`, EXIT.failed);
  }
}

export function registerDb(program: Command, registry: Registry): void {
  const db = program.command('db').description('the database: apply migrations, copy history between SQLite and PostgreSQL');

  db.command('migrate')
    .description('apply the schema migrations the database lacks (the server also does at start)')
    .option('--database <url>', 'postgres://… or sqlite:FILE (default: $DATABASE_URL, else sqlite:$DREY_DB)')
    .action(async (flags: { database?: string }) => {
      const where = location(flags.database ?? defaultDatabase(), '--database');
      const out = (line: string): boolean => process.stdout.write(`${line}\n`);
      if (where.kind === 'sqlite') {
        const store = await open(where);
        await store.close();
        out(`${describeLocation(where)}: schema is current (SQLite's schema is brought up to date as it opens)`);
        return;
      }
      let store;
      try {
        store = await openPostgresStore(where.url);
      } catch (e) {
        throw new CliError(`cannot migrate ${describeLocation(where)}: ${e instanceof Error ? e.message : String(e)}`, EXIT.failed);
      }
      try {
        const { rows } = await store.pool.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
        const applied = new Set(store.migrated);
        for (const r of rows) out(`${applied.has(r.version) ? 'applied' : 'already applied'}: ${r.version} ${r.name}`);
        out(`${describeLocation(where)}: schema at version ${rows[rows.length - 1]?.version ?? 0} (${store.migrated.length} applied now)`);
      } finally {
        await store.close();
      }
    });

  db.command('copy')
    .description('copy every table, action and note from one database to another, then verify by replaying every match')
    .requiredOption('--from <url>', 'the source: sqlite:FILE or postgres://…')
    .requiredOption('--to <url>', 'the target: postgres://… or sqlite:FILE')
    .option('--append', 'copy into a target that already has tables (tables it has identically are skipped)')
    .action(async (flags: { from: string; to: string; append?: boolean }) => {
      const from = location(flags.from, '--from');
      const to = location(flags.to, '--to');
      if (describeLocation(from) === describeLocation(to)) usage('--from and --to are the same database');
      const source = await open(from);
      let target: Store;
      try {
        target = await open(to);
      } catch (e) {
        await source.close();
        throw e;
      }
      try {
        const report = await copyStore(source, target, { registry, append: flags.append === true }).catch((e: unknown) => {
          throw new CliError(e instanceof Error ? e.message : String(e), EXIT.usage);
        });
        const statuses = Object.entries(report.byStatus)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([s, n]) => `${n} ${s}`)
          .join(', ');
        const out = (line: string): boolean => process.stdout.write(`${line}\n`);
        out(`copied ${report.tables} tables${statuses ? ` (${statuses})` : ''}, ${report.actions} actions, ${report.notes} notes`);
        out(`  from ${describeLocation(from)}`);
        out(`  to   ${describeLocation(to)}`);
        if (report.skipped > 0) out(`skipped ${report.skipped} tables the target already had, identical`);
        out(`verified ${report.verified} of ${report.tables} copied matches by replay: the same final-state hash on both sides`);
        if (report.problems.length > 0) {
          for (const p of report.problems) process.stderr.write(`problem: ${p}\n`);
          throw new CliError(`${report.problems.length} problem(s): the copy is not whole (see above)`, EXIT.failed);
        }
      } finally {
        await Promise.all([source.close(), target.close()]);
      }
    });
}
