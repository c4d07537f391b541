import type { Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import type * as HlsLight from 'hls.js/light';
import type { StreamAddress } from './stream-address';

type HlsModule = typeof HlsLight;
let hlsModule: Promise<HlsModule> | null = null;

/** hls.js, fetched once: started as soon as a page knows it will play a stream, not when the player asks. */
export function loadHlsJs(): Promise<HlsModule> {
  hlsModule ??= import('hls.js/light');
  return hlsModule;
}

/**
 * The master playlist and the playlist of its first (lowest) rendition, fetched at once while hls.js
 * is still arriving, so the player can ask for the first segment as soon as it starts. Each is handed
 * out once; later requests go to the network as usual.
 */
export class Prefetched {
  private readonly waiting = new Map<string, Promise<string | null>>();

  constructor(masterUrl: string, fetcher: typeof fetch = (...args) => fetch(...args)) {
    const text = (url: string) =>
      fetcher(url)
        .then((response) => (response.ok ? response.text() : null))
        .catch(() => null);
    const master = new URL(masterUrl, window.location.href).href;
    const masterText = text(master);
    this.waiting.set(master, masterText);
    void masterText.then((body) => {
      if (!body?.includes('#EXT-X-STREAM-INF')) return; // a rendition's own playlist: nothing below it to fetch early
      const first = body.split('\n').find((line) => line.trim() !== '' && !line.startsWith('#'));
      if (!first) return;
      const lowest = new URL(first.trim(), master).href;
      this.waiting.set(lowest, text(lowest));
    });
  }

  /** The text of a playlist fetched early (null when that fetch failed), or undefined when it was not. */
  take(url: string): Promise<string | null> | undefined {
    const absolute = new URL(url, window.location.href).href;
    const found = this.waiting.get(absolute);
    this.waiting.delete(absolute);
    return found;
  }
}

function freshStats(): LoaderStats {
  const now = performance.now();
  return {
    aborted: false,
    loaded: 0,
    retry: 0,
    total: 0,
    chunkCount: 0,
    bwEstimate: 0,
    loading: { start: now, first: 0, end: 0 },
    parsing: { start: 0, end: 0 },
    buffering: { start: 0, first: 0, end: 0 },
  };
}

type LoaderClass = new (config: unknown) => Loader<LoaderContext>;

/**
 * An hls.js loader around the default one: every request carries the newest signed token, a refused
 * one (403: the address expired) is asked again once with a renewed address, and playlists already
 * fetched by `prefetchPlaylists` are answered from there.
 */
export function signedStreamLoader(Base: LoaderClass, address: StreamAddress, prefetched: Pick<Prefetched, 'take'>): LoaderClass {
  return class SignedStreamLoader implements Loader<LoaderContext> {
    private inner: Loader<LoaderContext>;
    private aborted = false;
    private own: LoaderStats | null = null;
    context: LoaderContext | null = null;

    constructor(private readonly config: unknown) {
      this.inner = new Base(config);
    }

    get stats(): LoaderStats {
      return this.own ?? this.inner.stats;
    }

    load(context: LoaderContext, configuration: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      this.context = context;
      context.url = address.rewrite(context.url);
      const early = prefetched.take(context.url);
      if (early) {
        const stats = (this.own = freshStats());
        void early.then((data) => {
          if (this.aborted) return;
          if (data === null) {
            this.own = null;
            return this.attempt(context, configuration, callbacks, false);
          }
          stats.loading.first = stats.loading.end = performance.now();
          stats.loaded = stats.total = data.length;
          callbacks.onSuccess({ url: context.url, data, code: 200 }, stats, context, null);
        });
        return;
      }
      this.attempt(context, configuration, callbacks, false);
    }

    private attempt(context: LoaderContext, configuration: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>, renewed: boolean): void {
      this.inner.load(context, configuration, {
        ...callbacks,
        onError: (error, ctx, details, stats) => {
          if (renewed || error.code !== 403 || this.aborted) return callbacks.onError(error, ctx, details, stats);
          void address.renew().then((ok) => {
            if (this.aborted) return;
            if (!ok) return callbacks.onError(error, ctx, details, stats);
            this.inner.destroy();
            this.inner = new Base(this.config);
            context.url = address.rewrite(context.url);
            this.attempt(context, configuration, callbacks, true);
          });
        },
      });
    }

    abort(): void {
      this.aborted = true;
      this.inner.abort();
    }

    destroy(): void {
      this.aborted = true;
      this.inner.destroy();
    }

    getCacheAge(): number | null {
      return this.inner.getCacheAge?.() ?? null;
    }

    getResponseHeader(name: string): string | null {
      return this.inner.getResponseHeader?.(name) ?? null;
    }
  };
}
