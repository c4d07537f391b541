import type { ProductModule } from '../../kernel/product-module';
import { CourseAnnouncement } from './announcement.entity';
import { AnnouncementResolver } from './announcement.resolver';
import { ANNOUNCEMENT_QUEUE, announcementQueue, deliverAnnouncement, type AnnouncementDeps } from './announcement.service';

declare module '../../kernel/services' {
  interface ModuleServices {
    /** Course announcements and the job that sends them. */
    announcements: AnnouncementDeps;
  }
}

export const announcementModule: ProductModule = {
  name: 'announcement',
  services: {
    announcements: ({ db, jobs, mail, env }) => ({ db, mailer: mail.mailer, publicUrl: env.publicUrl, queue: announcementQueue(jobs) }),
  },
  resolvers: [AnnouncementResolver],
  entities: [CourseAnnouncement],
  // Sent from every server copy and the worker; each announcement by one of them.
  jobs: ({ announcements }) => [
    {
      queue: ANNOUNCEMENT_QUEUE,
      phase: 'listening',
      processes: ['server', 'worker'],
      start: async () => {
        const boss = await announcements.queue();
        await boss.work<{ announcementId: string }>(ANNOUNCEMENT_QUEUE, { batchSize: 1 }, async ([job]) =>
          deliverAnnouncement(announcements, job.data.announcementId),
        );
      },
    },
  ],
};
