import crypto from 'node:crypto';
import type { Viewer } from '../../kernel/viewer';

/** What a signed stream address grants: one video of one lesson, to one viewer (or anyone, for a free preview), until it expires. */
export interface StreamGrant {
  lessonId: string;
  videoId: string;
  /** The viewer's account id; '-' when signed for a visitor watching a free preview. */
  viewerId: string;
  /** Unix seconds. */
  expiresAt: number;
}

const ANONYMOUS = '-';

export interface StreamSettings {
  signingKey: Buffer;
  urlTtlSeconds: number;
}

/** The signing key: derived from the server's secret, so it is the same on every server copy and useless for tokens. */
export function streamSigningKey(serverSecret: string): Buffer {
  return crypto.createHmac('sha256', serverSecret).update('lesson-stream-addresses').digest();
}

function signature(key: Buffer, grant: StreamGrant): string {
  return crypto.createHmac('sha256', key).update(`${grant.lessonId}\n${grant.videoId}\n${grant.viewerId}\n${grant.expiresAt}`).digest('base64url');
}

/** The token that goes into the address's path: every playlist and segment below it carries it. */
export function signStream(key: Buffer, grant: Omit<StreamGrant, 'viewerId'> & { viewerId: string | null }): string {
  const full: StreamGrant = { ...grant, viewerId: grant.viewerId ?? ANONYMOUS };
  return `${full.videoId}.${full.viewerId}.${full.expiresAt}.${signature(key, full)}`;
}

export type StreamCheck = { ok: true; grant: StreamGrant } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a token for the lesson in the address: a token signed for another lesson does not verify. */
export function verifyStream(key: Buffer, lessonId: string, token: string, nowSeconds = Math.floor(Date.now() / 1000)): StreamCheck {
  const [videoId, viewerId, expires, given, extra] = token.split('.');
  if (extra !== undefined || !videoId || !viewerId || !/^\d{1,12}$/.test(expires ?? '') || !given) return { ok: false, reason: 'invalid' };
  const grant: StreamGrant = { lessonId, videoId, viewerId, expiresAt: Number(expires) };
  const expected = Buffer.from(signature(key, grant));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return { ok: false, reason: 'invalid' };
  if (grant.expiresAt <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}

export const isAnonymousGrant = (grant: StreamGrant) => grant.viewerId === ANONYMOUS;

/** Expiry rounded up to five minutes, so one viewer's address stays the same for a while (and caches). */
export function streamExpiry(ttlSeconds: number, nowMs = Date.now()): number {
  return Math.ceil((nowMs / 1000 + ttlSeconds) / 300) * 300;
}

/** A signed address of a lesson's HLS master playlist; every playlist and segment below it carries the signature. */
export function streamUrl(settings: StreamSettings, lessonId: string, videoId: string, viewer: Viewer | null, preview: boolean): string {
  // A free preview is signed for anyone, so it keeps working for a visitor who signs in meanwhile.
  const token = signStream(settings.signingKey, {
    lessonId,
    videoId,
    viewerId: preview ? null : (viewer?.id ?? null),
    expiresAt: streamExpiry(settings.urlTtlSeconds),
  });
  return `/media/lessons/${lessonId}/${token}/master.m3u8`;
}
