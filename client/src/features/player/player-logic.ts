import { truncate } from '../../lib/format';

export const LESSON_TITLE_MAX = 60;

/** A lesson title in the list: cut at 60 characters. */
export const lessonLabel = (title: string) => truncate(title, LESSON_TITLE_MAX);

/** Files (and HLS streams) play in a <video>; anything else is an embed page shown in an iframe. */
export function isVideoFile(url: string): boolean {
  const path = url.split(/[?#]/)[0].toLowerCase();
  return /\.(mp4|webm|ogg|ogv|m3u8)$/.test(path);
}

/**
 * What an embedded player (YouTube, Vimeo...) may do in its frame: run its scripts with its own
 * storage, and go full screen. No forms, no top-level navigation, no pop-ups, no downloads. A page of
 * this site itself gets no `allow-same-origin`, or its scripts could lift the sandbox.
 */
export function embedSandbox(url: string, siteOrigin: string): string {
  let sameSite = true;
  try {
    sameSite = new URL(url, siteOrigin).origin === siteOrigin;
  } catch {
    // An address the browser cannot read is treated as this site's: the stricter sandbox.
  }
  return sameSite ? 'allow-scripts allow-presentation' : 'allow-scripts allow-same-origin allow-presentation';
}

/** The features an embedded player may use, each only for the player's own origin. */
export const EMBED_ALLOW = 'accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen';

/** The lessons whose title contains the search text, case-insensitively. */
export function filterLessons<T extends { title: string }>(lessons: T[], search: string): T[] {
  const text = search.trim().toLowerCase();
  return text ? lessons.filter((lesson) => lesson.title.toLowerCase().includes(text)) : lessons;
}

/** The lesson before or after the current one, or null at the ends. */
export function neighbour<T extends { id: string }>(lessons: T[], currentId: string | null, step: -1 | 1): T | null {
  const index = lessons.findIndex((lesson) => lesson.id === currentId);
  if (index === -1) return null;
  return lessons[index + step] ?? null;
}

/** Where the player opens: the lesson in the address, else where the student left off, else the first lesson. */
export function initialLesson(lessons: Array<{ id: string }>, requested: string | null, resumeId: string | null): string | null {
  const known = (id: string | null) => id !== null && lessons.some((lesson) => lesson.id === id);
  if (known(requested)) return requested;
  if (known(resumeId)) return resumeId;
  return lessons[0]?.id ?? null;
}

/** Seconds the player waits, showing a countdown the student can cancel, before moving to the next lesson. */
export const AUTO_ADVANCE_SECONDS = 5;
