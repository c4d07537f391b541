import { Router } from 'express';
import type { DataSource } from 'typeorm';
import type { DatabaseState } from '../db/embedded';

/**
 * /healthz: the process can serve; it fails only when its embedded database died and could not be
 * restarted, so an orchestrator restarts the process. /readyz: the database answers, within two seconds.
 */
export function healthRouter(db: DataSource, databaseState: () => DatabaseState = () => 'up'): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    if (databaseState() === 'failed') {
      res.status(503).json({ status: 'failed', database: 'could not be restarted' });
      return;
    }
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await Promise.race([db.query('SELECT 1'), new Promise((_resolve, reject) => setTimeout(() => reject(new Error('database timeout')), 2000).unref())]);
      res.json({ status: 'ok', database: 'up' });
    } catch {
      res.status(503).json({ status: 'unavailable', database: 'down' });
    }
  });
  return router;
}
