import { isVideoFile } from './video-embed';

describe('a lesson video address', () => {
  it('plays files and streams in a video element and other addresses in a frame', () => {
    expect(isVideoFile('/media/videos/lesson-1.webm')).toBe(true);
    expect(isVideoFile('https://cdn.example/stream/master.m3u8?token=1')).toBe(true);
    expect(isVideoFile('https://www.youtube.com/embed/ysz5S6PUM-U')).toBe(false);
  });
});
