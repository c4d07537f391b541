import type PgBoss from 'pg-boss';
import type { Jobs } from '../../db/job-queue';
import { workQueue, type WorkQueue } from '../../db/job-queues';

export const TRANSCODE_QUEUE = 'transcode-lesson-video';

export interface TranscodeJob {
  videoId: string;
}

export interface VideoQueueOptions {
  /** A job still active after this long is taken as crashed and retried. */
  jobTimeoutSeconds: number;
  pollingIntervalSeconds?: number;
  /** The first retry waits about this long, each later one twice as long (three retries). */
  retryDelaySeconds?: number;
  /** VIDEO_CONCURRENCY: how many videos this process transcodes at once (1 unless given). */
  concurrency?: number;
}

/** Lesson videos waiting to be transcoded, in the process's one job queue (`JobQueue`). */
export class VideoQueue {
  /** pg-boss with the transcoding queue created (on first use). */
  readonly boss: WorkQueue;

  constructor(
    jobs: Jobs,
    readonly options: VideoQueueOptions,
  ) {
    this.boss = workQueue(jobs, TRANSCODE_QUEUE, { ...this.retry, expireInSeconds: options.jobTimeoutSeconds });
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
}
