import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';
import type { AppLogger } from '../../logger';
import { Lesson } from '../course/lesson.entity';
import { LessonVideo, VideoStatus } from './lesson-video.entity';
import {
  AUDIO_RENDITION,
  makePoster,
  masterPlaylist,
  measuredBandwidth,
  probeVideo,
  renditionsFor,
  transcodeAudioRendition,
  transcodeVideoRendition,
  videoTools,
  type VideoTools,
} from './transcode';
import type { TranscodeJob } from './video-queue';
import type { VideoStorage } from './video-storage';

export interface VideoProcessingDeps {
  db: DataSource;
  storage: VideoStorage;
  log: AppLogger;
  /** ffmpeg and ffprobe; the bundled ones when not given. */
  tools?: VideoTools;
}

/** Storage keys of one video. */
export const videoKeys = {
  folder: (videoId: string) => `videos/${videoId}/`,
  source: (videoId: string) => `videos/${videoId}/source`,
  stream: (videoId: string, file: string) => `videos/${videoId}/hls/${file}`,
};

const CONTENT_TYPES: Record<string, string> = { '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t', '.jpg': 'image/jpeg' };
export const contentTypeOf = (file: string) => CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';

/** Writes progress at most every second, so a long transcode does not flood the database. */
function progressReporter(db: DataSource, videoId: string) {
  let last = 0;
  let lastPercent = -1;
  return (percent: number) => {
    const now = Date.now();
    const rounded = Math.min(99, Math.floor(percent));
    if (rounded === lastPercent || now - last < 1000) return;
    last = now;
    lastPercent = rounded;
    void db
      .getRepository(LessonVideo)
      .update(videoId, { progress: rounded })
      .catch(() => undefined);
  };
}

function* filesUnder(dir: string, prefix = ''): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const name = prefix + entry.name;
    if (entry.isDirectory()) yield* filesUnder(path.join(dir, entry.name), `${name}/`);
    else yield name;
  }
}

/** Turns an uploaded source into HLS renditions and a poster, then makes it the lesson's video. */
export async function processVideo(deps: VideoProcessingDeps, videoId: string): Promise<void> {
  const { db, storage, log } = deps;
  const tools = deps.tools ?? videoTools();
  const videos = db.getRepository(LessonVideo);
  const video = await videos.findOneBy({ id: videoId });
  if (!video || video.status === VideoStatus.READY) return;
  await videos.update(videoId, { status: VideoStatus.PROCESSING, progress: 0 });
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'shikhon-video-'));
  try {
    const source = path.join(work, 'source');
    await storage.download(videoKeys.source(videoId), source);
    const info = await probeVideo(tools, source);
    const renditions = renditionsFor(info);
    const out = path.join(work, 'hls');
    const steps = renditions.length + (info.hasAudio ? 1 : 0) + 1;
    const report = progressReporter(db, videoId);
    log.info({ videoId, renditions: renditions.map((r) => r.name) }, 'transcoding a lesson video');
    const measured = [];
    for (const [index, rendition] of renditions.entries()) {
      const dir = path.join(out, rendition.name);
      await transcodeVideoRendition(tools, source, info, rendition, dir, (fraction) => report(((index + fraction) / steps) * 100));
      measured.push({ ...rendition, bandwidth: measuredBandwidth(dir) });
    }
    if (info.hasAudio) {
      await transcodeAudioRendition(tools, source, info, path.join(out, AUDIO_RENDITION), (fraction) => report(((renditions.length + fraction) / steps) * 100));
    }
    await makePoster(tools, source, info, path.join(out, 'poster.jpg'));
    fs.writeFileSync(path.join(out, 'master.m3u8'), masterPlaylist(measured, info.hasAudio));
    for (const file of filesUnder(out)) await storage.putFile(videoKeys.stream(videoId, file), path.join(out, file), contentTypeOf(file));

    const replaced = await db.transaction(async (manager) => {
      await manager.getRepository(LessonVideo).update(videoId, {
        status: VideoStatus.READY,
        progress: 100,
        error: null,
        durationSeconds: Math.max(1, Math.round(info.durationSeconds)),
        renditions: [...renditions.map((r) => r.name), ...(info.hasAudio ? [AUDIO_RENDITION] : [])],
      });
      await manager.getRepository(Lesson).update(video.lessonId, { durationSeconds: Math.max(1, Math.round(info.durationSeconds)) });
      // Older uploads of the lesson are replaced by this one.
      return manager.query<[Array<{ id: string }>, number]>(`DELETE FROM lesson_video WHERE "lessonId" = $1 AND id <> $2 AND "createdAt" < $3 RETURNING id`, [
        video.lessonId,
        videoId,
        video.createdAt,
      ]);
    });
    for (const old of replaced[0])
      await storage
        .removeAll(videoKeys.folder(old.id))
        .catch((error: unknown) => log.warn({ err: error, videoId: old.id }, 'could not remove a replaced video'));
    log.info({ videoId, durationSeconds: info.durationSeconds }, 'lesson video ready');
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** The queue's handler: processes, and records a failure on the video (final, or to be retried). */
export function transcodeJobHandler(deps: VideoProcessingDeps) {
  return async (job: PgBoss.JobWithMetadata<TranscodeJob>): Promise<void> => {
    deps.log.info({ jobId: job.id, videoId: job.data.videoId, attempt: job.retryCount + 1 }, 'video job started');
    try {
      await processVideo(deps, job.data.videoId);
    } catch (error) {
      const final = job.retryCount >= job.retryLimit;
      const message = error instanceof Error ? error.message : String(error);
      deps.log.warn({ err: error, videoId: job.data.videoId, final }, 'video processing failed');
      await deps.db
        .getRepository(LessonVideo)
        .update(job.data.videoId, final ? { status: VideoStatus.FAILED, error: message } : { status: VideoStatus.QUEUED, error: `Trying again: ${message}` });
      throw error;
    }
  };
}
