import type PgBoss from 'pg-boss';

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
