/**
 * The model test deadline queue starts beside serving: a failure to start it is an error, a
 * shutdown that stops it before it has started is not.
 */
import type { DataSource } from 'typeorm';
import { JobQueue } from '../../db/job-queue';
import type { AppLogger } from '../../logger';
import type { Services } from '../../kernel/services';
import { PracticeQueue } from './practice-queue';
import { practiceModule } from './practice.module';

function startDeadlineQueue(jobs: JobQueue) {
  const errors: string[] = [];
  const log = { error: (_fields: unknown, message: string) => void errors.push(message) } as unknown as AppLogger;
  const services = { db: {} as DataSource, log, jobs, practice: new PracticeQueue(jobs) } as unknown as Services;
  const [job] = practiceModule.jobs!(services);
  return { start: () => job.start(), errors };
}

/** The job queue's own log (pg-boss's errors): not what is checked here. */
const quiet = { error: () => undefined } as unknown as AppLogger;

/** The queue's start goes on beside serving: waits until it has failed or a second has passed. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 1000));

describe('the model test deadline queue', () => {
  it('logs an error when it cannot start', async () => {
    // No database listens on port 1.
    const { start, errors } = startDeadlineQueue(new JobQueue('postgres://nobody@127.0.0.1:1/none', quiet));
    await start();
    await settled();
    expect(errors).toEqual(['the model test deadline queue did not start']);
  });

  it('logs nothing when a shutdown stopped the job queue before it started', async () => {
    const jobs = new JobQueue('postgres://nobody@127.0.0.1:1/none', quiet);
    await jobs.stop();
    const { start, errors } = startDeadlineQueue(jobs);
    await start();
    await settled();
    expect(errors).toEqual([]);
  });
});
