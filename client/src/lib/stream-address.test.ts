import { StreamAddress, streamExpiresAt, streamIdentity, withTokenOf } from './stream-address';

const LESSON = '0b5f0a3e-1111-4222-8333-944445555666';
const signed = (expires: number, signature = 'sig', video = 'vid') => `/media/lessons/${LESSON}/${video}.viewer.${expires}.${signature}/master.m3u8`;
const HOUR = 3600;

describe('a signed stream address', () => {
  it('reads its expiry and keeps its identity across signings', () => {
    expect(streamExpiresAt(signed(HOUR))).toBe(HOUR * 1000);
    expect(streamExpiresAt('https://www.youtube.com/embed/x')).toBeNull();
    expect(streamIdentity(signed(HOUR, 'a'))).toBe(streamIdentity(signed(2 * HOUR, 'b')));
    expect(streamIdentity(signed(HOUR, 'a', 'v1'))).not.toBe(streamIdentity(signed(HOUR, 'a', 'v2')));
  });

  it("puts the newest token into a segment's address, absolute or not, only for the same video", () => {
    const segment = `http://localhost/media/lessons/${LESSON}/vid.viewer.${HOUR}.old/240p/seg_004.ts`;
    expect(withTokenOf(segment, signed(2 * HOUR, 'new'))).toBe(`http://localhost/media/lessons/${LESSON}/vid.viewer.${2 * HOUR}.new/240p/seg_004.ts`);
    expect(withTokenOf(segment, signed(2 * HOUR, 'new', 'other'))).toBe(segment);
  });
});

describe('renewing the address', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks for a new address before the old one expires, and rewrites requests with it', async () => {
    const now = 0;
    const refresh = jest.fn().mockResolvedValue(signed(2 * HOUR, 'fresh'));
    const address = new StreamAddress(signed(HOUR, 'first'), { refresh, marginMs: 60_000, now: () => now });
    const heard: string[] = [];
    address.subscribe((url) => heard.push(url));
    await jest.advanceTimersByTimeAsync((HOUR - 61) * 1000);
    expect(refresh).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(2000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(address.current).toBe(signed(2 * HOUR, 'fresh'));
    expect(heard).toEqual([signed(2 * HOUR, 'fresh')]);
    expect(address.rewrite(signed(HOUR, 'first').replace('master.m3u8', '360p/seg_010.ts'))).toBe(
      signed(2 * HOUR, 'fresh').replace('master.m3u8', '360p/seg_010.ts'),
    );
    address.stop();
  });

  it('shares one request between callers, and tries again later when renewing fails', async () => {
    const refresh = jest
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(signed(2 * HOUR, 'fresh'));
    const address = new StreamAddress(signed(HOUR, 'first'), { refresh, retryMs: 30_000, now: () => HOUR * 1000 });
    const [a, b] = await Promise.all([address.renew(), address.renew()]);
    expect([a, b]).toEqual([false, false]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(address.current).toBe(signed(HOUR, 'first'));
    await jest.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(address.current).toBe(signed(2 * HOUR, 'fresh'));
    address.stop();
  });

  it('refuses an address of another video, and stops when the player goes', async () => {
    const refresh = jest.fn().mockResolvedValue(signed(2 * HOUR, 'x', 'another'));
    const address = new StreamAddress(signed(HOUR), { refresh, now: () => 0 });
    expect(await address.renew()).toBe(false);
    expect(address.current).toBe(signed(HOUR));
    address.stop();
    refresh.mockClear();
    await jest.advanceTimersByTimeAsync(2 * HOUR * 1000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
