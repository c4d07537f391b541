import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import type { Jobs } from './job-queue';

// Only builds job rows: every send through it passes the caller's transaction as its database.
const jobWriter = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('jobs are written through a transaction')) } });

/**
 * Writes a job with `manager`, the caller's transaction, so it exists exactly when that transaction
 * commits: a rolled-back action leaves no job, a committed one always has its job. The queue must exist.
 */
export async function sendInTransaction(manager: EntityManager, queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<void> {
  const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: await manager.query<unknown[]>(text, values) }) };
  await jobWriter.send(queue, data, { ...options, db } as PgBoss.SendOptions);
}

const DEADLOCK = '40P01';

/**
 * Creates a pg-boss queue if it is not there yet. pg-boss makes each queue a partition of its job
 * table; two creations at the same moment (queues started side by side in one process, or server
 * copies starting together on a new database) can deadlock on that table, and PostgreSQL then
 * cancels one of them. Creation is idempotent, so the cancelled one is simply tried again.
 */
export async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'> = {}): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, { ...options, name });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/** A pg-boss queue on the one job queue, ready to send and work jobs: pg-boss started and the queue created. */
export type WorkQueue = () => Promise<PgBoss>;

/**
 * A work queue made ready on first use, once per process: the one job queue started and the named
 * queue created with its settings (retries, expiry). A set-up that failed is tried again on the next use.
 */
export function workQueue(jobs: Jobs, name: string, options: Omit<PgBoss.Queue, 'name'> = {}): WorkQueue {
  let ready: Promise<PgBoss> | null = null;
  return () => {
    if (!ready) {
      ready = jobs.boss().then(async (boss) => {
        await ensureQueue(boss, name, options);
        return boss;
      });
      ready.catch(() => (ready = null));
    }
    return ready;
  };
}

/** How often a process looks for a due run of scheduled work (seconds), unless the queue says otherwise. */
const SCHEDULED_POLLING_SECONDS = 10;

export interface ScheduledWork<T extends object> {
  /** The pg-boss queue's name. */
  queue: string;
  /** pg-boss cron (UTC; minutes are its finest step). */
  cron: string;
  /** The data of each scheduled run. */
  data?: T;
  /** A run still active after this long is taken as crashed and taken up again. */
  expireInSeconds?: number;
  /** Also asks for a run now (at start), beside the schedule. */
  runAtStart?: boolean;
  /** How often this process looks for a due run; the queue's `pollingIntervalSeconds`, or 10 s, unless given. */
  pollingIntervalSeconds?: number;
}

/**
 * The settings of a queue of scheduled work: at most one run waiting and one running (`stately`), a
 * failed run waits for the next tick, and a run still active after `expireInSeconds` is taken as crashed.
 */
export function scheduledQueueSettings(expireInSeconds = 600): Omit<PgBoss.Queue, 'name'> {
  return { policy: 'stately', retryLimit: 0, expireInSeconds };
}

/**
 * Scheduled work on the one job queue, for all server copies at once: pg-boss's clock writes one job a
 * cron tick whatever the number of copies (the schedule is upserted by name), and the queue keeps at
 * most one run waiting and one running (`scheduledQueueSettings`). Creates the queue, registers the
 * schedule and works the runs in this process.
 */
export async function startScheduledWork<T extends object = object>(
  jobs: Jobs,
  { queue, cron, data, expireInSeconds, runAtStart = false, pollingIntervalSeconds }: ScheduledWork<T>,
  run: (data: T) => Promise<void>,
): Promise<void> {
  const boss = await jobs.boss();
  await ensureQueue(boss, queue, scheduledQueueSettings(expireInSeconds));
  await boss.schedule(queue, cron, data);
  const polling = pollingIntervalSeconds ?? jobs.pollingIntervalSeconds ?? SCHEDULED_POLLING_SECONDS;
  await boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: polling }, async ([job]) => run(job.data));
  if (runAtStart) await boss.send(queue, data ?? {});
}
