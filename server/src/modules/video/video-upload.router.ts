import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { Router } from 'express';
import type { DataSource } from 'typeorm';
import type * as TusServer from '@tus/server' with { 'resolution-mode': 'import' };
import type * as TusFileStore from '@tus/file-store' with { 'resolution-mode': 'import' };
import type { Upload } from '@tus/utils' with { 'resolution-mode': 'import' };
import type { AppLogger } from '../../logger';
import { AppError } from '../../shared/errors';
import { translateMessage } from '../../i18n/translate';
import type { Language } from '../../i18n/languages';
import type { Viewer } from '../../kernel/viewer';
import { isUuid } from '../../shared/validation';
import { In, Not } from 'typeorm';
import { requireVerifiedEmail } from '../auth/email-verification.service';
import { Lesson } from '../course/lesson.entity';
import { editableCourse } from '../course-editing/course-editing.service';
import { LessonVideo, VideoStatus } from './lesson-video.entity';
import { SNIFF_BYTES, sniffVideoContainer, UNSUPPORTED_VIDEO } from './video-file-type';
import type { VideoQueue } from './video-queue';
import { videoKeys } from './video-processing';
import type { VideoStorage } from './stored-object';

// The tus server ships as ES modules only; Node 20.19+ loads them with require().
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tus = require('@tus/server') as typeof TusServer;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tusFileStore = require('@tus/file-store') as typeof TusFileStore;

export const UPLOAD_PATH = '/uploads/lesson-videos';
export const SIGN_IN_TO_UPLOAD = 'Sign in as the course instructor to upload videos.';

export interface VideoUploadDeps {
  db: DataSource;
  storage: VideoStorage;
  queue: VideoQueue;
  log: AppLogger;
  dataDir: string;
  maxUploadBytes: number;
  uploadExpiryHours: number;
  /** What one instructor's videos may take in all (VIDEO_INSTRUCTOR_QUOTA_GB). */
  instructorQuotaBytes: number;
  /** One instructor's uploads in progress or waiting to be processed, at most (VIDEO_MAX_UNFINISHED_UPLOADS). */
  maxUnfinishedUploads: number;
}

/** The folder of uploads in progress, under the data directory. */
export const uploadsDirectory = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * Removes uploads still unfinished `maxAgeMs` after they started (an instructor who gave up, a
 * browser closed for good): their bytes and their record. Finished ones are never here (they move to
 * storage at once). Answers how many went.
 */
export function removeAbandonedUploads(directory: string, maxAgeMs: number): Promise<number> {
  return new tusFileStore.FileStore({ directory, expirationPeriodInMilliseconds: maxAgeMs }).deleteExpired();
}

type TusRequest = Parameters<NonNullable<TusServer.ServerOptions['onIncomingRequest']>>[0];
/** A refusal as the upload server answers it: its status and text (tus reads `status_code` and `body`). */
class UploadRefused extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}
/** The Node request tus wraps, with what the app's middleware put on it. */
const nodeRequest = (req: TusRequest) =>
  (req as { runtime?: { node?: { req?: IncomingMessage & { viewer?: Viewer | null; language?: Language } } } }).runtime?.node?.req;

/** A refusal in the language of the request (the uploader's page), from its English message (messages.bn.json). */
const refuse = (req: TusRequest, status_code: number, body: string) =>
  new UploadRefused(status_code, translateMessage(nodeRequest(req)?.language ?? 'en', body));

/** The account that sent the request: identifyViewer put it on the Node request, which tus wraps. */
function viewerOf(req: TusRequest): Viewer | null {
  return nodeRequest(req)?.viewer ?? null;
}

export const sizeLimitText = (bytes: number) => (bytes >= 1024 ** 3 ? `${+(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`);
export const tooManyUnfinished = (max: number) =>
  `You already have ${max} videos uploading or waiting to be processed. Wait until one of them is ready, then upload the next.`;
export const overQuota = (quotaBytes: number, usedBytes: number) =>
  `This video does not fit in your ${sizeLimitText(quotaBytes)} of video storage (${sizeLimitText(usedBytes)} used). Delete lessons you no longer need, or contact us from the Support page for more space.`;

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Resumable uploads (tus) of lesson videos: only the course's instructor or an admin may upload to
 * its lessons, only the uploader may continue an upload, and the file must be a video by its content.
 */
export function videoUploadRouter(deps: VideoUploadDeps): Router {
  const directory = uploadsDirectory(deps.dataDir);
  fs.mkdirSync(directory, { recursive: true });
  const maxAgeMs = deps.uploadExpiryHours * 60 * 60 * 1000;
  // With an expiry, tus also tells the browser when an upload lapses (Upload-Expires) and refuses to continue it after.
  const datastore = new tusFileStore.FileStore({ directory, expirationPeriodInMilliseconds: maxAgeMs });
  /**
   * What an uploader has now: videos waiting or being processed, and uploads in progress here (their
   * declared size counts at once, so twenty started uploads cannot overrun the quota together); the
   * storage of every video that did not fail (a newer ready video replaces and removes the older one).
   */
  const uploaderUsage = async (uploaderId: string) => {
    const [stored] = await deps.db.query<Array<{ unfinished: number; bytes: string }>>(
      `SELECT count(*) FILTER (WHERE status IN ('queued', 'processing'))::int AS unfinished,
              coalesce(sum("sizeBytes") FILTER (WHERE status <> 'failed'), 0)::text AS bytes
         FROM lesson_video WHERE "uploadedById" = $1`,
      [uploaderId],
    );
    let unfinished = stored.unfinished;
    let usedBytes = Number(stored.bytes);
    const store = datastore.configstore;
    for (const id of (await store.list?.()) ?? []) {
      const upload = await store.get(id).catch(() => undefined);
      if (!upload || upload.metadata?.uploaderId !== uploaderId) continue;
      const started = upload.creation_date ? Date.parse(upload.creation_date) : Date.now();
      if (Date.now() - started > maxAgeMs) continue; // lapsed: removed by the next clean-up
      unfinished += 1;
      usedBytes += upload.size ?? upload.offset;
    }
    return { unfinished, usedBytes };
  };
  const notVideo = async (req: TusRequest, id: string) => {
    await datastore.remove(id).catch(() => undefined);
    return refuse(req, 415, UNSUPPORTED_VIDEO);
  };

  const server = new tus.Server({
    path: UPLOAD_PATH,
    datastore,
    relativeLocation: true,
    async onUploadCreate(req, upload) {
      const viewer = viewerOf(req);
      if (!viewer) throw refuse(req, 401, SIGN_IN_TO_UPLOAD);
      const lessonId = upload.metadata?.lessonId ?? '';
      const lesson = isUuid(lessonId) ? await deps.db.getRepository(Lesson).findOneBy({ id: lessonId }) : null;
      if (!lesson) throw refuse(req, 404, 'Lesson not found. Save the course first, then upload its videos.');
      try {
        await editableCourse(deps.db, viewer, lesson.courseId);
      } catch (error) {
        if (error instanceof AppError)
          throw refuse(
            req,
            error.httpStatus,
            error.category === 'FORBIDDEN' ? 'Only the course instructor or an admin can upload videos to its lessons.' : error.message,
          );
        throw error;
      }
      // Only an instructor whose address is confirmed uploads: a throwaway account cannot fill the disk.
      try {
        await requireVerifiedEmail(deps.db, viewer.id);
      } catch (error) {
        if (error instanceof AppError) throw refuse(req, 403, error.message);
        throw error;
      }
      if (upload.size === undefined) throw refuse(req, 400, 'Say the size of the video when starting its upload (Upload-Length).');
      if (upload.size > deps.maxUploadBytes) {
        throw refuse(req, 413, `The video is larger than the ${sizeLimitText(deps.maxUploadBytes)} limit.`);
      }
      if (upload.size === 0) throw refuse(req, 415, UNSUPPORTED_VIDEO);
      // Each instructor's share of the disk and of the queue: unfinished uploads and storage in all.
      const { unfinished, usedBytes } = await uploaderUsage(viewer.id);
      if (unfinished >= deps.maxUnfinishedUploads) throw refuse(req, 429, tooManyUnfinished(deps.maxUnfinishedUploads));
      if (usedBytes + upload.size > deps.instructorQuotaBytes) throw refuse(req, 413, overQuota(deps.instructorQuotaBytes, usedBytes));
      return { metadata: { ...upload.metadata, uploaderId: viewer.id } };
    },
    async onIncomingRequest(req, id) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const viewer = viewerOf(req);
      if (!viewer) throw refuse(req, 401, SIGN_IN_TO_UPLOAD);
      let upload: Upload;
      try {
        upload = await datastore.getUpload(id);
      } catch {
        return; // tus answers 404 itself
      }
      if (upload.metadata?.uploaderId !== viewer.id) throw refuse(req, 403, 'This upload belongs to someone else.');
      // Refuse a file that is not a video as soon as its first bytes are here, not after the whole upload.
      if (req.method === 'PATCH' && (upload.offset ?? 0) >= SNIFF_BYTES && !sniffVideoContainer(await readHead(path.join(directory, id)))) {
        throw await notVideo(req, id);
      }
    },
    async onUploadFinish(req, upload) {
      const file = path.join(directory, upload.id);
      if (!sniffVideoContainer(await readHead(file))) return notVideo(req, upload.id);
      const metadata = upload.metadata ?? {};
      const video = await deps.db.getRepository(LessonVideo).save({
        lessonId: metadata.lessonId!,
        uploadedById: metadata.uploaderId!,
        status: VideoStatus.QUEUED,
        fileName: (metadata.filename ?? 'video').slice(0, 255),
        sizeBytes: upload.size ?? upload.offset,
      });
      await deps.storage.putFile(videoKeys.source(video.id), file, 'application/octet-stream');
      await datastore.remove(upload.id).catch(() => undefined);
      // Fairness: the uploader's videos already waiting or processing go before this one, and
      // everyone else's first video goes before this one too (see VideoQueue.enqueue).
      const waitingAhead = await deps.db
        .getRepository(LessonVideo)
        .countBy({ uploadedById: video.uploadedById, status: In([VideoStatus.QUEUED, VideoStatus.PROCESSING]), id: Not(video.id) });
      await deps.queue.enqueue(video.id, waitingAhead);
      deps.log.info({ videoId: video.id, lessonId: video.lessonId, bytes: video.sizeBytes }, 'lesson video uploaded and queued');
      return { headers: { 'Lesson-Video-Id': video.id } };
    },
  });

  const router = Router();
  router.all([UPLOAD_PATH, `${UPLOAD_PATH}/*rest`], (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    void server.handle(req, res);
  });
  return router;
}
