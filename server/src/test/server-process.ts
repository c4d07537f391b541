import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { TEST_JWT_SECRET } from './app';
import { compiledScript } from './compiled-server';

/** The product's server as its own operating-system process, as it runs in production. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Log lines printed so far, for assertions and for failure messages. */
  logs: string[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const serverRoot = path.resolve(__dirname, '..', '..');

/** The connection address of a test database made by openTestDatabase. */
export function databaseUrlOf(db: DataSource): string {
  const url = new URL(process.env.TEST_POSTGRES_URL!);
  url.pathname = `/${db.driver.database}`;
  return url.toString();
}

/** Starts the server (`src/index.ts`, compiled) against the given database (null: its own embedded one under DATA_DIR) and waits until it serves. */
export async function startServerProcess(db: DataSource | null, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [await compiledScript('src/index.ts')], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      ...(db ? { DATABASE_URL: databaseUrlOf(db) } : {}),
      JWT_SECRET: TEST_JWT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join('\n')}`)), 60_000);
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        logs.push(line);
        const port = /"port":(\d+)/.exec(line)?.[1];
        if (port && line.includes('serving')) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${port}`);
        }
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${logs.join('\n')}`)));
  });
  return {
    url,
    child,
    logs,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
