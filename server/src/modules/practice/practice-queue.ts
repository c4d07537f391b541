import PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';
import type { AppLogger } from '../../logger';
import { finishAtDeadline, type DeadlineScheduler } from './attempt.service';
import { ensureQueue } from '../../db/job-queues';

export const SUBMIT_AT_DEADLINE_QUEUE = 'submit-attempt-at-deadline';

interface DeadlineJob {
  attemptId: string;
}

/**
 * The server's submission of unfinished attempts at their deadline: one job per attempt in the
 * PostgreSQL queue (pg-boss), due at the deadline, retried if it fails. Reading an attempt past its
 * deadline submits it too, so a result never waits on the queue.
 */
export class PracticeQueue implements DeadlineScheduler {
  private started: Promise<PgBoss> | null = null;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: AppLogger,
    private readonly pollingIntervalSeconds = 2,
  ) {}

  private boss(): Promise<PgBoss> {
    if (this.stopped) return Promise.reject(new Error('the practice queue is stopped'));
    this.started ??= (async () => {
      const boss = new PgBoss({ connectionString: this.databaseUrl, max: 2, schedule: false });
      boss.on('error', (error: unknown) => this.log.error({ err: error }, 'practice job queue error'));
      await boss.start();
      await ensureQueue(boss, SUBMIT_AT_DEADLINE_QUEUE, this.retry);
      return boss;
    })();
    return this.started;
  }

  private get retry() {
    return { retryLimit: 5, retryDelay: 5, retryBackoff: true };
  }

  async schedule(attemptId: string, deadline: Date): Promise<void> {
    const boss = await this.boss();
    await boss.sendAfter(SUBMIT_AT_DEADLINE_QUEUE, { attemptId } satisfies DeadlineJob, { ...this.retry, singletonKey: attemptId }, deadline);
  }

  /** Submits attempts whose deadline came, a few at a time. */
  async work(db: DataSource): Promise<void> {
    if (this.stopped) return;
    const boss = await this.boss();
    // A shutdown that came while the queue was starting: nothing to work for.
    if (this.stopped) return;
    await boss.work<DeadlineJob>(SUBMIT_AT_DEADLINE_QUEUE, { batchSize: 10, pollingIntervalSeconds: this.pollingIntervalSeconds }, async (jobs) => {
      for (const job of jobs) await finishAtDeadline(db, job.data.attemptId);
    });
  }

  async stop(timeoutMs = 5000): Promise<void> {
    this.stopped = true;
    if (!this.started) return;
    const boss = await this.started.catch(() => null);
    this.started = null;
    await boss?.stop({ graceful: true, timeout: timeoutMs, wait: true });
  }
}
