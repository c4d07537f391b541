import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase, testLog } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { makeSampleVideo } from '../../../test-support/sample-video.cjs';
import { databaseUrlOf } from '../../test/server-process';
import { compiledScript } from '../../test/compiled-server';
import { tusCreate, tusOffset, tusPatch, tusUpload } from '../../test/tus-upload';
import type { Course } from '../course/course.entity';
import { Lesson } from '../course/lesson.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Role } from '../../kernel/role';
import { LessonVideo, VideoStatus } from './lesson-video.entity';
import { signStream } from './stream-signature';
import { UNSUPPORTED_VIDEO } from './video-file-type';
import { transcodeJobHandler } from './video-processing';
import { uploadsDirectory } from './video-upload.router';
import { ABANDONED_UPLOADS_QUEUE } from './video-jobs';
import { videoModule } from './video.module';
import { JobQueue } from '../../db/job-queue';
import { STREAM_EXPIRED, STREAM_REFUSED } from './video-stream.router';

const PASSWORD = 'correct horse battery';
const serverRoot = path.resolve(__dirname, '..', '..', '..');

let db: DataSource;
let app: TestApp;
let dataDir: string;
let course: Course;
let lessons: Lesson[];
let instructor: HttpClient;
let student: HttpClient;
let studentId: string;
let stranger: HttpClient;
let strangerId: string;
let sample: Buffer;

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const videosOf = (lessonId: string) => db.getRepository(LessonVideo).find({ where: { lessonId }, order: { createdAt: 'DESC' } });

const STREAM = `query ($id: ID!) { course(id: $id) { lessons { id streamURL durationSeconds video { status progress renditions durationSeconds } } } }`;
type Streams = {
  course: { lessons: Array<{ id: string; streamURL: string | null; durationSeconds: number | null; video: { status: string; renditions: string[] } | null }> };
};

beforeAll(async () => {
  db = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-video-test-'));
  app = await startTestApp(db, {
    DATA_DIR: dataDir,
    VIDEO_MAX_UPLOAD_MB: '5',
    // A job whose worker died is seen as crashed after 20 s and retried about a second later.
    VIDEO_JOB_TIMEOUT_SECONDS: '20',
    VIDEO_QUEUE_CHECK_SECONDS: '1',
    VIDEO_RETRY_DELAY_SECONDS: '1',
  });
  const teacher = await makeUser(db, { role: Role.INSTRUCTOR });
  const learner = await makeUser(db);
  const other = await makeUser(db);
  studentId = learner.id;
  strangerId = other.id;
  course = await makeCourse(db, { instructorId: teacher.id }, ['Welcome', 'Fractions']);
  lessons = await db.getRepository(Lesson).find({ where: { courseId: course.id }, order: { position: 'ASC' } });
  await db
    .getRepository(Enrollment)
    .insert({ studentId: learner.id, courseId: course.id, courseName: course.name, courseDescription: course.description, email: learner.email });
  instructor = await signedInClient(app.url, teacher.email, PASSWORD);
  student = await signedInClient(app.url, learner.email, PASSWORD);
  stranger = await signedInClient(app.url, other.email, PASSWORD);
  sample = fs.readFileSync(makeSampleVideo({ seconds: 4, height: 480 }));
}, 60_000);

afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('uploading a lesson video', () => {
  it('refuses a file that is not a video by its content, whatever its name, and keeps nothing', async () => {
    const text = Buffer.from('Not a video at all, only words pretending to be lesson.mp4\n'.repeat(2000));
    const answer = await tusUpload(instructor, lessons[0].id, text, 32 * 1024, 'lesson.mp4');
    expect(answer.status).toBe(415);
    expect(await answer.text()).toBe(UNSUPPORTED_VIDEO);
    expect(await videosOf(lessons[0].id)).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).filter((name) => !name.startsWith('.'))).toEqual([]);
  });

  it('refuses a file over the size limit with the limit in the message', async () => {
    const answer = await tusCreate(instructor, lessons[0].id, 6 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(await answer.text()).toBe('The video is larger than the 5 MB limit.');
  });

  it("lets only the course's instructor (or an admin) upload to its lessons", async () => {
    expect((await tusCreate(new HttpClient(app.url), lessons[0].id, sample.length)).status).toBe(401);
    expect((await tusCreate(student, lessons[0].id, sample.length)).status).toBe(403);
    const otherTeacher = await makeUser(db, { role: Role.INSTRUCTOR });
    expect((await tusCreate(await signedInClient(app.url, otherTeacher.email, PASSWORD), lessons[0].id, sample.length)).status).toBe(403);
    expect(await videosOf(lessons[0].id)).toEqual([]);
  });

  it('resumes an interrupted upload from the offset the server kept, and lets nobody else continue it', async () => {
    const created = await tusCreate(instructor, lessons[0].id, sample.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect((await tusPatch(instructor, location, 0, sample.subarray(0, 100_000))).status).toBe(204);
    expect(await tusOffset(instructor, location)).toBe(100_000);
    expect((await tusPatch(stranger, location, 100_000, sample.subarray(100_000))).status).toBe(403);
    const done = await tusPatch(instructor, location, 100_000, sample.subarray(100_000));
    expect(done.status).toBe(204);
    const [video] = await videosOf(lessons[0].id);
    expect(video).toMatchObject({ status: VideoStatus.QUEUED, sizeBytes: sample.length, fileName: 'lesson.mp4' });
  });

  it('removes uploads left unfinished longer than the set age from the disk, and keeps recent ones', async () => {
    const partial = async () => {
      const created = await tusCreate(instructor, lessons[1].id, sample.length);
      const location = created.headers.get('location')!;
      expect((await tusPatch(instructor, location, 0, sample.subarray(0, 50_000))).status).toBe(204);
      return { location, id: location.split('/').pop()! };
    };
    const abandoned = await partial();
    const recent = await partial();
    const directory = uploadsDirectory(dataDir);
    // The abandoned one started two days ago.
    const record = path.join(directory, `${abandoned.id}.json`);
    const info = JSON.parse(fs.readFileSync(record, 'utf8')) as { creation_date: string };
    fs.writeFileSync(record, JSON.stringify({ ...info, creation_date: new Date(Date.now() - 48 * 3600_000).toISOString() }));

    // The video module's scheduled job (every hour) removes it; here a run is sent to the queue as its clock would.
    const queue = new JobQueue(databaseUrlOf(db), testLog, { scheduledPollingSeconds: 0.5 });
    try {
      const cleanUp = videoModule.jobs!({ ...app.services, jobs: queue }).find((job) => job.queue === ABANDONED_UPLOADS_QUEUE)!;
      expect(cleanUp.cron).toBe('0 * * * *');
      await cleanUp.start();
      await (await queue.boss()).send(ABANDONED_UPLOADS_QUEUE, {});
      await waitFor('the job to remove the abandoned upload', () => Promise.resolve(!fs.existsSync(path.join(directory, abandoned.id))));
    } finally {
      await queue.stop();
    }
    expect(fs.existsSync(record)).toBe(false);
    expect((await tusPatch(instructor, abandoned.location, 50_000, sample.subarray(50_000))).status).toBe(404);
    expect(fs.existsSync(path.join(directory, recent.id))).toBe(true);
    expect(await tusOffset(instructor, recent.location)).toBe(50_000);
  });
});

describe('processing', () => {
  it('retries a job whose worker crashed, and makes HLS renditions up to the source height, a poster and the duration', async () => {
    // The video uploaded (and queued) above.
    const [video] = await videosOf(lessons[0].id);

    // A separate worker process (npm run worker) takes the job and dies in the middle of it.
    const worker = spawn(process.execPath, [await compiledScript('src/worker.ts')], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: databaseUrlOf(db),
        JWT_SECRET: TEST_JWT_SECRET,
        DATA_DIR: dataDir,
        VIDEO_QUEUE_CHECK_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      let logs = '';
      worker.stdout.on('data', (chunk: Buffer) => {
        logs += chunk.toString();
        if (logs.includes('video job started')) resolve();
      });
      worker.stderr.on('data', (chunk: Buffer) => (logs += chunk.toString()));
      void exited.then(() => reject(new Error(`the worker exited early:\n${logs}`)));
    });
    worker.kill('SIGKILL');
    await exited;

    // The server's own worker finds the abandoned job once it times out, and does it again.
    await app.services.videoQueue.work(transcodeJobHandler({ db, storage: app.services.videoStorage, log: testLog }));
    const ready = await waitFor('the video to be ready', async () => {
      const row = await db.getRepository(LessonVideo).findOneBy({ id: video.id });
      if (row?.status === VideoStatus.FAILED) throw new Error(`processing failed: ${row.error}`);
      return row?.status === VideoStatus.READY ? row : null;
    });
    // The queue marks the job done just after the handler has stored the video.
    const job = await waitFor('the job to be marked done', async () => {
      const [row] = await db.query<Array<{ state: string; retry_count: number }>>(`SELECT state, retry_count FROM pgboss.job WHERE data->>'videoId' = $1`, [
        video.id,
      ]);
      return row?.state === 'active' ? null : row;
    });
    expect(job).toEqual({ state: 'completed', retry_count: 1 });

    expect(ready).toMatchObject({ progress: 100, durationSeconds: 4, renditions: ['240p', '360p', 'audio'] });
    expect((await db.getRepository(Lesson).findOneBy({ id: lessons[0].id }))!.durationSeconds).toBe(4);
    const files = fs
      .readdirSync(path.join(dataDir, 'media', 'videos', video.id, 'hls'), { recursive: true })
      .map(String)
      .sort();
    expect(files).toEqual(expect.arrayContaining(['master.m3u8', 'poster.jpg', '240p/index.m3u8', '240p/seg_000.ts', '360p/index.m3u8', 'audio/index.m3u8']));
    expect(files.some((file) => file.startsWith('720p'))).toBe(false);
  }, 180_000);

  it('shows the instructor the state of each upload, and nobody else', async () => {
    const mine = (await instructor.graphql<Streams>(STREAM, { id: course.id })).data!.course.lessons;
    expect(mine.map((lesson) => lesson.video?.status ?? null)).toEqual(['READY', null]);
    expect(mine[0].video!.renditions).toEqual(['240p', '360p', 'audio']);
    const theirs = (await student.graphql<Streams>(STREAM, { id: course.id })).data!.course.lessons;
    expect(theirs.map((lesson) => lesson.video)).toEqual([null, null]);
  });
});

describe('streaming', () => {
  const fetchPath = (url: string) => fetch(new URL(url, app.url));
  let streamURL: string;

  beforeAll(async () => {
    const lessonsSeen = (await student.graphql<Streams>(STREAM, { id: course.id })).data!.course.lessons;
    streamURL = lessonsSeen[0].streamURL!;
    expect(lessonsSeen[1].streamURL).toBeNull();
  });

  it('serves the entitled student the playlists, segments and poster with cache headers', async () => {
    const master = await fetchPath(streamURL);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const text = await master.text();
    expect(text.match(/^\d+p\/index\.m3u8$/gm)).toEqual(['240p/index.m3u8', '360p/index.m3u8']);
    const segment = await fetchPath(streamURL.replace('master.m3u8', '240p/seg_000.ts'));
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(segment.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await fetchPath(streamURL.replace('master.m3u8', 'poster.jpg'))).headers.get('content-type')).toBe('image/jpeg');
    expect((await fetchPath(streamURL.replace('master.m3u8', 'audio/index.m3u8'))).status).toBe(200);
  });

  it('gives no stream address to a viewer who is not entitled', async () => {
    const theirs = (await stranger.graphql<Streams>(STREAM, { id: course.id })).data!.course.lessons;
    expect(theirs.map((lesson) => lesson.streamURL)).toEqual([null, null]);
  });

  it('refuses a segment to a viewer who is not entitled, even with a correctly signed address', async () => {
    const [, , videoId] = /\/media\/lessons\/([^/]+)\/([^./]+)\./.exec(streamURL)!;
    const token = signStream(app.services.stream.signingKey, {
      lessonId: lessons[0].id,
      videoId,
      viewerId: strangerId,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    });
    const answer = await fetchPath(`/media/lessons/${lessons[0].id}/${token}/240p/seg_000.ts`);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ message: STREAM_REFUSED });
  });

  it('refuses an expired address', async () => {
    const [, , videoId] = /\/media\/lessons\/([^/]+)\/([^./]+)\./.exec(streamURL)!;
    const token = signStream(app.services.stream.signingKey, {
      lessonId: lessons[0].id,
      videoId,
      viewerId: studentId,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    const answer = await fetchPath(`/media/lessons/${lessons[0].id}/${token}/240p/seg_000.ts`);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ message: STREAM_EXPIRED });
  });

  it('lets a player whose address expired go on at the same segment with a newly signed one from the API', async () => {
    const [, , videoId] = /\/media\/lessons\/([^/]+)\/([^./]+)\./.exec(streamURL)!;
    const expired = signStream(app.services.stream.signingKey, {
      lessonId: lessons[0].id,
      videoId,
      viewerId: studentId,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    const segmentAt = (token: string) => `/media/lessons/${lessons[0].id}/${token}/360p/seg_001.ts`;
    expect((await fetchPath(segmentAt(expired))).status).toBe(403);
    // What the player does: ask for the lesson's address again and put its token into the same segment's address.
    const fresh = (await student.graphql<Streams>(STREAM, { id: course.id })).data!.course.lessons[0].streamURL!;
    const [, , freshToken] = /\/media\/lessons\/([^/]+)\/([^/]+)\//.exec(fresh)!;
    expect(Number(freshToken.split('.')[2])).toBeGreaterThan(Math.floor(Date.now() / 1000));
    const answer = await fetchPath(segmentAt(freshToken));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('video/mp2t');
  });

  it('refuses an address used for another lesson, and a tampered one', async () => {
    const otherLesson = streamURL.replace(lessons[0].id, lessons[1].id).replace('master.m3u8', '240p/seg_000.ts');
    expect((await fetchPath(otherLesson)).status).toBe(403);
    const tampered = streamURL.replace(studentId, strangerId);
    expect((await fetchPath(tampered)).status).toBe(403);
  });

  it('stops working at once when the enrollment is refunded', async () => {
    const segment = streamURL.replace('master.m3u8', '360p/seg_001.ts');
    expect((await fetchPath(segment)).status).toBe(200);
    await db.query(`UPDATE enrollment SET "revokedAt" = now() WHERE "studentId" = $1`, [studentId]);
    expect((await fetchPath(segment)).status).toBe(403);
  });

  it('plays a free preview lesson for visitors', async () => {
    await db.getRepository(Lesson).update(lessons[0].id, { preview: true });
    const visitor = new HttpClient(app.url);
    const url = (await visitor.graphql<Streams>(STREAM, { id: course.id })).data!.course.lessons[0].streamURL!;
    expect((await fetchPath(url.replace('master.m3u8', '240p/index.m3u8'))).status).toBe(200);
    // It stops being a preview: the address stops working.
    await db.getRepository(Lesson).update(lessons[0].id, { preview: false });
    expect((await fetchPath(url.replace('master.m3u8', '240p/index.m3u8'))).status).toBe(403);
  });
});
