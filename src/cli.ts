#!/usr/bin/env node
import 'reflect-metadata';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig, resolveJwtSecret } from './config/config.js';
import { resolveDatabase } from './database/database-url.js';
import { pendingSchemaChanges, revertLastMigration, runMigrations } from './database/migrate.js';

// Built by the engine work; imported lazily so the other commands start fast.
const ENGINE_PERFT_CLI = './engine/perft-cli.js';

const USAGE = `Usage: outflank <command>

  serve                       run the HTTP server (default)
  migrate [--revert]          apply pending migrations (or revert the last one)
  migration:generate <Name>   write a migration for the entity changes not yet migrated
  migration:check             exit 1 when the entities and the migrations disagree
  perft <depth>               count the leaves of the game tree from the start position
  ratings verify              recompute every rating from the rated games and compare
  players moderator <name> --grant|--revoke
                              give or take the moderator role (logged in the moderation audit log)
  fair-play flagged [--json]  list the accounts flagged for sandbagging, with the accounts that gained
`;

const config = () => loadConfig(process.env, resolveJwtSecret);

async function withDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const db = await resolveDatabase(config(), (m) => process.stderr.write(`[outflank] ${m}\n`));
  try {
    return await work(db.url);
  } finally {
    await db.close();
  }
}

const repoRoot = join(__dirname, '..', '..');

async function generateMigration(name: string | undefined): Promise<number> {
  if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) {
    process.stderr.write('migration:generate needs a PascalCase name, e.g. `outflank migration:generate AddGames`.\n');
    return 2;
  }
  const changes = await withDatabase(async (url) => {
    await runMigrations(url);
    return pendingSchemaChanges(url);
  });
  if (changes.up.length === 0) {
    process.stdout.write('No changes: the migrations already match the entities.\n');
    return 0;
  }
  const stamp = Date.now();
  const className = `${name}${stamp}`;
  const q = (sql: string) => `    await queryRunner.query(\`${sql.replace(/`/g, '\\`')}\`);`;
  const source = `import { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  public async up(queryRunner: QueryRunner): Promise<void> {
${changes.up.map(q).join('\n')}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${[...changes.down].reverse().map(q).join('\n')}
  }
}
`;
  const file = `${stamp}-${name}`;
  writeFileSync(join(repoRoot, 'migrations', `${file}.ts`), source);
  const indexPath = join(repoRoot, 'migrations', 'index.ts');
  const index = readFileSync(indexPath, 'utf8')
    .replace(/^(\/\*\*[^]*?\*\/\n)/, `$1import { ${className} } from './${file}.js';\n`)
    .replace(/\n\];\s*$/, `\n  ${className},\n];\n`);
  writeFileSync(indexPath, index);
  process.stdout.write(`Wrote migrations/${file}.ts; review it by hand before committing.\n`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command = 'serve', ...args] = argv;
  switch (command) {
    case 'serve': {
      const { serve } = await import('./main.js');
      await serve(config());
      return -1; // keep running
    }
    case 'migrate':
      return withDatabase(async (url) => {
        if (args.includes('--revert')) {
          await revertLastMigration(url);
          process.stdout.write('Reverted the last migration.\n');
        } else {
          const ran = await runMigrations(url);
          process.stdout.write(ran.length ? `Applied: ${ran.join(', ')}\n` : 'Nothing to apply.\n');
        }
        return 0;
      });
    case 'migration:generate':
      return generateMigration(args[0]);
    case 'migration:check':
      return withDatabase(async (url) => {
        await runMigrations(url);
        const { up } = await pendingSchemaChanges(url);
        if (up.length === 0) {
          process.stdout.write('The migrations match the entities.\n');
          return 0;
        }
        process.stderr.write(`The entities and the migrations disagree; missing:\n${up.join(';\n')}\n`);
        return 1;
      });
    case 'perft': {
      const { main: perft } = await import(ENGINE_PERFT_CLI);
      return perft(args);
    }
    case 'ratings': {
      const { main: ratings } = await import('./cli/ratings-cli.js');
      return ratings(args, config());
    }
    case 'players': {
      const { main: players } = await import('./moderation/moderation-cli.js');
      const c = config();
      return players(args, () => resolveDatabase(c, (m) => process.stderr.write(`[outflank] ${m}\n`)), c.dbConnectTimeoutSeconds);
    }
    case 'fair-play': {
      const { main: fairPlay } = await import('./cli/fair-play-cli.js');
      return fairPlay(args, config());
    }
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(78);
    }
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
