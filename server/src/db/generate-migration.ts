/**
 * `npm run migration:generate -- Name`: writes migrations/<timestamp>-Name.ts with the SQL that
 * brings a database holding every current migration up to the entities.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../config/paths';
import { createLogger } from '../logger';
import { createDataSource } from './data-source';
import { startEmbeddedPostgres } from './embedded';

async function main() {
  const name = process.argv[2];
  if (!name || !/^[A-Za-z][A-Za-z0-9]*$/.test(name)) {
    throw new Error('Give the migration a name in PascalCase: npm run migration:generate -- AddLessons');
  }
  const log = createLogger('warn');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-migration-'));
  const embedded = await startEmbeddedPostgres(dataDir, 'migration_check', log);
  const dataSource = createDataSource(embedded.url, log);
  try {
    await dataSource.initialize();
    await dataSource.runMigrations();
    const sql = await dataSource.driver.createSchemaBuilder().log();
    if (sql.upQueries.length === 0) {
      console.log('The entities and the migrations agree: nothing to generate.');
      return;
    }
    const timestamp = Date.now();
    const quote = (q: string) => '`' + q.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${') + '`';
    const up = sql.upQueries.map((q) => `    await queryRunner.query(${quote(q.query)});`).join('\n');
    const down = sql.downQueries
      .reverse()
      .map((q) => `    await queryRunner.query(${quote(q.query)});`)
      .join('\n');
    const file = path.join(repoRoot, 'migrations', `${timestamp}-${name}.ts`);
    fs.writeFileSync(
      file,
      `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${name}${timestamp} implements MigrationInterface {
  name = '${name}${timestamp}';

  public async up(queryRunner: QueryRunner): Promise<void> {
${up}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${down}
  }
}
`,
    );
    console.log(`Wrote ${path.relative(repoRoot, file)}`);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (process.env.DEBUG ? error.stack : error.message) : error);
  process.exit(1);
});
