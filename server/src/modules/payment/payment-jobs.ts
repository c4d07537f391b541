import type { AppLogger } from '../../logger';
import type { Jobs } from '../../db/job-queue';
import { forgetExpiredLegacyChargeRequests } from './legacy-purchase.service';
import type { PurchaseDeps } from './payment-deps';
import { reconcileUnsettledPayments } from './reconciliation.service';
import { scheduledQueueSettings, startScheduledWork, workQueue, type WorkQueue } from '../../db/job-queues';

/** The scheduled job that asks providers about unsettled payments and refunds still processing. */
export const RECONCILE_QUEUE = 'reconcile-payments';
/** Every five minutes (pg-boss cron: minutes are its finest step). */
export const RECONCILE_CRON = '*/5 * * * *';
/** The scheduled run leaves payments younger than this to the purchase still working on them. */
export const RECONCILE_AGE_SECONDS = 120;

interface ReconcileJob {
  /** Payments created less than this long ago are left alone (0: all, as after a crash). */
  olderThanSeconds: number;
}

export interface PaymentJobsOptions {
  /** How often this copy looks for a due run (seconds); tests make it short. */
  pollingIntervalSeconds?: number;
  /** The run's cron; every five minutes unless given. */
  cron?: string;
}

/**
 * Reconciliation and refund polling as jobs in the one PostgreSQL queue (pg-boss), never inside a
 * request (the same run forgets the old client's expired card tokens); scheduled work
 * (`startScheduledWork`), so however many server copies work the queue, one asks the providers at a time.
 */
export class PaymentJobs {
  // A run that dies with its process is taken up again after 10 minutes; a failed run waits for the next tick.
  private readonly queue: WorkQueue;

  constructor(
    private readonly jobs: Jobs,
    private readonly deps: PurchaseDeps,
    private readonly log: AppLogger,
    private readonly options: PaymentJobsOptions = {},
  ) {
    this.queue = workQueue(jobs, RECONCILE_QUEUE, scheduledQueueSettings());
  }

  /** Registers the schedule (once for all copies: the same name is upserted) and works the runs in this process. */
  async start(): Promise<void> {
    await startScheduledWork<ReconcileJob>(
      this.jobs,
      {
        queue: RECONCILE_QUEUE,
        cron: this.options.cron ?? RECONCILE_CRON,
        data: { olderThanSeconds: RECONCILE_AGE_SECONDS },
        pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 10,
      },
      (job) => this.run(job),
    );
  }

  /** Asks for a run now (at start: what a crash left unsettled); one already waiting makes this a no-op. */
  async runSoon(olderThanSeconds = 0): Promise<void> {
    const boss = await this.queue();
    await boss.send(RECONCILE_QUEUE, { olderThanSeconds } satisfies ReconcileJob);
  }

  private async run({ olderThanSeconds }: ReconcileJob): Promise<void> {
    const reconciled = await reconcileUnsettledPayments(this.deps, { olderThanSeconds });
    if (reconciled > 0) this.log.info({ reconciled }, 'unsettled payments checked with the provider');
    // The old client's card tokens are not kept past their half hour, even when nobody calls again.
    const forgotten = await forgetExpiredLegacyChargeRequests(this.deps);
    if (forgotten > 0) this.log.info({ forgotten }, 'expired legacy charge requests removed with their card tokens');
  }
}
