import { Client } from 'pg';
import type PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';
import type { Jobs } from '../../db/job-queue';
import type { AppLogger } from '../../logger';
import type { Mailer } from '../mail/mailer';
import { sendDelivery } from './webhook-sender';
import { endpointQueue, WEBHOOK_CHANNEL, WEBHOOK_QUEUE, type WebhookJob } from './webhook-events';
import { ensureQueue, workQueue, type WorkQueue } from '../../db/job-queues';
import type { Resolve, WebhookTargets } from './webhook-target';

export interface WebhookQueueOptions {
  /** The first retry waits this long, each later one twice as long. */
  retryDelaySeconds: number;
  /** Retries after the first attempt: 12 from 20 s double up to about a day in all. */
  retryLimit: number;
  pollingIntervalSeconds?: number;
  /** How long an endpoint has to answer. */
  timeoutMs?: number;
  /** How target names are resolved (tests stand in a resolver; by default the system's). */
  resolve?: Resolve;
}

/** About a day of retries: 20 s, 40 s, 80 s, ... the last some 11 hours after the one before (22.75 h in all). */
export const DEFAULT_WEBHOOK_RETRIES: WebhookQueueOptions = { retryDelaySeconds: 20, retryLimit: 12 };

/**
 * Webhook deliveries on the one PostgreSQL queue (pg-boss, `pgboss` schema): jobs are written in
 * the transaction of the action that caused the event (webhook-events.ts), and worked here, in the
 * server process, with retries and exponential backoff. Each endpoint has its own queue and worker
 * (`endpointQueue`), one delivery at a time in the order written: a slow or failing endpoint holds
 * up only its own deliveries. A timeout is one failed attempt, retried like any other. A worker that
 * found a delivery looks for the next one at once (a backlog drains at the endpoint's own pace), and
 * a committed event wakes its endpoints' workers in every process (WEBHOOK_CHANNEL); polling only
 * catches what a lost notice missed.
 */
export class WebhookQueue {
  private started: Promise<PgBoss> | null = null;
  private readonly settings: { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number };
  private readonly queue: WorkQueue;
  private readonly endpoints = new Map<string, Promise<void>>();
  /** Each worked queue's pg-boss worker id, to wake it when its deliveries are written. */
  private readonly workers = new Map<string, string>();

  constructor(
    jobs: Jobs,
    private readonly log: AppLogger,
    readonly options: WebhookQueueOptions = DEFAULT_WEBHOOK_RETRIES,
    /** Where deliveries may go: checked again at every attempt. */
    readonly targets: WebhookTargets,
    /** Tells an endpoint's owner that it was turned off after failing for days. */
    private readonly mailer: Mailer,
  ) {
    this.settings = { retryLimit: options.retryLimit, retryDelay: options.retryDelaySeconds, retryBackoff: true, expireInSeconds: 120 };
    this.queue = workQueue(jobs, WEBHOOK_QUEUE, this.settings);
  }

  /** Starts the queue and its worker (once); `secretKey` decrypts endpoint secrets. */
  start(db: DataSource, secretKey: Buffer): Promise<PgBoss> {
    this.started ??= (async () => {
      const boss = await this.queue();
      // A queue made earlier, with other settings, takes these.
      await boss.updateQueue(WEBHOOK_QUEUE, { name: WEBHOOK_QUEUE, ...this.settings });
      // Jobs written before endpoints had queues of their own.
      await this.work(boss, WEBHOOK_QUEUE, db, secretKey);
      const live = await db.query<Array<{ id: string }>>(`SELECT "id" FROM "webhook_endpoint" WHERE "deletedAt" IS NULL`);
      await Promise.all(live.map(({ id }) => this.workEndpoint(boss, db, secretKey, id)));
      await this.listen(boss, (db.options as { url: string }).url);
      return boss;
    })();
    this.started.catch(() => (this.started = null));
    return this.started;
  }

  /** Makes an endpoint's queue (before its row is written) and works it in this process. */
  async startEndpoint(db: DataSource, secretKey: Buffer, endpointId: string): Promise<void> {
    const boss = await this.start(db, secretKey);
    await this.workEndpoint(boss, db, secretKey, endpointId);
  }

  private workEndpoint(boss: PgBoss, db: DataSource, secretKey: Buffer, endpointId: string): Promise<void> {
    let started = this.endpoints.get(endpointId);
    if (!started) {
      started = (async () => {
        await ensureQueue(boss, endpointQueue(endpointId), this.settings);
        await this.work(boss, endpointQueue(endpointId), db, secretKey);
      })();
      started.catch(() => this.endpoints.delete(endpointId));
      this.endpoints.set(endpointId, started);
    }
    return started;
  }

  private async work(boss: PgBoss, queue: string, db: DataSource, secretKey: Buffer): Promise<void> {
    const deps = { db, secretKey, log: this.log, timeoutMs: this.options.timeoutMs ?? 10_000, targets: this.targets, mailer: this.mailer };
    const id = await boss.work<WebhookJob>(
      queue,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 },
      async ([job]) => {
        try {
          await sendDelivery(deps, job);
        } finally {
          // There may be more: look again now rather than after the polling interval.
          boss.notifyWorker(this.workers.get(queue) ?? '');
        }
      },
    );
    this.workers.set(queue, id);
  }

  /** Wakes an endpoint's worker when a committed transaction wrote it deliveries (in any process); until the queue stops. */
  private async listen(boss: PgBoss, databaseUrl: string): Promise<void> {
    const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
    client.on('notification', (notice) => {
      for (const endpointId of (notice.payload ?? '').split(',')) boss.notifyWorker(this.workers.get(endpointQueue(endpointId)) ?? '');
    });
    // Without notices, polling still delivers everything, a little later.
    client.on('error', (error) => this.log.warn({ err: error }, 'webhooks: lost the delivery notices; polling only'));
    boss.once('stopped', () => void client.end().catch(() => undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${WEBHOOK_CHANNEL}`);
    } catch (error) {
      this.log.warn({ err: error }, 'webhooks: cannot listen for delivery notices; polling only');
      await client.end().catch(() => undefined);
    }
  }

  /** Starts at server start when some endpoint is registered (otherwise registering one starts it). */
  async startIfNeeded(db: DataSource, secretKey: Buffer): Promise<void> {
    const [row] = await db.query<Array<{ any: boolean }>>(`SELECT EXISTS (SELECT 1 FROM "webhook_endpoint" WHERE "deletedAt" IS NULL) AS "any"`);
    if (row.any) await this.start(db, secretKey);
  }
}
