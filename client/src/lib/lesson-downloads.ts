/**
 * Lessons kept on the phone: one rendition of a lesson's HLS stream (the smallest, 240p), saved
 * segment by segment into Cache Storage under an address of its own,
 * `/offline-lessons/<lesson>/master.m3u8`, which the service worker answers from the cache only
 * (service-worker/sw.ts). The signed stream addresses are only used to fetch it: once saved, the
 * lesson plays with no network. A download cut halfway goes on from the segments already saved.
 */

export interface DownloadPlan {
  /** The rendition kept: 240p, or the smallest a video has. */
  rendition: string;
  /** The master playlist as saved: the one rendition. */
  master: string;
  /** The rendition's playlist, whose segment addresses are relative to it. */
  playlist: string;
  /** The segments' addresses, relative to the rendition's folder (seg_000.ts…). */
  segments: string[];
  /** What the download weighs, from the stream's average bandwidth and length, in bytes. */
  estimatedBytes: number;
  /** The signed address of the rendition's folder, which every fetch goes to. */
  source: string;
  /** The signed address of the video's still picture. */
  poster: string;
}

export interface KeptLesson {
  lessonId: string;
  courseId: string;
  title: string;
  courseName: string;
  rendition: string;
  bytes: number;
  savedAt: string;
}

/** The cache the lessons are kept in, and their addresses' start, which the service worker answers from it only. */
export const LESSONS_CACHE = 'shikhon-lessons-v1';
export const OFFLINE_LESSONS = '/offline-lessons/';
const PREFERRED_HEIGHT = 240;
const INFO = 'lesson.json';
export const offlineLessonAddress = (lessonId: string) => `${OFFLINE_LESSONS}${lessonId}/master.m3u8`;
const folderOf = (lessonId: string) => `${OFFLINE_LESSONS}${lessonId}/`;

async function text(url: string): Promise<string> {
  const answer = await fetch(url, { credentials: 'same-origin' });
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return answer.text();
}

/** Reads the lesson's stream to know what downloading it takes, before anything is saved. */
export async function planDownload(masterUrl: string): Promise<DownloadPlan> {
  const lines = (await text(masterUrl)).split('\n').map((line) => line.trim());
  const renditions = lines.flatMap((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return [];
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? Infinity);
    const average = Number(/AVERAGE-BANDWIDTH=(\d+)/.exec(line)?.[1] ?? /BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    return [{ info: line, address: lines[index + 1], height, average }];
  });
  const chosen = renditions.find((each) => each.height === PREFERRED_HEIGHT) ?? [...renditions].sort((a, b) => a.height - b.height)[0];
  if (!chosen) throw new Error('The stream has no video rendition');
  const rendition = chosen.address.split('/')[0];
  const source = new URL(chosen.address.replace(/[^/]+$/, ''), new URL(masterUrl, location.href)).href;
  const playlist = await text(new URL(chosen.address, new URL(masterUrl, location.href)).href);
  const segments = playlist
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const seconds = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, [, duration]) => sum + Number(duration), 0);
  const master = ['#EXTM3U', '#EXT-X-VERSION:3', chosen.info, chosen.address, ''].join('\n');
  const poster = new URL('poster.jpg', new URL(masterUrl, location.href)).href;
  return { rendition, master, playlist, segments, estimatedBytes: Math.round((chosen.average * seconds) / 8), source, poster };
}

/** A size in megabytes, as downloads show it (a lesson's 240p weighs a few to a few tens of MB). */
export const inMegabytes = (bytes: number) => Math.round((bytes / 1024 ** 2) * 10) / 10;

const playlistAnswer = (body: string) => new Response(body, { headers: { 'Content-Type': 'application/vnd.apple.mpegurl' } });

/**
 * Saves the planned rendition one segment at a time (`onProgress` hears how many are saved), skipping
 * those saved before; the playlists and the lesson's facts last, so a lesson is listed only whole.
 */
export async function downloadLesson(
  plan: DownloadPlan,
  lesson: Omit<KeptLesson, 'rendition' | 'bytes' | 'savedAt'>,
  onProgress: (saved: number, total: number) => void,
): Promise<KeptLesson> {
  const cache = await caches.open(LESSONS_CACHE);
  const folder = `${folderOf(lesson.lessonId)}${plan.rendition}/`;
  let bytes = 0;
  for (const [index, segment] of plan.segments.entries()) {
    const address = folder + segment;
    let kept = await cache.match(address);
    if (!kept) {
      const answer = await fetch(new URL(segment, plan.source).href, { credentials: 'same-origin' });
      if (!answer.ok) throw new Error(`${segment}: ${answer.status}`);
      const body = await answer.arrayBuffer();
      await cache.put(address, new Response(body, { headers: { 'Content-Type': 'video/mp2t', 'Content-Length': String(body.byteLength) } }));
      kept = await cache.match(address);
    }
    bytes += Number(kept?.headers.get('Content-Length') ?? 0);
    onProgress(index + 1, plan.segments.length);
  }
  // The still picture the player shows before it plays, when the video has one.
  const poster = await fetch(plan.poster, { credentials: 'same-origin' }).catch(() => null);
  if (poster?.ok) await cache.put(`${folderOf(lesson.lessonId)}poster.jpg`, poster);
  await cache.put(`${folder}index.m3u8`, playlistAnswer(plan.playlist));
  await cache.put(offlineLessonAddress(lesson.lessonId), playlistAnswer(plan.master));
  const info: KeptLesson = { ...lesson, rendition: plan.rendition, bytes, savedAt: new Date().toISOString() };
  await cache.put(folderOf(lesson.lessonId) + INFO, Response.json(info));
  return info;
}

/** The lessons kept whole on this phone, the newest first. */
export async function keptLessons(): Promise<KeptLesson[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(LESSONS_CACHE);
  const infos = (await cache.keys()).filter((request) => request.url.endsWith(`/${INFO}`));
  const lessons = await Promise.all(infos.map(async (request) => (await (await cache.match(request))?.json()) as KeptLesson));
  return lessons.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export async function keptLesson(lessonId: string): Promise<KeptLesson | null> {
  if (typeof caches === 'undefined') return null;
  const info = await (await caches.open(LESSONS_CACHE)).match(folderOf(lessonId) + INFO);
  return info ? ((await info.json()) as KeptLesson) : null;
}

/** Removes a lesson from the phone: its facts first, so a half-removed lesson is never listed. */
export async function removeKeptLesson(lessonId: string): Promise<void> {
  const cache = await caches.open(LESSONS_CACHE);
  await cache.delete(folderOf(lessonId) + INFO);
  const prefix = new URL(folderOf(lessonId), location.href).href;
  for (const request of await cache.keys()) if (request.url.startsWith(prefix)) await cache.delete(request);
}

export async function removeAllKeptLessons(): Promise<void> {
  await caches.delete(LESSONS_CACHE);
}
