import type { AppLogger } from '../../logger';
import type { Jobs } from '../../db/job-queue';
import { startScheduledWork } from '../../db/job-queues';
import { removeAbandonedUploads, uploadsDirectory } from './video-upload.router';

/** The scheduled clean-up of uploads left unfinished past their expiry. */
export const ABANDONED_UPLOADS_QUEUE = 'remove-abandoned-uploads';
/** Every hour (uploads expire after whole hours, VIDEO_UPLOAD_EXPIRY_HOURS, at least one). */
export const ABANDONED_UPLOADS_CRON = '0 * * * *';

export interface AbandonedUploadsSettings {
  dataDir: string;
  uploadExpiryHours: number;
  log: AppLogger;
}

/** One run: removes the uploads still unfinished after their expiry (their bytes and their record). */
export async function removeAbandonedUploadsNow({ dataDir, uploadExpiryHours, log }: AbandonedUploadsSettings): Promise<void> {
  try {
    const removed = await removeAbandonedUploads(uploadsDirectory(dataDir), uploadExpiryHours * 60 * 60 * 1000);
    if (removed > 0) log.info({ removed }, 'removed abandoned lesson video uploads');
  } catch (error) {
    // The next tick tries again.
    log.warn({ err: error }, 'could not remove abandoned uploads');
  }
}

/** Registers the hourly clean-up and works it in this process (a server: the uploads are on its data directory). */
export function startAbandonedUploadsCleanup(jobs: Jobs, settings: AbandonedUploadsSettings): Promise<void> {
  return startScheduledWork(jobs, { queue: ABANDONED_UPLOADS_QUEUE, cron: ABANDONED_UPLOADS_CRON }, () => removeAbandonedUploadsNow(settings));
}
