import type { DataSource } from 'typeorm';
import type PgBoss from 'pg-boss';
import type { JobQueue } from '../../db/job-queue';
import { ensureQueue } from '../../db/job-queues';
import type { Viewer } from '../../kernel/viewer';
import { requireViewer } from '../../modules/auth/guards';
import { ExampleNote } from './example-note.entity';

export const EXAMPLE_NOTE_QUEUE = 'example-note-seen';

/** The example module's service: notes written by signed-in people, each seen by a job afterwards. */
export class ExampleNotes {
  constructor(
    private readonly db: DataSource,
    private readonly jobs: JobQueue,
  ) {}

  list(): Promise<ExampleNote[]> {
    return this.db.getRepository(ExampleNote).find({ order: { createdAt: 'ASC' } });
  }

  count(): Promise<number> {
    return this.db.getRepository(ExampleNote).count();
  }

  async add(viewer: Viewer | null, text: string): Promise<ExampleNote> {
    requireViewer({ viewer });
    const note = await this.db.getRepository(ExampleNote).save({ text });
    await (await this.queue()).send(EXAMPLE_NOTE_QUEUE, { id: note.id });
    return note;
  }

  /** Works the queue: marks each note seen. */
  async work(): Promise<void> {
    const boss = await this.queue();
    await boss.work<{ id: string }>(EXAMPLE_NOTE_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      await this.db.getRepository(ExampleNote).update(job.data.id, { seen: true });
    });
  }

  private async queue(): Promise<PgBoss> {
    const boss = await this.jobs.boss();
    await ensureQueue(boss, EXAMPLE_NOTE_QUEUE);
    return boss;
  }
}
