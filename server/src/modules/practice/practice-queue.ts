import type { DataSource } from 'typeorm';
import type { Jobs } from '../../db/job-queue';
import { finishAtDeadline, type DeadlineScheduler } from './attempt.service';
import { workQueue, type WorkQueue } from '../../db/job-queues';

export const SUBMIT_AT_DEADLINE_QUEUE = 'submit-attempt-at-deadline';

interface DeadlineJob {
  attemptId: string;
}

/**
 * The server's submission of unfinished attempts when their time is up: one job per attempt in the
 * process's one job queue, due at the deadline plus the test's grace window, retried if it fails.
 * Reading never submits: a result read before the job ran is counted as the job will count it.
 */
const RETRY = { retryLimit: 5, retryDelay: 5, retryBackoff: true };

export class PracticeQueue implements DeadlineScheduler {
  private readonly boss: WorkQueue;

  constructor(
    jobs: Jobs,
    private readonly pollingIntervalSeconds = 2,
  ) {
    this.boss = workQueue(jobs, SUBMIT_AT_DEADLINE_QUEUE, RETRY);
  }

  async schedule(attemptId: string, deadline: Date): Promise<void> {
    const boss = await this.boss();
    await boss.sendAfter(SUBMIT_AT_DEADLINE_QUEUE, { attemptId } satisfies DeadlineJob, { ...RETRY, singletonKey: attemptId }, deadline);
  }

  /** Submits attempts whose deadline came, a few at a time. */
  async work(db: DataSource): Promise<void> {
    const boss = await this.boss();
    await boss.work<DeadlineJob>(SUBMIT_AT_DEADLINE_QUEUE, { batchSize: 10, pollingIntervalSeconds: this.pollingIntervalSeconds }, async (jobs) => {
      for (const job of jobs) await finishAtDeadline(db, job.data.attemptId);
    });
  }
}
