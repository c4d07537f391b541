import type PgBoss from 'pg-boss';
import type { Jobs } from './job-queue';

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

/** How often a process looks for a due run of scheduled work (seconds), unless the queue says otherwise. */
const SCHEDULED_POLLING_SECONDS = 10;

export interface ScheduledWork {
  /** The pg-boss queue's name. */
  queue: string;
  /** pg-boss cron (UTC; minutes are its finest step). */
  cron: string;
  /** A run still active after this long is taken as crashed and taken up again. */
  expireInSeconds?: number;
  /** Also asks for a run now (at start), beside the schedule. */
  runAtStart?: boolean;
}

/**
 * Scheduled work on the one job queue, for all server copies at once: pg-boss's clock writes one job a
 * cron tick whatever the number of copies (the schedule is upserted by name), the `stately` policy
 * keeps at most one run waiting and one running, and a failed run waits for the next tick. Creates the
 * queue, registers the schedule and works the runs in this process.
 */
export async function startScheduledWork(
  jobs: Jobs,
  { queue, cron, expireInSeconds = 600, runAtStart = false }: ScheduledWork,
  run: () => Promise<void>,
): Promise<void> {
  const boss = await jobs.boss();
  await ensureQueue(boss, queue, { policy: 'stately', retryLimit: 0, expireInSeconds });
  await boss.schedule(queue, cron);
  await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: jobs.pollingIntervalSeconds ?? SCHEDULED_POLLING_SECONDS }, async () => run());
  if (runAtStart) await boss.send(queue, {});
}
