import { accountAddress } from '../../shared/phone';
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
  RunStopped,
  transcodeAudioRendition,
  transcodeVideoRendition,
  videoTools,
  type SourceInfo,
  type VideoTools,
} from './transcode';
import type { TranscodeJob } from './video-queue';
import type { Mailer } from '../mail/mailer';
import { accountLanguage, mailText } from '../mail/mail-text';
import { translateMessage } from '../../i18n/translate';
import { User } from '../user/user.entity';
import type { VideoStorage } from './stored-object';

export interface VideoProcessingDeps {
  db: DataSource;
  storage: VideoStorage;
  log: AppLogger;
  /** ffmpeg and ffprobe; the bundled ones when not given. */
  tools?: VideoTools;
  /** What one video may be and take; the defaults when not given. */
  limits?: Partial<VideoLimits>;
  /** Tells an instructor when a lesson of a course on sale is hidden because its video failed (the queued outbox). */
  mailer?: Mailer;
  /** The site's address, for the link to the course editor in that mail. */
  publicUrl?: string;
}

export interface VideoLimits {
  /** VIDEO_MAX_MINUTES, in seconds: a longer video is refused before any transcoding. */
  maxSeconds: number;
  /** VIDEO_MAX_HEIGHT: the shorter side's largest size in pixels (2160: 4K); the longer side may be 16/9 of it. */
  maxHeight: number;
  /** A job's time (VIDEO_JOB_TIMEOUT_SECONDS): ffmpeg is killed when it runs out. */
  timeoutMs: number;
}

export const DEFAULT_VIDEO_LIMITS: VideoLimits = { maxSeconds: 180 * 60, maxHeight: 2160, timeoutMs: 3600_000 };

/** The limits the configuration sets (config/env.ts). */
export const videoLimits = (video: { maxMinutes: number; maxHeight: number; jobTimeoutSeconds: number }): VideoLimits => ({
  maxSeconds: video.maxMinutes * 60,
  maxHeight: video.maxHeight,
  timeoutMs: video.jobTimeoutSeconds * 1000,
});

/** A video we will not process as it is; its message is for the instructor, in plain words, and it is not retried. */
export class VideoRefused extends Error {}

const minutesText = (seconds: number) =>
  seconds < 90 ? `${Math.round(seconds)} seconds` : `${Math.round(seconds / 60)} minute${Math.round(seconds / 60) === 1 ? '' : 's'}`;
export const tooLong = (seconds: number, maxSeconds: number) =>
  `This video is ${minutesText(seconds)} long; a lesson video may be at most ${minutesText(maxSeconds)}. Split it into shorter lessons and upload them one by one.`;
export const tooLarge = (width: number, height: number, maxHeight: number) =>
  `This video is ${width}×${height} pixels; the largest we take is ${Math.round((maxHeight * 16) / 9)}×${maxHeight}. Export it at a smaller size and upload it again.`;
export const tookTooLong = (timeoutMs: number) =>
  `Processing this video took longer than ${minutesText(timeoutMs / 1000)} and was stopped. Try a shorter video or a smaller size.`;
/** Anything else that went wrong: no program output, no server path. */
export const COULD_NOT_PROCESS =
  'We could not process this video. The file may be damaged or in a format we cannot read: export it again as MP4 (H.264) and upload it.';

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
  const { db, storage } = deps;
  const tools = deps.tools ?? videoTools();
  const videos = db.getRepository(LessonVideo);
  const video = await videos.findOneBy({ id: videoId });
  if (!video || video.status === VideoStatus.READY) return;
  await videos.update(videoId, { status: VideoStatus.PROCESSING, progress: 0 });
  const limits = { ...DEFAULT_VIDEO_LIMITS, ...deps.limits };
  // ffmpeg is killed when the job's time is up, a little before the queue would take the job for crashed.
  const signal = AbortSignal.timeout(Math.max(1000, limits.timeoutMs - 5000));
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'shikhon-video-'));
  try {
    const source = path.join(work, 'source');
    await storage.download(videoKeys.source(videoId), source);
    const info = await probeVideo(tools, source, signal).catch((error: unknown) => {
      throw error instanceof RunStopped ? new VideoRefused(tookTooLong(limits.timeoutMs)) : error;
    });
    // Checked before any transcoding: a short file can hold hours of picture.
    if (info.durationSeconds > limits.maxSeconds) throw new VideoRefused(tooLong(info.durationSeconds, limits.maxSeconds));
    const [shorter, longer] = [Math.min(info.width, info.height), Math.max(info.width, info.height)];
    if (shorter > limits.maxHeight || longer > Math.round((limits.maxHeight * 16) / 9))
      throw new VideoRefused(tooLarge(info.width, info.height, limits.maxHeight));
    await transcode(deps, video, info, source, work, signal).catch((error: unknown) => {
      throw error instanceof RunStopped ? new VideoRefused(tookTooLong(limits.timeoutMs)) : error;
    });
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

async function transcode(deps: VideoProcessingDeps, video: LessonVideo, info: SourceInfo, source: string, work: string, signal: AbortSignal): Promise<void> {
  const { db, storage, log } = deps;
  const tools = deps.tools ?? videoTools();
  const videoId = video.id;
  {
    const renditions = renditionsFor(info);
    const out = path.join(work, 'hls');
    const steps = renditions.length + (info.hasAudio ? 1 : 0) + 1;
    const report = progressReporter(db, videoId);
    log.info({ videoId, renditions: renditions.map((r) => r.name) }, 'transcoding a lesson video');
    const measured = [];
    for (const [index, rendition] of renditions.entries()) {
      const dir = path.join(out, rendition.name);
      await transcodeVideoRendition(tools, source, info, rendition, dir, (fraction) => report(((index + fraction) / steps) * 100), signal);
      measured.push({ ...rendition, bandwidth: measuredBandwidth(dir) });
    }
    if (info.hasAudio) {
      await transcodeAudioRendition(
        tools,
        source,
        info,
        path.join(out, AUDIO_RENDITION),
        (fraction) => report(((renditions.length + fraction) / steps) * 100),
        signal,
      );
    }
    await makePoster(tools, source, info, path.join(out, 'poster.jpg'), signal);
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
      // A lesson hidden after an earlier failure is shown again now that it plays.
      await manager.getRepository(Lesson).update(video.lessonId, { durationSeconds: Math.max(1, Math.round(info.durationSeconds)), hiddenSince: null });
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
  }
}

interface HiddenLesson {
  title: string;
  position: number;
  courseId: string;
  courseName: string;
  instructorId: string | null;
}

/**
 * After a video failed for good: when its lesson belongs to a course on sale and has nothing else to
 * play (no address, no ready video), the lesson is hidden from students who enroll from now on, and
 * the course's instructor is told by mail (through the queue). Answers whether it was hidden.
 */
export async function hideLessonAfterFailedVideo(deps: VideoProcessingDeps, videoId: string, reason: string): Promise<boolean> {
  const [rows] = await deps.db.query<[HiddenLesson[], number]>(
    `UPDATE lesson l SET "hiddenSince" = now()
       FROM lesson_video v, course c
      WHERE v.id = $1 AND l.id = v."lessonId" AND c.id = l."courseId" AND c.published
        AND l."hiddenSince" IS NULL AND coalesce(l."videoURL", '') = ''
        AND NOT EXISTS (SELECT 1 FROM lesson_video r WHERE r."lessonId" = l.id AND r.status = 'ready')
      RETURNING l.title, l.position, c.id AS "courseId", c.name AS "courseName", c."instructorId"`,
    [videoId],
  );
  const hidden = rows[0];
  if (!hidden) return false;
  deps.log.warn({ videoId, courseId: hidden.courseId, position: hidden.position }, 'a lesson on sale lost its video: hidden from new students');
  const instructor = hidden.instructorId ? await deps.db.getRepository(User).findOneBy({ id: hidden.instructorId }) : null;
  if (instructor && deps.mailer) {
    const language = await accountLanguage(deps.db, instructor.id);
    const link = new URL(`/instructor-dashboard/upload-course/${hidden.courseId}`, deps.publicUrl ?? 'http://localhost:4000').toString();
    const values = {
      name: instructor.name,
      course: hidden.courseName,
      lesson: hidden.title,
      position: hidden.position,
      reason: translateMessage(language, reason),
      link,
    };
    await deps.mailer.send({ to: accountAddress(instructor), ...mailText(language, 'lessonHidden', values) });
  }
  return true;
}

/** The queue's handler: processes, and records a failure on the video (final, or to be retried). */
export function transcodeJobHandler(deps: VideoProcessingDeps) {
  return async (job: PgBoss.JobWithMetadata<TranscodeJob>): Promise<void> => {
    deps.log.info({ jobId: job.id, videoId: job.data.videoId, attempt: job.retryCount + 1 }, 'video job started');
    try {
      await processVideo(deps, job.data.videoId);
    } catch (error) {
      if (error instanceof VideoRefused) {
        // Final: the same file would be refused again. The instructor reads why.
        deps.log.info({ videoId: job.data.videoId, reason: error.message }, 'lesson video refused');
        await deps.db.getRepository(LessonVideo).update(job.data.videoId, { status: VideoStatus.FAILED, error: error.message });
        await hideLessonAfterFailedVideo(deps, job.data.videoId, error.message);
        return;
      }
      const final = job.retryCount >= job.retryLimit;
      // The details (program output, paths) go to the log; the instructor reads plain words.
      deps.log.warn({ err: error, videoId: job.data.videoId, final }, 'video processing failed');
      await deps.db
        .getRepository(LessonVideo)
        .update(
          job.data.videoId,
          final ? { status: VideoStatus.FAILED, error: COULD_NOT_PROCESS } : { status: VideoStatus.QUEUED, error: `Trying again: ${COULD_NOT_PROCESS}` },
        );
      if (final) await hideLessonAfterFailedVideo(deps, job.data.videoId, COULD_NOT_PROCESS);
      throw error;
    }
  };
}
