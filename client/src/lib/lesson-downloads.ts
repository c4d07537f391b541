/**
 * Lessons kept on the phone: one rendition of a lesson's HLS stream (240p unless the student chose
 * 360p or the sound alone), saved
 * segment by segment into Cache Storage under an address of its own,
 * `/offline-lessons/<lesson>/master.m3u8`, which the service worker answers from the cache only
 * (service-worker/sw.ts). The signed stream addresses are only used to fetch it: once saved, the
 * lesson plays with no network. A download cut halfway goes on from the segments already saved.
 * A kept lesson is kept for KEEP_DAYS after it was saved, renewed whenever the student's enrollment
 * is seen still active online; past that it is removed and no longer plays.
 */

/** What a student may download: a picture small enough for a phone's data, or the sound alone. */
export type DownloadChoice = '240p' | '360p' | 'audio';
export const DOWNLOAD_CHOICES: readonly DownloadChoice[] = ['240p', '360p', 'audio'];
export const DEFAULT_DOWNLOAD: DownloadChoice = '240p';
/** How long a kept lesson stays on the phone without being renewed online. */
export const KEEP_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
/**
 * The sound-only rendition is not in the master playlist (the player asks for it beside it): its
 * weight is from its bit rate (64 kbit/s AAC, server/src/modules/video/transcode.ts) and the MPEG-TS
 * packaging around it.
 */
const AUDIO_BITS_PER_SECOND = 72_000;
const AUDIO_PLAYLIST = 'audio/index.m3u8';

export interface DownloadPlan {
  /** The rendition kept: 240p (or the smallest picture a video has), 360p or audio. */
  rendition: string;
  /** What the student chose it as. */
  choice: DownloadChoice;
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
  /** Until when it stays on the phone (lessons saved before this was kept: KEEP_DAYS after savedAt). */
  keptUntil?: string;
}

/** The cache the lessons are kept in, and their addresses' start, which the service worker answers from it only. */
export const LESSONS_CACHE = 'shikhon-lessons-v1';
export const OFFLINE_LESSONS = '/offline-lessons/';
const INFO = 'lesson.json';
export const offlineLessonAddress = (lessonId: string) => `${OFFLINE_LESSONS}${lessonId}/master.m3u8`;
const folderOf = (lessonId: string) => `${OFFLINE_LESSONS}${lessonId}/`;

async function text(url: string): Promise<string> {
  const answer = await fetch(url, { credentials: 'same-origin' });
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return answer.text();
}

interface Rendition {
  info: string;
  address: string;
  height: number;
  average: number;
}

/** The video renditions a master playlist lists, with their height and average bit rate. */
export function renditionsIn(master: string): Rendition[] {
  const lines = master.split('\n').map((line) => line.trim());
  return lines.flatMap((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return [];
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? Infinity);
    const average = Number(/AVERAGE-BANDWIDTH=(\d+)/.exec(line)?.[1] ?? /BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    return [{ info: line, address: lines[index + 1], height, average }];
  });
}

/** The video renditions offered for download: 240p (else the smallest picture) and 360p where the video has it. */
export function videoChoices(renditions: Rendition[]): Array<{ choice: DownloadChoice; rendition: Rendition }> {
  const smallest = renditions.find((each) => each.height === 240) ?? [...renditions].sort((a, b) => a.height - b.height)[0];
  const larger = renditions.find((each) => each.height === 360 && each !== smallest);
  return [...(smallest ? [{ choice: '240p' as const, rendition: smallest }] : []), ...(larger ? [{ choice: '360p' as const, rendition: larger }] : [])];
}

const segmentsOf = (playlist: string) =>
  playlist
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
export const secondsOf = (playlist: string) => [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, [, duration]) => sum + Number(duration), 0);

/**
 * Reads the lesson's stream to know what each download takes, before anything is saved: 240p,
 * 360p where the video has it, and the sound alone where the video has sound.
 */
export async function planDownloads(masterUrl: string): Promise<DownloadPlan[]> {
  const base = new URL(masterUrl, location.href);
  const poster = new URL('poster.jpg', base).href;
  const plans: DownloadPlan[] = [];
  for (const { choice, rendition } of videoChoices(renditionsIn(await text(masterUrl)))) {
    const playlist = await text(new URL(rendition.address, base).href);
    const master = ['#EXTM3U', '#EXT-X-VERSION:3', rendition.info, rendition.address, ''].join('\n');
    plans.push({
      rendition: rendition.address.split('/')[0],
      choice,
      master,
      playlist,
      segments: segmentsOf(playlist),
      estimatedBytes: Math.round((rendition.average * secondsOf(playlist)) / 8),
      source: new URL(rendition.address.replace(/[^/]+$/, ''), base).href,
      poster,
    });
  }
  if (plans.length === 0) throw new Error('The stream has no video rendition');
  // A video made without sound has no sound-only rendition: its playlist is simply not there.
  const audio = await text(new URL(AUDIO_PLAYLIST, base).href).catch(() => null);
  if (audio) {
    const info = `#EXT-X-STREAM-INF:BANDWIDTH=${AUDIO_BITS_PER_SECOND},CODECS="mp4a.40.2",NAME="audio"`;
    plans.push({
      rendition: 'audio',
      choice: 'audio',
      master: ['#EXTM3U', '#EXT-X-VERSION:3', info, AUDIO_PLAYLIST, ''].join('\n'),
      playlist: audio,
      segments: segmentsOf(audio),
      estimatedBytes: Math.round((AUDIO_BITS_PER_SECOND * secondsOf(audio)) / 8),
      source: new URL('audio/', base).href,
      poster,
    });
  }
  return plans;
}

/** Until when a lesson saved or renewed at `from` is kept. */
export const keepUntil = (from: Date) => new Date(from.getTime() + KEEP_DAYS * DAY_MS).toISOString();
export const keptUntilOf = (lesson: KeptLesson) => lesson.keptUntil ?? keepUntil(new Date(lesson.savedAt));
export const isExpired = (lesson: KeptLesson, now: Date) => new Date(keptUntilOf(lesson)).getTime() <= now.getTime();

/** The part of navigator.storage that asks for persistent storage (pages have it, workers do not). */
interface PersistentStorage {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
}

/**
 * Asks the browser to keep downloads when space runs low, once: on the first download (and again
 * only if it said no). Its answer changes nothing else.
 */
export async function askToKeepDownloads(storage: PersistentStorage | undefined = globalThis.navigator?.storage): Promise<boolean> {
  if (!storage?.persist) return false;
  if (await storage.persisted?.().catch(() => false)) return true;
  return storage.persist().catch(() => false);
}

/** A size in megabytes, as downloads show it (a lesson's 240p weighs a few to a few tens of MB). */
export const inMegabytes = (bytes: number) => Math.round((bytes / 1024 ** 2) * 10) / 10;

const playlistAnswer = (body: string) => new Response(body, { headers: { 'Content-Type': 'application/vnd.apple.mpegurl' } });

/**
 * The lesson's stream address signed anew (the player asks the server again), or null when the
 * student may no longer watch it.
 */
export type FreshStream = () => Promise<string | null>;

/**
 * The same rendition at a freshly signed address: its playlist is read there again and must list the
 * same segments (a video replaced meanwhile cannot be pieced together from two).
 */
async function renewedSource(plan: DownloadPlan, freshStream: FreshStream): Promise<{ source: string; poster: string }> {
  const fresh = await freshStream();
  if (!fresh) throw new Error('The lesson can no longer be watched');
  const base = new URL(fresh, location.href);
  // The rendition's playlist, as the saved master playlist names it (its last line).
  const address = plan.master.trim().split('\n').pop()!;
  const playlist = await text(new URL(address, base).href);
  if (segmentsOf(playlist).join('\n') !== plan.segments.join('\n')) throw new Error("The lesson's video changed");
  return { source: new URL(address.replace(/[^/]+$/, ''), base).href, poster: new URL('poster.jpg', base).href };
}

/**
 * Saves the planned rendition one segment at a time (`onProgress` hears how many are saved), skipping
 * those saved before; the playlists and the lesson's facts last, so a lesson is listed only whole.
 * The signed addresses expire (like the player's): a segment refused on the way (403) is asked for
 * again at the rendition's fresh address (`freshStream`), and the download goes on from it; refused
 * there too, the student may no longer watch, and the download stops.
 */
export async function downloadLesson(
  plan: DownloadPlan,
  lesson: Omit<KeptLesson, 'rendition' | 'bytes' | 'savedAt' | 'keptUntil'>,
  onProgress: (saved: number, total: number) => void,
  freshStream?: FreshStream,
): Promise<KeptLesson> {
  const cache = await caches.open(LESSONS_CACHE);
  const folder = `${folderOf(lesson.lessonId)}${plan.rendition}/`;
  let { source, poster } = plan;
  let bytes = 0;
  for (const [index, segment] of plan.segments.entries()) {
    const address = folder + segment;
    let kept = await cache.match(address);
    if (!kept) {
      let answer = await fetch(new URL(segment, source).href, { credentials: 'same-origin' });
      if (answer.status === 403 && freshStream) {
        ({ source, poster } = await renewedSource(plan, freshStream));
        answer = await fetch(new URL(segment, source).href, { credentials: 'same-origin' });
      }
      if (!answer.ok) throw new Error(`${segment}: ${answer.status}`);
      const body = await answer.arrayBuffer();
      await cache.put(address, new Response(body, { headers: { 'Content-Type': 'video/mp2t', 'Content-Length': String(body.byteLength) } }));
      kept = await cache.match(address);
    }
    bytes += Number(kept?.headers.get('Content-Length') ?? 0);
    onProgress(index + 1, plan.segments.length);
  }
  // The still picture the player shows before it plays, when the video has one.
  const picture = await fetch(poster, { credentials: 'same-origin' }).catch(() => null);
  if (picture?.ok) await cache.put(`${folderOf(lesson.lessonId)}poster.jpg`, picture);
  await cache.put(`${folder}index.m3u8`, playlistAnswer(plan.playlist));
  await cache.put(offlineLessonAddress(lesson.lessonId), playlistAnswer(plan.master));
  const now = new Date();
  const info: KeptLesson = { ...lesson, rendition: plan.rendition, bytes, savedAt: now.toISOString(), keptUntil: keepUntil(now) };
  await cache.put(folderOf(lesson.lessonId) + INFO, Response.json(info));
  return info;
}

/** The lessons kept whole on this phone, the newest first; those past their keeping are removed. */
export async function keptLessons(now = new Date()): Promise<KeptLesson[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(LESSONS_CACHE);
  const infos = (await cache.keys()).filter((request) => request.url.endsWith(`/${INFO}`));
  const lessons = await Promise.all(infos.map(async (request) => (await (await cache.match(request))?.json()) as KeptLesson));
  const kept: KeptLesson[] = [];
  for (const lesson of lessons) {
    if (isExpired(lesson, now)) await removeKeptLesson(lesson.lessonId);
    else kept.push(lesson);
  }
  return kept.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/** A lesson kept on this phone and not past its keeping (one past it is removed). */
export async function keptLesson(lessonId: string, now = new Date()): Promise<KeptLesson | null> {
  if (typeof caches === 'undefined') return null;
  const info = await (await caches.open(LESSONS_CACHE)).match(folderOf(lessonId) + INFO);
  if (!info) return null;
  const lesson = (await info.json()) as KeptLesson;
  if (!isExpired(lesson, now)) return lesson;
  await removeKeptLesson(lessonId);
  return null;
}

/** Keeps a lesson KEEP_DAYS from now: its student's enrollment was just seen active online. */
export async function renewKeptLesson(lesson: KeptLesson, now = new Date()): Promise<KeptLesson> {
  const renewed = { ...lesson, keptUntil: keepUntil(now) };
  await (await caches.open(LESSONS_CACHE)).put(folderOf(lesson.lessonId) + INFO, Response.json(renewed));
  return renewed;
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
