import PgBoss from 'pg-boss';
import type { AppLogger } from '../../logger';
import { ensureQueue } from '../../db/job-queues';

export const TRANSCODE_QUEUE = 'transcode-lesson-video';

export interface TranscodeJob {
  videoId: string;
}

export interface VideoQueueOptions {
  /** A job still active after this long is taken as crashed and retried. */
  jobTimeoutSeconds: number;
  /** How often expired jobs are looked for (pg-boss maintenance); tests make it short. */
  maintenanceIntervalSeconds?: number;
  pollingIntervalSeconds?: number;
  /** The first retry waits about this long, each later one twice as long (three retries). */
  retryDelaySeconds?: number;
  /** VIDEO_CONCURRENCY: how many videos this process transcodes at once (1 unless given). */
  concurrency?: number;
  /** Runs pg-boss's clock (scheduled jobs such as payment reconciliation) in this process: the server does. */
  scheduling?: boolean;
}

/**
 * The process's one PostgreSQL job queue (pg-boss, in its own `pgboss` schema), started on first use:
 * lesson video transcoding, mail (mailer.ts) and the scheduled payment jobs (payment-jobs.ts) all run on it.
 */
export class VideoQueue {
  private started: Promise<PgBoss> | null = null;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: AppLogger,
    readonly options: VideoQueueOptions,
  ) {}

  boss(): Promise<PgBoss> {
    // Once stopped (shutting down), nothing starts the queue again behind the shutdown's back.
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    this.started ??= (async () => {
      const boss = new PgBoss({
        connectionString: this.databaseUrl,
        max: 3 + (this.options.concurrency ?? 1),
        maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 60,
        schedule: this.options.scheduling ?? false,
      });
      boss.on('error', (error: unknown) => this.log.error({ err: error }, 'video job queue error'));
      await boss.start();
      await ensureQueue(boss, TRANSCODE_QUEUE, { ...this.retry, expireInSeconds: this.options.jobTimeoutSeconds });
      return boss;
    })();
    return this.started;
  }

  private get retry() {
    return { retryLimit: 3, retryDelay: this.options.retryDelaySeconds ?? 10, retryBackoff: true };
  }

  /**
   * Queues a video's processing. `waitingAhead` is how many of the same instructor's videos are
   * still waiting or processing: pg-boss takes the highest priority first (the oldest among equals),
   * so each instructor's first video goes before anyone's second, and ten uploads by one instructor
   * hold another's first back by at most the job already running.
   */
  async enqueue(videoId: string, waitingAhead = 0): Promise<string | null> {
    const boss = await this.boss();
    return boss.send(TRANSCODE_QUEUE, { videoId } satisfies TranscodeJob, {
      ...this.retry,
      expireInSeconds: this.options.jobTimeoutSeconds,
      priority: -Math.max(0, waitingAhead),
    });
  }

  /** Works on transcode jobs, `concurrency` at a time (each transcode keeps a core busy). */
  async work(handler: (job: PgBoss.JobWithMetadata<TranscodeJob>) => Promise<void>): Promise<void> {
    const boss = await this.boss();
    for (let worker = 0; worker < (this.options.concurrency ?? 1); worker++) {
      await boss.work<TranscodeJob>(
        TRANSCODE_QUEUE,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
        async ([job]) => handler(job),
      );
    }
  }

  /** Stops taking jobs and waits for those in hand at most `timeoutMs` (they are retried by the next worker after that). */
  async stop(timeoutMs = 5000): Promise<void> {
    this.stopped = true;
    if (!this.started) return;
    const boss = await this.started.catch(() => null);
    this.started = null;
    await boss?.stop({ graceful: true, timeout: timeoutMs, wait: true });
  }
}
