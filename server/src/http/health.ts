import { Router } from 'express';
import type { DataSource } from 'typeorm';
import type { DatabaseState } from '../db/embedded';
import { documented, json, type RouteDocs } from '../shared/route-docs';

const status = (description: string) =>
  json(description, { type: 'object', required: ['status'], properties: { status: { type: 'string' }, database: { type: 'string' } } });

/** The description of the paths below, for GET /openapi.json (http/openapi.ts). */
const HEALTH_API: RouteDocs = {
  'GET /healthz': {
    tag: 'Health',
    access: 'anyone',
    summary: 'Whether the process can serve',
    responses: { 200: status('It can: `{"status":"ok"}`'), 503: status('Its embedded database died and could not be restarted') },
  },
  'GET /readyz': {
    tag: 'Health',
    access: 'anyone',
    summary: 'Whether the database answers, within two seconds',
    responses: { 200: status('It does: `{"status":"ok","database":"up"}`'), 503: status('It does not') },
  },
};

/**
 * /healthz: the process can serve; it fails only when its embedded database died and could not be
 * restarted, so an orchestrator restarts the process. /readyz: the database answers, within two seconds.
 */
export function healthRouter(db: DataSource, databaseState: () => DatabaseState = () => 'up'): Router {
  const router = documented(Router(), HEALTH_API);
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
