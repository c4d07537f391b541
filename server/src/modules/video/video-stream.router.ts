import { Router, type Response } from 'express';
import type { DataSource } from 'typeorm';
import type { AppLogger } from '../../logger';
import { isUuid } from '../../shared/validation';
import { verifyStream } from './stream-signature';
import { contentTypeOf, videoKeys } from './video-processing';
import { grantStillHolds } from './video-stream.service';
import type { StreamSettings } from './stream-signature';
import type { VideoStorage } from './stored-object';

export const STREAM_REFUSED = 'This video address is not valid for you. Reload the lesson to get a new one.';
export const STREAM_EXPIRED = 'This video address has expired. Reload the lesson to get a new one.';

const STREAM_FILE = /^(master\.m3u8|poster\.jpg|[0-9a-z]{1,10}\/(index\.m3u8|seg_\d{3,6}\.ts))$/;
const IMMUTABLE = /\.(ts|jpg)$/;

function refuse(res: Response, status: number, message: string) {
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).json({ message });
}

/**
 * Lesson streams: `/media/lessons/<lesson>/<signed token>/<file>`. Every request checks the signature,
 * its expiry and that the viewer it was signed for may still watch the lesson.
 */
export function videoStreamRouter(db: DataSource, storage: VideoStorage, settings: StreamSettings, log: AppLogger): Router {
  const router = Router();
  router.get('/media/lessons/:lessonId/:token/*file', async (req, res, next) => {
    try {
      const started = process.hrtime.bigint();
      const file = req.params.file.join('/');
      if (!isUuid(req.params.lessonId) || !STREAM_FILE.test(file)) return refuse(res, 404, 'No such video file');
      const check = verifyStream(settings.signingKey, req.params.lessonId, req.params.token);
      if (!check.ok) return refuse(res, 403, check.reason === 'expired' ? STREAM_EXPIRED : STREAM_REFUSED);
      if (!(await grantStillHolds(db, check.grant))) return refuse(res, 403, STREAM_REFUSED);
      const checkedMs = Number(process.hrtime.bigint() - started) / 1e6;
      const stored = await storage.read(videoKeys.stream(check.grant.videoId, file));
      if (!stored) return refuse(res, 404, 'No such video file');
      // The answer is for this viewer only (shared caches must not keep it unless they check the
      // signature themselves: see docs/video.md), and never outlives the address.
      const maxAge = Math.max(0, Math.min(check.grant.expiresAt - Math.floor(Date.now() / 1000), 86_400));
      res.setHeader('Cache-Control', `private, max-age=${maxAge}${IMMUTABLE.test(file) ? ', immutable' : ''}`);
      res.setHeader('Content-Type', contentTypeOf(file));
      res.setHeader('Content-Length', String(stored.size));
      res.setHeader('Server-Timing', `auth;dur=${checkedMs.toFixed(3)};desc="signature and entitlement"`);
      stored.body.on('error', (error) => {
        log.warn({ err: error, file }, 'reading a stream file failed');
        res.destroy(error);
      });
      stored.body.pipe(res);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
