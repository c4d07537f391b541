import { Router } from 'express';
import type { DataSource } from 'typeorm';

/** /healthz: the process is up. /readyz: the database answers, within two seconds. */
export function healthRouter(db: DataSource): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await Promise.race([
        db.query('SELECT 1'),
        new Promise((_resolve, reject) => setTimeout(() => reject(new Error('database timeout')), 2000).unref()),
      ]);
      res.json({ status: 'ok', database: 'up' });
    } catch {
      res.status(503).json({ status: 'unavailable', database: 'down' });
    }
  });
  return router;
}
