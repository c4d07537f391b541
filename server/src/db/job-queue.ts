import PgBoss from 'pg-boss';
import type { AppLogger } from '../logger';

export interface JobQueueOptions {
  /** How often expired jobs are looked for (pg-boss maintenance); tests make it short. */
  maintenanceIntervalSeconds?: number;
  /** Runs pg-boss's clock (scheduled jobs such as payment reconciliation) in this process: the server does. */
  scheduling?: boolean;
  /** Connections for the queue's own pool: a few for sending and polling, one per job worked at once. */
  connections?: number;
  /** How often this process looks for a due run of scheduled work (`startScheduledWork`); tests make it short. */
  scheduledPollingSeconds?: number;
}

/** What a module needs of the queue to send and work its jobs. */
export interface Jobs {
  boss(): Promise<PgBoss>;
  /** How often scheduled work is looked for in this process (seconds), if the queue says. */
  readonly pollingIntervalSeconds?: number;
}

/**
 * The process's one PostgreSQL job queue (pg-boss, in its own `pgboss` schema), started on first
 * use. Every module's work that is not answering a request runs on it, each in its named pg-boss
 * queue. Each module declares its jobs in its manifest (`ProductModule.jobs`); a work queue is made
 * ready by `workQueue`, scheduled work by `startScheduledWork` (job-queues.ts). Never a `setInterval`
 * in the web process.
 */
export class JobQueue implements Jobs {
  private started: Promise<PgBoss> | null = null;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: AppLogger,
    private readonly options: JobQueueOptions = {},
  ) {}

  boss(): Promise<PgBoss> {
    // Once stopped (shutting down), nothing starts the queue again behind the shutdown's back.
    if (this.stopped) return Promise.reject(new Error('the job queue is stopped'));
    this.started ??= (async () => {
      const boss = new PgBoss({
        connectionString: this.databaseUrl,
        max: this.options.connections ?? 6,
        maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 60,
        schedule: this.options.scheduling ?? false,
      });
      boss.on('error', (error: unknown) => this.log.error({ err: error }, 'job queue error'));
      await boss.start();
      return boss;
    })();
    this.started.catch(() => (this.started = null));
    return this.started;
  }

  get pollingIntervalSeconds(): number | undefined {
    return this.options.scheduledPollingSeconds;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Stops taking jobs and waits for those in hand at most `timeoutMs` (they are retried by the next process after that). */
  async stop(timeoutMs = 5000): Promise<void> {
    this.stopped = true;
    if (!this.started) return;
    const boss = await this.started.catch(() => null);
    this.started = null;
    await boss?.stop({ graceful: true, timeout: timeoutMs, wait: true });
  }
}
