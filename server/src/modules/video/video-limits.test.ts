/**
 * Bounded video work: a video over the length cap is refused before any transcoding, a stuck ffmpeg is
 * killed when the job's time is up, errors are plain words without server paths, and only an instructor
 * whose address is confirmed may upload.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import type PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';
import { loadEnv } from '../../config/env';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase, testLog } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient } from '../../test/http-client';
import { makeSampleVideo } from '../../../test-support/sample-video.cjs';
import { tusCreate } from '../../test/tus-upload';
import { Lesson } from '../course/lesson.entity';
import { Role } from '../../kernel/role';
import { LessonVideo, VideoStatus } from './lesson-video.entity';
import { tookTooLong, tooLarge, tooLong, transcodeJobHandler, videoKeys, type VideoLimits } from './video-processing';
import type { TranscodeJob } from './video-queue';
import { createVideoStorage } from './video-storage';

jest.setTimeout(60_000);

let db: DataSource;
let dataDir: string;
let sample: string;
beforeAll(async () => {
  db = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-video-limits-'));
  sample = makeSampleVideo({ seconds: 4, height: 240 });
});
afterAll(async () => {
  await closeTestDatabase(db);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => resetDatabase(db));

/** A fake ffmpeg that notes each run (its pid) and then does what `body` says. */
function fakeFfmpeg(body: string): { path: string; runs: () => string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-fake-ffmpeg-'));
  const runs = path.join(dir, 'runs');
  const file = path.join(dir, 'ffmpeg');
  fs.writeFileSync(file, `#!/bin/sh\necho $$ >> ${runs}\n${body}\n`, { mode: 0o755 });
  return { path: file, runs: () => (fs.existsSync(runs) ? fs.readFileSync(runs, 'utf8').trim().split('\n') : []) };
}

async function queuedVideo(): Promise<string> {
  const instructor = await makeUser(db, { role: Role.INSTRUCTOR });
  const course = await makeCourse(db, { instructorId: instructor.id });
  const lesson = await db.getRepository(Lesson).findOneByOrFail({ courseId: course.id, position: 1 });
  const video = await db
    .getRepository(LessonVideo)
    .save({ lessonId: lesson.id, uploadedById: instructor.id, status: VideoStatus.QUEUED, fileName: 'lesson.mp4', sizeBytes: fs.statSync(sample).size });
  const storage = createVideoStorage(loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  await storage.putFile(videoKeys.source(video.id), sample, 'application/octet-stream');
  return video.id;
}

async function runJob(videoId: string, ffmpeg: string, limits: Partial<VideoLimits>): Promise<LessonVideo> {
  const storage = createVideoStorage(loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  const handler = transcodeJobHandler({ db, storage, log: testLog, tools: { ffmpeg, ffprobe: ffprobeInstaller.path }, limits });
  const job = { id: 'job-1', data: { videoId }, retryCount: 0, retryLimit: 3 } as PgBoss.JobWithMetadata<TranscodeJob>;
  // A refusal is final: the handler records it and does not ask the queue to retry.
  await handler(job);
  return db.getRepository(LessonVideo).findOneByOrFail({ id: videoId });
}

describe('video limits', () => {
  it('refuses a video longer than the cap before any transcoding, saying why in plain words', async () => {
    const ffmpeg = fakeFfmpeg('exit 0');
    const video = await runJob(await queuedVideo(), ffmpeg.path, { maxSeconds: 2 });
    expect(video.status).toBe(VideoStatus.FAILED);
    expect(video.error).toBe(tooLong(4, 2));
    expect(video.error).toBe(
      'This video is 4 seconds long; a lesson video may be at most 2 seconds. Split it into shorter lessons and upload them one by one.',
    );
    expect(ffmpeg.runs()).toEqual([]);
  });

  it('refuses a picture larger than the resolution cap before any transcoding', async () => {
    const ffmpeg = fakeFfmpeg('exit 0');
    const video = await runJob(await queuedVideo(), ffmpeg.path, { maxHeight: 144 });
    expect(video.status).toBe(VideoStatus.FAILED);
    expect(video.error).toBe(tooLarge(426, 240, 144));
    expect(ffmpeg.runs()).toEqual([]);
  });

  it('kills a stuck ffmpeg when the job runs out of time, and says so without server paths', async () => {
    const ffmpeg = fakeFfmpeg('exec sleep 600');
    const started = Date.now();
    const video = await runJob(await queuedVideo(), ffmpeg.path, { timeoutMs: 6000 });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(video.status).toBe(VideoStatus.FAILED);
    expect(video.error).toBe(tookTooLong(6000));
    expect(video.error).not.toMatch(/\//);
    const [pid] = ffmpeg.runs();
    expect(pid).toBeDefined();
    // The process is gone, not left running.
    expect(() => process.kill(Number(pid), 0)).toThrow();
  });

  it('records a broken file in plain words, keeping the details for the log', async () => {
    const ffmpeg = fakeFfmpeg('echo "/tmp/shikhon-video-x/source: Invalid data found" >&2; exit 1');
    const videoId = await queuedVideo();
    const storage = createVideoStorage(loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const handler = transcodeJobHandler({ db, storage, log: testLog, tools: { ffmpeg: ffmpeg.path, ffprobe: ffprobeInstaller.path } });
    const job = { id: 'job-1', data: { videoId }, retryCount: 3, retryLimit: 3 } as PgBoss.JobWithMetadata<TranscodeJob>;
    await expect(handler(job)).rejects.toThrow();
    const video = await db.getRepository(LessonVideo).findOneByOrFail({ id: videoId });
    expect(video.status).toBe(VideoStatus.FAILED);
    expect(video.error).toBe(
      'We could not process this video. The file may be damaged or in a format we cannot read: export it again as MP4 (H.264) and upload it.',
    );
  });
});

describe('who may upload', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(db, { DATA_DIR: dataDir });
  });
  afterAll(() => app.close());

  it('refuses an instructor whose email address is not confirmed', async () => {
    const instructor = await makeUser(db, { email: 'new.teacher@example.com', role: Role.INSTRUCTOR, emailVerifiedAt: null }, 'teacher password');
    const course = await makeCourse(db, { instructorId: instructor.id });
    const lesson = await db.getRepository(Lesson).findOneByOrFail({ courseId: course.id, position: 1 });
    const client = await signedInClient(app.url, 'new.teacher@example.com', 'teacher password');
    const res = await tusCreate(client, lesson.id, 1000);
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/^Confirm your email address first/);
    await db.getRepository('user').update({ id: instructor.id }, { emailVerifiedAt: new Date() });
    expect((await tusCreate(client, lesson.id, 1000)).status).toBe(201);
  });
});
