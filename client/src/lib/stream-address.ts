/**
 * Signed lesson stream addresses: `/media/lessons/<lesson>/<token>/<file>`, the token being
 * `<video>.<viewer>.<expires, unix seconds>.<signature>`. Every playlist and segment carries the token,
 * so a player that keeps the newest token can go on playing past one address's expiry.
 */
const SIGNED = /^(.*\/media\/lessons\/[^/]+\/)([^/.]+)\.([^/.]+)\.(\d+)\.([^/]+)(\/.*)$/;

interface SignedParts {
  base: string;
  videoId: string;
  token: string;
  expiresAtMs: number;
  file: string;
}

function parse(url: string): SignedParts | null {
  const match = SIGNED.exec(url);
  if (!match) return null;
  const [, base, videoId, viewer, expires, signature, file] = match;
  return { base, videoId, token: `${videoId}.${viewer}.${expires}.${signature}`, expiresAtMs: Number(expires) * 1000, file };
}

/** When a signed address stops working, in milliseconds since 1970; null for other addresses. */
export const streamExpiresAt = (url: string): number | null => parse(url)?.expiresAtMs ?? null;

/** The address without its token: the same for every signing of one video of one lesson. */
export function streamIdentity(url: string): string {
  const parts = parse(url);
  return parts ? `${parts.base}${parts.videoId}${parts.file}` : url;
}

/** `url` carrying the token of `latest` when both are of the same video of the same lesson (else unchanged). */
export function withTokenOf(url: string, latest: string): string {
  const old = parse(url);
  const fresh = parse(latest);
  if (!old || !fresh || old.videoId !== fresh.videoId || !old.base.endsWith(fresh.base.replace(/^.*(\/media\/)/, '$1'))) return url;
  return `${old.base}${fresh.token}${old.file}`;
}

export interface StreamAddressOptions {
  /** Asks the server for a newly signed address of the same lesson video; null when none is given. */
  refresh: () => Promise<string | null>;
  /** How long before the expiry a new address is asked for. */
  marginMs?: number;
  /** After a failed refresh, the next try comes this much later. */
  retryMs?: number;
  now?: () => number;
}

/**
 * The newest signed address of a stream: renews it before it expires (and at once when asked, after a
 * refusal), and rewrites every request to carry the newest token.
 */
export class StreamAddress {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: Promise<boolean> | null = null;
  private stopped = false;
  private readonly listeners = new Set<(url: string) => void>();
  private readonly marginMs: number;
  private readonly retryMs: number;
  private readonly now: () => number;

  constructor(
    private latest: string,
    private readonly options: StreamAddressOptions,
  ) {
    this.marginMs = options.marginMs ?? 2 * 60_000;
    this.retryMs = options.retryMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.schedule();
  }

  get current(): string {
    return this.latest;
  }

  /** A request's address with the newest token. */
  rewrite(url: string): string {
    return withTokenOf(url, this.latest);
  }

  /** Hears every new address (for players that cannot rewrite their requests, such as the browser's own HLS). */
  subscribe(listener: (url: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A newer address of the same stream (from the page's own data): kept, and the renewal moved. */
  update(url: string): void {
    if (url === this.latest || streamIdentity(url) !== streamIdentity(this.latest)) return;
    this.take(url);
    this.schedule();
  }

  private take(url: string): void {
    this.latest = url;
    for (const listener of this.listeners) listener(url);
  }

  /** Asks for a new address now; true when one came (several callers at once share one request). */
  renew(): Promise<boolean> {
    this.pending ??= this.options
      .refresh()
      .then((url) => {
        if (this.stopped || !url || streamIdentity(url) !== streamIdentity(this.latest) || url === this.latest) return false;
        this.take(url);
        return true;
      })
      .catch(() => false)
      .then((renewed) => {
        this.pending = null;
        this.schedule(renewed ? undefined : this.retryMs);
        return renewed;
      });
    return this.pending;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(inMs?: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    const expiresAt = streamExpiresAt(this.latest);
    if (expiresAt === null) return;
    const wait = inMs ?? Math.max(0, expiresAt - this.marginMs - this.now());
    this.timer = setTimeout(() => void this.renew(), wait);
  }
}
