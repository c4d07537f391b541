import { optional, parseBoolean, wholeNumber, type Source } from './setting-readers';

/** Lesson video uploads, processing and streaming. */
export interface VideoEnv {
  maxUploadBytes: number;
  /** An upload left unfinished this long after it started is removed (its bytes and its record). */
  uploadExpiryHours: number;
  /** VIDEO_WORKER=false: this process only queues videos; `npm run worker` processes them. */
  inProcessWorker: boolean;
  /** How long a signed stream address works. */
  urlTtlSeconds: number;
  /** A processing job still running after this long counts as crashed and is retried. */
  jobTimeoutSeconds: number;
  /** How often the queue looks for crashed (timed-out) jobs to retry. */
  queueCheckSeconds: number;
  /** The first retry of failed processing waits about this long; each later one twice as long. */
  retryDelaySeconds: number;
  /** VIDEO_MAX_MINUTES: a longer video is refused before transcoding (checked with ffprobe). */
  maxMinutes: number;
  /** VIDEO_MAX_HEIGHT: the largest picture's shorter side in pixels (2160: 4K); larger is refused before transcoding. */
  maxHeight: number;
  /** VIDEO_CONCURRENCY: how many videos one process (server or worker) transcodes at once. */
  concurrency: number;
  /** VIDEO_INSTRUCTOR_QUOTA_GB, in bytes: what one instructor's videos (kept, waiting and being uploaded) may take. */
  instructorQuotaBytes: number;
  /** VIDEO_MAX_UNFINISHED_UPLOADS: one instructor's uploads in progress or waiting to be processed, at most. */
  maxUnfinishedUploads: number;
  /** FFMPEG_PATH / FFPROBE_PATH: a system ffmpeg instead of the bundled static build. */
  ffmpegPath?: string;
  ffprobePath?: string;
  /** S3-compatible object storage; unset keeps videos on local disk under DATA_DIR. */
  s3?: S3Env;
}

export interface S3Env {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export function parseVideo(src: Source, problems: string[]): VideoEnv {
  const s3Names = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const given = s3Names.filter((name) => optional(src, name));
  let s3: S3Env | undefined;
  if (given.length > 0 && given.length < s3Names.length) {
    problems.push(`S3 storage needs ${s3Names.join(', ')} together (missing ${s3Names.filter((n) => !given.includes(n)).join(', ')})`);
  } else if (given.length === s3Names.length) {
    const endpoint = optional(src, 'S3_ENDPOINT');
    if (endpoint && !/^https?:\/\//.test(endpoint)) problems.push(`S3_ENDPOINT must be an http(s):// URL (got "${endpoint}")`);
    s3 = {
      endpoint,
      region: optional(src, 'S3_REGION') ?? 'us-east-1',
      bucket: optional(src, 'S3_BUCKET')!,
      accessKeyId: optional(src, 'S3_ACCESS_KEY_ID')!,
      secretAccessKey: optional(src, 'S3_SECRET_ACCESS_KEY')!,
      // MinIO and most self-hosted stores want bucket names in the path.
      forcePathStyle: parseBoolean('S3_FORCE_PATH_STYLE', optional(src, 'S3_FORCE_PATH_STYLE'), Boolean(endpoint), problems),
    };
  }
  return {
    maxUploadBytes: wholeNumber(src, 'VIDEO_MAX_UPLOAD_MB', 2048, 1, 20_480, problems) * 1024 * 1024,
    maxMinutes: wholeNumber(src, 'VIDEO_MAX_MINUTES', 180, 1, 24 * 60, problems),
    maxHeight: wholeNumber(src, 'VIDEO_MAX_HEIGHT', 2160, 144, 8640, problems),
    concurrency: wholeNumber(src, 'VIDEO_CONCURRENCY', 1, 1, 64, problems),
    instructorQuotaBytes: wholeNumber(src, 'VIDEO_INSTRUCTOR_QUOTA_GB', 50, 1, 100_000, problems) * 1024 ** 3,
    maxUnfinishedUploads: wholeNumber(src, 'VIDEO_MAX_UNFINISHED_UPLOADS', 10, 1, 1000, problems),
    ffmpegPath: optional(src, 'FFMPEG_PATH'),
    ffprobePath: optional(src, 'FFPROBE_PATH'),
    uploadExpiryHours: wholeNumber(src, 'VIDEO_UPLOAD_EXPIRY_HOURS', 24, 1, 720, problems),
    inProcessWorker: parseBoolean('VIDEO_WORKER', optional(src, 'VIDEO_WORKER'), true, problems),
    urlTtlSeconds: wholeNumber(src, 'VIDEO_URL_TTL_SECONDS', 3600, 30, 86_400, problems),
    jobTimeoutSeconds: wholeNumber(src, 'VIDEO_JOB_TIMEOUT_SECONDS', 3600, 5, 86_400, problems),
    queueCheckSeconds: wholeNumber(src, 'VIDEO_QUEUE_CHECK_SECONDS', 60, 1, 3600, problems),
    retryDelaySeconds: wholeNumber(src, 'VIDEO_RETRY_DELAY_SECONDS', 10, 1, 3600, problems),
    s3,
  };
}
