import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from './app';
import { closeTestDatabase, openTestDatabase, resetDatabase } from './database';
import { HttpClient } from './http-client';

/** What a test talking to the app over HTTP works with; filled in by the hooks of `useAppPerFile`. */
export interface AppUnderTest {
  db: DataSource;
  app: TestApp;
  /** Someone not signed in, new for each test. */
  visitor: HttpClient;
}

export interface AppPerFileOptions {
  /** Settings the app reads from the environment, for this file only. */
  env?: Record<string, string>;
  /** False for a file whose tests share data set up once in its own `beforeAll`. */
  emptyBeforeEach?: boolean;
}

/**
 * The usual setup of a test file that drives the app over HTTP: one database and one app for the
 * file, the database emptied before each test (unless told otherwise). Call it at the top of the
 * file, before the file's own hooks, and read the fields inside hooks and tests (they are set by then).
 */
export function useAppPerFile({ env = {}, emptyBeforeEach = true }: AppPerFileOptions = {}): AppUnderTest {
  const under = {} as AppUnderTest;
  beforeAll(async () => {
    under.db = await openTestDatabase();
    under.app = await startTestApp(under.db, env);
    under.visitor = new HttpClient(under.app.url);
  });
  afterAll(async () => {
    await under.app?.close();
    if (under.db) await closeTestDatabase(under.db);
  });
  beforeEach(async () => {
    if (emptyBeforeEach) await resetDatabase(under.db);
    under.visitor = new HttpClient(under.app.url);
  });
  return under;
}
