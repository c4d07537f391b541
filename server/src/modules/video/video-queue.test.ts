/**
 * Video work is bounded: a set number of transcodes at once (VIDEO_CONCURRENCY), each instructor's
 * first video ahead of anyone's second, and per instructor a storage quota and a ceiling on
 * unfinished uploads, refused before any byte is sent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, resetDatabase, testLog } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { makeSampleVideo } from '../../../test-support/sample-video.cjs';
import { databaseUrlOf } from '../../test/server-process';
import { tusCreate, tusUpload } from '../../test/tus-upload';
import { waitFor } from '../../test/wait-for';
import { Lesson } from '../course/lesson.entity';
import { Role } from '../../kernel/role';
import type { User } from '../user/user.entity';
import { LessonVideo, VideoStatus } from './lesson-video.entity';
import { VideoQueue } from './video-queue';
import { JobQueue } from '../../db/job-queue';
import { overQuota, tooManyUnfinished, uploadsDirectory } from './video-upload.router';

jest.setTimeout(120_000);

const PASSWORD = 'correct horse battery';
let sample: Buffer;
beforeAll(() => {
  sample = fs.readFileSync(makeSampleVideo({ seconds: 1, height: 144 }));
});

interface Setup {
  db: DataSource;
  app: TestApp;
  dataDir: string;
}

function useApp(env: Record<string, string>): Setup {
  const setup = {} as Setup;
  beforeAll(async () => {
    setup.db = await openTestDatabase();
    setup.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-video-queue-test-'));
    setup.app = await startTestApp(setup.db, { DATA_DIR: setup.dataDir, ...env });
    await setup.app.services.videoQueue.boss();
  });
  afterAll(async () => {
    await setup.app?.close();
    if (setup.db) await closeTestDatabase(setup.db);
    fs.rmSync(setup.dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await resetDatabase(setup.db);
    await setup.db.query(`DELETE FROM pgboss.job`);
  });
  return setup;
}

/** An instructor with a course of `count` lessons, signed in. */
async function instructorWithLessons(setup: Setup, count: number): Promise<{ user: User; client: HttpClient; lessons: Lesson[] }> {
  const user = await makeUser(setup.db, { role: Role.INSTRUCTOR });
  const course = await makeCourse(
    setup.db,
    { instructorId: user.id },
    Array.from({ length: count }, (_, i) => `Lesson ${i + 1}`),
  );
  const lessons = await setup.db.getRepository(Lesson).find({ where: { courseId: course.id }, order: { position: 'ASC' } });
  return { user, client: await signedInClient(setup.app.url, user.email, PASSWORD), lessons };
}

async function upload(setup: Setup, client: HttpClient, lesson: Lesson): Promise<string> {
  const answer = await tusUpload(client, lesson.id, sample);
  expect(answer.status).toBe(204);
  return answer.headers.get('lesson-video-id')!;
}

/** A worker process's queue on the test database: what `npm run worker` runs, with a handler that records the order. */
function workerQueue(setup: Setup, concurrency: number) {
  const jobs = new JobQueue(databaseUrlOf(setup.db), testLog);
  const videos = new VideoQueue(jobs, { jobTimeoutSeconds: 60, pollingIntervalSeconds: 0.5, concurrency });
  return { work: videos.work.bind(videos), stop: () => jobs.stop() };
}

describe('processing uploaded videos', () => {
  const setup = useApp({});

  it("takes another instructor's first upload right after the job in hand, ahead of one instructor's other nine", async () => {
    const busy = await instructorWithLessons(setup, 10);
    const newcomer = await instructorWithLessons(setup, 1);
    const busyVideos: string[] = [];
    for (const lesson of busy.lessons) busyVideos.push(await upload(setup, busy.client, lesson));

    const picked: string[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const worker = workerQueue(setup, 1);
    try {
      await worker.work(async (job) => {
        picked.push(job.data.videoId);
        await setup.db.getRepository(LessonVideo).update(job.data.videoId, { status: VideoStatus.PROCESSING });
        if (picked.length === 1) await firstHeld;
        await setup.db.getRepository(LessonVideo).update(job.data.videoId, { status: VideoStatus.READY, progress: 100 });
      });
      // The worker is busy with the first of the ten when the other instructor's first upload arrives.
      await waitFor('the first job to be taken', () => picked.length === 1);
      const newcomerVideo = await upload(setup, newcomer.client, newcomer.lessons[0]);
      releaseFirst();
      await waitFor('every job to be done', () => picked.length === 11, 60_000);
      expect(picked).toEqual([busyVideos[0], newcomerVideo, ...busyVideos.slice(1)]);
    } finally {
      releaseFirst();
      await worker.stop();
    }
  });

  it('takes the instructors in turns when both have several waiting', async () => {
    const first = await instructorWithLessons(setup, 3);
    const second = await instructorWithLessons(setup, 3);
    const firsts: string[] = [];
    for (const lesson of first.lessons) firsts.push(await upload(setup, first.client, lesson));
    const seconds: string[] = [];
    for (const lesson of second.lessons) seconds.push(await upload(setup, second.client, lesson));
    const picked: string[] = [];
    const worker = workerQueue(setup, 1);
    try {
      await worker.work(async (job) => {
        picked.push(job.data.videoId);
        await setup.db.getRepository(LessonVideo).update(job.data.videoId, { status: VideoStatus.READY });
      });
      await waitFor('every job to be done', () => picked.length === 6, 60_000);
      expect(picked).toEqual([firsts[0], seconds[0], firsts[1], seconds[1], firsts[2], seconds[2]]);
    } finally {
      await worker.stop();
    }
  });

  it('runs VIDEO_CONCURRENCY transcodes at once in one process, never more', async () => {
    const { lessons, client } = await instructorWithLessons(setup, 5);
    for (const lesson of lessons) await upload(setup, client, lesson);
    let running = 0;
    let most = 0;
    let done = 0;
    const worker = workerQueue(setup, 2);
    try {
      await worker.work(async () => {
        running += 1;
        most = Math.max(most, running);
        // Each job lasts until a second one has started (or a while), so overlap shows.
        await waitFor('another job to run beside this one', () => running >= 2 || done >= 4, 10_000).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 200));
        running -= 1;
        done += 1;
      });
      await waitFor('every job to be done', () => done === 5, 60_000);
      expect(most).toBe(2);
    } finally {
      await worker.stop();
    }
  });
});

describe('each instructor’s share', () => {
  const setup = useApp({ VIDEO_MAX_UNFINISHED_UPLOADS: '2', VIDEO_INSTRUCTOR_QUOTA_GB: '1' });
  const uploadsInProgress = () => fs.readdirSync(uploadsDirectory(setup.dataDir)).filter((name) => !name.startsWith('.') && !name.endsWith('.json'));

  it('refuses an upload past VIDEO_MAX_UNFINISHED_UPLOADS, in the instructor’s language, until one is ready', async () => {
    const { user, client, lessons } = await instructorWithLessons(setup, 4);
    const other = await instructorWithLessons(setup, 1);
    // One upload in progress (started, no bytes yet) and one uploaded and waiting to be processed.
    expect((await tusCreate(client, lessons[0].id, sample.length)).status).toBe(201);
    const waiting = await upload(setup, client, lessons[1]);
    const before = uploadsInProgress();

    const refused = await tusCreate(client, lessons[2].id, sample.length);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(tooManyUnfinished(2));
    expect(tooManyUnfinished(2)).toBe('You already have 2 videos uploading or waiting to be processed. Wait until one of them is ready, then upload the next.');
    client.cookies.set('lang', 'bn');
    const inBangla = await tusCreate(client, lessons[2].id, sample.length);
    expect(await inBangla.text()).toBe('আপনার ২টি ভিডিও এখন আপলোড হচ্ছে বা প্রসেস হওয়ার অপেক্ষায় আছে। এর একটি তৈরি হলে তারপর পরেরটি আপলোড করুন।');
    client.cookies.delete('lang');
    // Nothing was started or stored for the refused ones.
    expect(uploadsInProgress()).toEqual(before);
    expect(await setup.db.getRepository(LessonVideo).countBy({ uploadedById: user.id })).toBe(1);
    // Another instructor is not held back by this one's uploads.
    await upload(setup, other.client, other.lessons[0]);

    await setup.db.getRepository(LessonVideo).update(waiting, { status: VideoStatus.READY });
    expect((await tusCreate(client, lessons[2].id, sample.length)).status).toBe(201);
  });

  it('refuses an upload that would go over the instructor’s storage quota, counting uploads in progress', async () => {
    const { user, client, lessons } = await instructorWithLessons(setup, 3);
    const mib = 1024 ** 2;
    // 1000 MB of ready video kept, and a 10 MB upload in progress: 1010 MB of the 1024 MB quota.
    await setup.db
      .getRepository(LessonVideo)
      .insert({ lessonId: lessons[0].id, uploadedById: user.id, status: VideoStatus.READY, fileName: 'old.mp4', sizeBytes: 1000 * mib });
    // A failed video keeps no place in the quota.
    await setup.db
      .getRepository(LessonVideo)
      .insert({ lessonId: lessons[0].id, uploadedById: user.id, status: VideoStatus.FAILED, fileName: 'broken.mp4', sizeBytes: 900 * mib });
    expect((await tusCreate(client, lessons[1].id, 10 * mib)).status).toBe(201);

    const refused = await tusCreate(client, lessons[2].id, 15 * mib);
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe(overQuota(1024 * mib, 1010 * mib));
    expect(overQuota(1024 * mib, 1010 * mib)).toBe(
      'This video does not fit in your 1 GB of video storage (1010 MB used). Delete lessons you no longer need, or contact us from the Support page for more space.',
    );
    client.cookies.set('lang', 'bn');
    expect(await (await tusCreate(client, lessons[2].id, 15 * mib)).text()).toBe(
      'আপনার ১ জিবি ভিডিও স্টোরেজে এই ভিডিওটির জায়গা হবে না (১,০১০ এমবি ব্যবহৃত)। যে পাঠগুলো আর লাগবে না সেগুলো মুছে ফেলুন, অথবা আরও জায়গার জন্য সহায়তা পাতা থেকে আমাদের জানান।',
    );
    client.cookies.delete('lang');
    // What still fits is taken.
    expect((await tusCreate(client, lessons[2].id, 14 * mib)).status).toBe(201);
  });
});
