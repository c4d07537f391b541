import type { ServerAnswers } from '../lib/data';

/** The id of the script element that carries a server-rendered page's data (JSON, never run). */
export const SERVER_STATE_ID = 'server-state';

/** The answers the server rendered the page with, or null when the page came without them. */
export function serverState(document: Document): ServerAnswers | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerAnswers) : null;
}
