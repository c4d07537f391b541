/** `npm run seed`: loads the demo data into the configured database when it has no courses yet. */
import { loadEnv } from '../../config/env';
import { createLogger } from '../../logger';
import { openDatabase } from '../database';
import { seedDemoData } from './seed';

async function main() {
  const env = loadEnv();
  if (env.nodeEnv === 'production') throw new Error('The demo data is never loaded in production.');
  const log = createLogger('info');
  const database = await openDatabase(env, log);
  try {
    const seeded = await seedDemoData(database.dataSource);
    log.info(seeded ? 'demo data loaded' : 'the database already has courses: nothing loaded');
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
