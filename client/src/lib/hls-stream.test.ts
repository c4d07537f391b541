import type { Loader, LoaderCallbacks, LoaderContext, LoaderStats } from 'hls.js';
import { signedStreamLoader } from './hls-stream';
import { StreamAddress } from './stream-address';

const LESSON = '0b5f0a3e-1111-4222-8333-944445555666';
const at = (token: string, file: string) => `http://localhost/media/lessons/${LESSON}/${token}/${file}`;
const OLD = 'vid.viewer.3600.old';
const NEW = 'vid.viewer.7200.new';

/** Stands in for hls.js's own loader: answers 403 to the expired token and 200 to any other, recording what it was asked. */
const asked: string[] = [];
class ServerLikeLoader implements Loader<LoaderContext> {
  context: LoaderContext | null = null;
  stats = { loading: { start: 0, first: 0, end: 0 } } as LoaderStats;
  load(context: LoaderContext, _config: unknown, callbacks: LoaderCallbacks<LoaderContext>) {
    asked.push(context.url);
    if (context.url.includes(OLD)) callbacks.onError({ code: 403, text: 'expired' }, context, null, this.stats);
    else callbacks.onSuccess({ url: context.url, data: 'segment', code: 200 }, this.stats, context, null);
  }
  abort() {}
  destroy() {}
}

const noPrefetch = { take: () => undefined };
const context = (url: string) => ({ url, responseType: 'arraybuffer' }) as LoaderContext;

describe('the signed stream loader', () => {
  beforeEach(() => (asked.length = 0));

  it('asks for a new address when a request is refused as expired, and goes on at the same segment with it', async () => {
    const address = new StreamAddress(at(OLD, 'master.m3u8'), { refresh: () => Promise.resolve(at(NEW, 'master.m3u8')), now: () => 0 });
    const Signed = signedStreamLoader(ServerLikeLoader, address, noPrefetch);
    const result = await new Promise<string>((resolve) =>
      new Signed({}).load(context(at(OLD, '240p/seg_007.ts')), {} as never, {
        onSuccess: (response) => resolve(`ok ${response.url}`),
        onError: (error) => resolve(`error ${error.code}`),
        onTimeout: () => resolve('timeout'),
      }),
    );
    expect(result).toBe(`ok ${at(NEW, '240p/seg_007.ts')}`);
    expect(asked).toEqual([at(OLD, '240p/seg_007.ts'), at(NEW, '240p/seg_007.ts')]);
    // Later requests carry the new token from the start.
    new Signed({}).load(context(at(OLD, '240p/seg_008.ts')), {} as never, { onSuccess: () => undefined, onError: () => undefined, onTimeout: () => undefined });
    expect(asked[2]).toBe(at(NEW, '240p/seg_008.ts'));
    address.stop();
  });

  it('passes the refusal on when no new address comes', async () => {
    const address = new StreamAddress(at(OLD, 'master.m3u8'), { refresh: () => Promise.resolve(null), now: () => 0 });
    const Signed = signedStreamLoader(ServerLikeLoader, address, noPrefetch);
    const result = await new Promise<string>((resolve) =>
      new Signed({}).load(context(at(OLD, '240p/seg_007.ts')), {} as never, {
        onSuccess: () => resolve('ok'),
        onError: (error) => resolve(`error ${error.code}`),
        onTimeout: () => resolve('timeout'),
      }),
    );
    expect(result).toBe('error 403');
    address.stop();
  });
});
