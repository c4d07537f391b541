import PgBoss from 'pg-boss';
import type { AppLogger } from '../../logger';

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
}

/** The PostgreSQL job queue (pg-boss, in its own `pgboss` schema), started on first use. */
export class VideoQueue {
  private started: Promise<PgBoss> | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: AppLogger,
    readonly options: VideoQueueOptions,
  ) {}

  boss(): Promise<PgBoss> {
    this.started ??= (async () => {
      const boss = new PgBoss({
        connectionString: this.databaseUrl,
        max: 3,
        maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 60,
        schedule: false,
      });
      boss.on('error', (error: unknown) => this.log.error({ err: error }, 'video job queue error'));
      await boss.start();
      await boss.createQueue(TRANSCODE_QUEUE, { name: TRANSCODE_QUEUE, ...this.retry, expireInSeconds: this.options.jobTimeoutSeconds });
      return boss;
    })();
    return this.started;
  }

  private get retry() {
    return { retryLimit: 3, retryDelay: this.options.retryDelaySeconds ?? 10, retryBackoff: true };
  }

  async enqueue(videoId: string): Promise<string | null> {
    const boss = await this.boss();
    return boss.send(TRANSCODE_QUEUE, { videoId } satisfies TranscodeJob, { ...this.retry, expireInSeconds: this.options.jobTimeoutSeconds });
  }

  /** Works on transcode jobs one at a time (a transcode keeps a core busy). */
  async work(handler: (job: PgBoss.JobWithMetadata<TranscodeJob>) => Promise<void>): Promise<void> {
    const boss = await this.boss();
    await boss.work<TranscodeJob>(
      TRANSCODE_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
      async ([job]) => handler(job),
    );
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    const boss = await this.started.catch(() => null);
    this.started = null;
    await boss?.stop({ graceful: true, timeout: 5000, wait: true });
  }
}
