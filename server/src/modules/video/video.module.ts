import type { ProductModule } from '../../kernel/product-module';
import { streamSigningKey, type StreamSettings } from './stream-signature';
import { VideoQueue } from './video-queue';
import { createVideoStorage } from './video-storage';
import type { VideoStorage } from './stored-object';
import { createLessonVideosLoader, type LessonVideos } from './video-stream.service';
import type DataLoader from 'dataloader';

declare module '../../kernel/services' {
  interface ModuleServices {
    videoStorage: VideoStorage;
    /** Uploaded videos waiting to be processed. */
    videoQueue: VideoQueue;
    /** Signs lesson stream addresses. */
    stream: StreamSettings;
  }
}

declare module '../../kernel/context' {
  interface Loaders {
    lessonVideos: DataLoader<string, LessonVideos>;
  }
}
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
  services: {
    videoStorage: ({ env }) => createVideoStorage(env),
    videoQueue: ({ env, jobs }) =>
      new VideoQueue(jobs, {
        jobTimeoutSeconds: env.video.jobTimeoutSeconds,
        retryDelaySeconds: env.video.retryDelaySeconds,
        concurrency: env.video.concurrency,
      }),
    stream: ({ env, jwtSecret }) => ({ signingKey: streamSigningKey(jwtSecret), urlTtlSeconds: env.video.urlTtlSeconds }),
  },
  loaders: { lessonVideos: ({ db }) => createLessonVideosLoader(db) },
  resolvers: [LessonVideoResolver, LessonVideoMessageResolver],
  entities: [LessonVideo],
  routes: ({ env, db, log, videoStorage, videoQueue, stream }) => [
    {
      phase: 'streams',
      order: 10,
      router: videoUploadRouter({
        db,
        storage: videoStorage,
        queue: videoQueue,
        log,
        dataDir: env.dataDir,
        maxUploadBytes: env.video.maxUploadBytes,
        uploadExpiryHours: env.video.uploadExpiryHours,
        instructorQuotaBytes: env.video.instructorQuotaBytes,
        maxUnfinishedUploads: env.video.maxUnfinishedUploads,
      }),
    },
    { phase: 'streams', order: 20, router: videoStreamRouter(db, videoStorage, stream, log) },
  ],
  jobs: ({ env, db, log, jobs, videoStorage, videoQueue, mail }) => [
    {
      // Uploaded videos are processed by `npm run worker`, and by the server too unless VIDEO_WORKER=false.
      queue: TRANSCODE_QUEUE,
      phase: 'before-listening',
      processes: env.video.inProcessWorker ? ['server', 'worker'] : ['worker'],
      start: () =>
        videoQueue.work(
          transcodeJobHandler({
            db,
            storage: videoStorage,
            log,
            tools: videoTools(env.video),
            limits: videoLimits(env.video),
            mailer: mail.mailer,
            publicUrl: env.publicUrl,
          }),
        ),
    },
    {
      queue: ABANDONED_UPLOADS_QUEUE,
      cron: ABANDONED_UPLOADS_CRON,
      phase: 'listening',
      start: () => startAbandonedUploadsCleanup(jobs, { dataDir: env.dataDir, uploadExpiryHours: env.video.uploadExpiryHours, log }),
    },
  ],
};
