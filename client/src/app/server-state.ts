import type { NormalizedCacheObject } from '@apollo/client';

/** The id of the script element that carries a server-rendered page's data (JSON, never run). */
export const SERVER_STATE_ID = 'server-state';

/** The Apollo cache the server rendered the page with, or null when the page came without one. */
export function serverState(document: Document): NormalizedCacheObject | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as NormalizedCacheObject) : null;
}
