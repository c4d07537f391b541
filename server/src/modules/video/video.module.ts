import type { ProductModule } from '../product-module';
import { LessonVideoResolver } from './video.resolver';
import { LessonVideoMessageResolver } from './video-messages';
import { LessonVideo } from './lesson-video.entity';
import { videoUploadRouter } from './video-upload.router';
import { videoStreamRouter } from './video-stream.router';
import { TRANSCODE_QUEUE } from './video-queue';
import { transcodeJobHandler, videoLimits } from './video-processing';
import { videoTools } from './transcode';
import { ABANDONED_UPLOADS_CRON, ABANDONED_UPLOADS_QUEUE, startAbandonedUploadsCleanup } from './video-jobs';

export const videoModule: ProductModule = {
  name: 'video',
  resolvers: [LessonVideoResolver, LessonVideoMessageResolver],
  entities: [LessonVideo],
  routes: ({ env, db, log, video }) => [
    {
      phase: 'streams',
      order: 10,
      router: videoUploadRouter({
        db,
        storage: video.storage,
        queue: video.queue,
        log,
        dataDir: env.dataDir,
        maxUploadBytes: env.video.maxUploadBytes,
        uploadExpiryHours: env.video.uploadExpiryHours,
        instructorQuotaBytes: env.video.instructorQuotaBytes,
        maxUnfinishedUploads: env.video.maxUnfinishedUploads,
      }),
    },
    { phase: 'streams', order: 20, router: videoStreamRouter(db, video.storage, video.stream, log) },
  ],
  jobs: ({ env, db, log, jobs, video, mail }) => [
    // Uploaded videos are processed in the server unless VIDEO_WORKER=false (then `npm run worker` does it).
    ...(env.video.inProcessWorker
      ? [
          {
            queue: TRANSCODE_QUEUE,
            phase: 'before-listening' as const,
            start: () =>
              video.queue.work(
                transcodeJobHandler({
                  db,
                  storage: video.storage,
                  log,
                  tools: videoTools(env.video),
                  limits: videoLimits(env.video),
                  mailer: mail.mailer,
                  publicUrl: env.publicUrl,
                }),
              ),
          },
        ]
      : []),
    {
      queue: ABANDONED_UPLOADS_QUEUE,
      cron: ABANDONED_UPLOADS_CRON,
      phase: 'listening',
      start: () => startAbandonedUploadsCleanup(jobs, { dataDir: env.dataDir, uploadExpiryHours: env.video.uploadExpiryHours, log }),
    },
  ],
};
