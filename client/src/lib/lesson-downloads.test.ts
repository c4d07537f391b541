/** @jest-environment node */
// Node has the Fetch API's Response and Request; the browser's Cache Storage is played by a map of them.
import { askToKeepDownloads, downloadLesson, keptLesson, keptLessons, keptUntilOf, LESSONS_CACHE, planDownloads, renewKeptLesson } from './lesson-downloads';

const ORIGIN = 'https://shikhon.test';
const DAY = 24 * 3600 * 1000;
const SAVED = new Date('2026-11-01T06:00:00Z');

class MemoryCache {
  readonly entries = new Map<string, Response>();
  private key = (request: RequestInfo | URL) => new URL(typeof request === 'string' || request instanceof URL ? request : request.url, ORIGIN).href;
  match(request: RequestInfo | URL) {
    return Promise.resolve(this.entries.get(this.key(request))?.clone());
  }
  put(request: RequestInfo | URL, response: Response) {
    this.entries.set(this.key(request), response);
    return Promise.resolve();
  }
  delete(request: RequestInfo | URL) {
    return Promise.resolve(this.entries.delete(this.key(request)));
  }
  keys() {
    return Promise.resolve([...this.entries.keys()].map((url) => new Request(url)));
  }
}

const master = [
  '#EXTM3U',
  '#EXT-X-STREAM-INF:BANDWIDTH=500000,AVERAGE-BANDWIDTH=400000,RESOLUTION=426x240,CODECS="avc1.4d4015,mp4a.40.2",NAME="240p"',
  '240p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",NAME="360p"',
  '360p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=2500000,AVERAGE-BANDWIDTH=2000000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2",NAME="720p"',
  '720p/index.m3u8',
  '',
].join('\n');
const playlist = ['#EXTM3U', '#EXTINF:10.0,', 'seg_000.ts', '#EXTINF:10.0,', 'seg_001.ts', '#EXT-X-ENDLIST', ''].join('\n');
const STREAM = `${ORIGIN}/media/lessons/v1/sig/master.m3u8`;

let cache: MemoryCache;
let files: Record<string, string>;
let fetched: string[];

beforeEach(() => {
  cache = new MemoryCache();
  fetched = [];
  files = {
    'master.m3u8': master,
    '240p/index.m3u8': playlist,
    '360p/index.m3u8': playlist,
    'audio/index.m3u8': playlist,
    '240p/seg_000.ts': 'a'.repeat(1000),
    '240p/seg_001.ts': 'b'.repeat(1000),
    'audio/seg_000.ts': 'c'.repeat(100),
    'audio/seg_001.ts': 'd'.repeat(100),
    'poster.jpg': 'jpeg',
  };
  Object.assign(globalThis, {
    location: new URL(`${ORIGIN}/learn/course`),
    caches: {
      open: (name: string) => Promise.resolve(name === LESSONS_CACHE ? cache : new MemoryCache()),
      delete: () => Promise.resolve(cache.entries.clear()),
    },
    fetch: (url: string) => {
      fetched.push(url);
      const file = url.replace(`${ORIGIN}/media/lessons/v1/sig/`, '');
      return Promise.resolve(file in files ? new Response(files[file]) : new Response('Not found', { status: 404 }));
    },
  });
});
afterEach(() => jest.useRealTimers());

const lesson = { lessonId: 'l1', courseId: 'c1', title: 'Fractions', courseName: 'Maths' };

describe('choosing what to download', () => {
  it('offers 240p, 360p and audio only, each with its size before anything is saved', async () => {
    const plans = await planDownloads(STREAM);
    // 20 seconds at 400 and 800 kbit/s; the sound at 72 kbit/s.
    expect(plans.map(({ choice, estimatedBytes }) => ({ choice, estimatedBytes }))).toEqual([
      { choice: '240p', estimatedBytes: 1_000_000 },
      { choice: '360p', estimatedBytes: 2_000_000 },
      { choice: 'audio', estimatedBytes: 180_000 },
    ]);
    expect(fetched.some((url) => url.endsWith('.ts'))).toBe(false);
  });

  it('offers no audio only for a video made without sound', async () => {
    delete files['audio/index.m3u8'];
    expect((await planDownloads(STREAM)).map((plan) => plan.choice)).toEqual(['240p', '360p']);
  });

  it('keeps the sound alone when the student chooses audio only, playing from its own master playlist', async () => {
    const audio = (await planDownloads(STREAM)).find((plan) => plan.choice === 'audio')!;
    const kept = await downloadLesson(audio, lesson, () => undefined);
    expect(kept).toMatchObject({ rendition: 'audio', bytes: 200 });
    const saved = await (await cache.match('/offline-lessons/l1/master.m3u8'))!.text();
    expect(saved).toContain('audio/index.m3u8');
    expect(await (await cache.match('/offline-lessons/l1/audio/seg_001.ts'))!.text()).toBe('d'.repeat(100));
  });
});

describe('how long a download is kept', () => {
  const saveAt = async (when: Date) => {
    jest.useFakeTimers({ now: when, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const plan = (await planDownloads(STREAM))[0];
    return downloadLesson(plan, lesson, () => undefined);
  };

  it('keeps a download 30 days after it was saved, then removes it so it no longer plays', async () => {
    const kept = await saveAt(SAVED);
    expect(keptUntilOf(kept)).toBe(new Date(SAVED.getTime() + 30 * DAY).toISOString());
    expect(await keptLesson('l1', new Date(SAVED.getTime() + 29 * DAY))).not.toBeNull();
    expect(await keptLesson('l1', new Date(SAVED.getTime() + 30 * DAY))).toBeNull();
    // Nothing of the lesson is left for the player: the playlists and every part are gone.
    expect([...cache.entries.keys()].filter((url) => url.includes('/offline-lessons/l1/'))).toEqual([]);
  });

  it('renews a download to 30 days from the day the enrollment is seen active online', async () => {
    const kept = await saveAt(SAVED);
    const renewedOn = new Date(SAVED.getTime() + 20 * DAY);
    const renewed = await renewKeptLesson(kept, renewedOn);
    expect(keptUntilOf(renewed)).toBe(new Date(renewedOn.getTime() + 30 * DAY).toISOString());
    expect(await keptLessons(new Date(SAVED.getTime() + 45 * DAY))).toHaveLength(1);
    expect(await keptLessons(new Date(SAVED.getTime() + 50 * DAY))).toEqual([]);
  });

  it('keeps a lesson saved before downloads had an expiry for 30 days after it was saved', () => {
    expect(keptUntilOf({ ...lesson, rendition: '240p', bytes: 1, savedAt: SAVED.toISOString() })).toBe('2026-12-01T06:00:00.000Z');
  });
});

describe('persistent storage', () => {
  it('is asked for on the first download, and not again once the browser keeps downloads', async () => {
    let persisted = false;
    const persist = jest.fn(() => Promise.resolve((persisted = true)));
    const storage = { persist, persisted: () => Promise.resolve(persisted) };
    expect(await askToKeepDownloads(storage)).toBe(true);
    expect(await askToKeepDownloads(storage)).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('is asked for again on a later download when the browser said no', async () => {
    const persist = jest.fn(() => Promise.resolve(false));
    const storage = { persist, persisted: () => Promise.resolve(false) };
    expect(await askToKeepDownloads(storage)).toBe(false);
    await askToKeepDownloads(storage);
    expect(persist).toHaveBeenCalledTimes(2);
  });

  it('goes on without it where the browser cannot keep storage', async () => {
    expect(await askToKeepDownloads(undefined)).toBe(false);
  });
});

describe('a long download whose signed addresses expire', () => {
  // The server refuses (403) an address signed with the old token once it has expired.
  const signedFiles = (token: string) => (url: string) => {
    fetched.push(url);
    const match = new RegExp(`^${ORIGIN}/media/lessons/v1/([^/]+)/(.+)$`).exec(url);
    if (!match) return Promise.resolve(new Response('Not found', { status: 404 }));
    if (match[1] !== token) return Promise.resolve(new Response('This video address has expired.', { status: 403 }));
    return Promise.resolve(match[2] in files ? new Response(files[match[2]]) : new Response('Not found', { status: 404 }));
  };

  it('asks for the lesson again and goes on from the refused segment at its fresh address', async () => {
    const [plan] = await planDownloads(STREAM);
    const progress: number[] = [];
    // The first segment arrives; the address then expires.
    let saved = 0;
    const fresh = jest.fn(() => Promise.resolve(`${ORIGIN}/media/lessons/v1/sig2/master.m3u8`));
    fetched = [];
    globalThis.fetch = ((url: string) => (saved++ < 1 ? signedFiles('sig')(url) : signedFiles('sig2')(url))) as typeof fetch;

    const kept = await downloadLesson(plan, lesson, (done) => progress.push(done), fresh);

    expect(fresh).toHaveBeenCalledTimes(1);
    expect(progress).toEqual([1, 2]);
    expect(fetched.map((url) => url.replace(`${ORIGIN}/media/lessons/v1/`, ''))).toEqual([
      'sig/240p/seg_000.ts',
      'sig/240p/seg_001.ts',
      'sig2/240p/index.m3u8',
      'sig2/240p/seg_001.ts',
      'sig2/poster.jpg',
    ]);
    expect(kept.bytes).toBe(2000);
    expect(await (await cache.match(`${ORIGIN}/offline-lessons/l1/240p/seg_001.ts`))?.text()).toBe('b'.repeat(1000));
    expect(await cache.match(`${ORIGIN}/offline-lessons/l1/poster.jpg`)).toBeDefined();
  });

  it('stops when the student may no longer watch the lesson, keeping what was saved for later', async () => {
    const [plan] = await planDownloads(STREAM);
    let saved = 0;
    globalThis.fetch = ((url: string) => (saved++ < 1 ? signedFiles('sig')(url) : signedFiles('none')(url))) as typeof fetch;

    await expect(
      downloadLesson(
        plan,
        lesson,
        () => undefined,
        () => Promise.resolve(null),
      ),
    ).rejects.toThrow('no longer be watched');
    expect(await cache.match(`${ORIGIN}/offline-lessons/l1/240p/seg_000.ts`)).toBeDefined();
    expect(await keptLesson('l1')).toBeNull();
  });

  it('stops when the fresh address is refused too, or the video was replaced meanwhile', async () => {
    const [plan] = await planDownloads(STREAM);
    globalThis.fetch = signedFiles('expired-everywhere') as typeof fetch;
    await expect(
      downloadLesson(
        plan,
        lesson,
        () => undefined,
        () => Promise.resolve(`${ORIGIN}/media/lessons/v1/sig3/master.m3u8`),
      ),
    ).rejects.toThrow('403');

    files['240p/index.m3u8'] = ['#EXTM3U', '#EXTINF:10.0,', 'other_000.ts', '#EXT-X-ENDLIST', ''].join('\n');
    globalThis.fetch = ((url: string) => (url.includes('/sig2/') ? signedFiles('sig2')(url) : signedFiles('old')(url))) as typeof fetch;
    await expect(
      downloadLesson(
        plan,
        lesson,
        () => undefined,
        () => Promise.resolve(`${ORIGIN}/media/lessons/v1/sig2/master.m3u8`),
      ),
    ).rejects.toThrow('video changed');
  });
});
