import { formatDuration, measureSpeed, progressLine } from './upload-figures';

describe('upload progress figures', () => {
  it('says how much is sent, how fast and how long is left', () => {
    expect(progressLine(1024 * 1024, 4 * 1024 * 1024, 256 * 1024)).toBe('25% · 1.0 MB of 4.0 MB · 256 KB/s · 12 s left');
    expect(progressLine(0, 2048, null)).toBe('0% · 0 KB of 2 KB');
  });

  it('measures speed over the last seconds only, so a stall shows at once', () => {
    const samples = [
      { at: 0, bytes: 0 },
      { at: 10_000, bytes: 1_000_000 },
      { at: 14_000, bytes: 1_000_000 },
    ];
    expect(measureSpeed(samples)).toBe(0);
    expect(measureSpeed(samples.slice(0, 2))).toBe(100_000);
  });

  it('writes long times in minutes and hours', () => {
    expect(formatDuration(125)).toBe('2 min 5 s');
    expect(formatDuration(3 * 3600 + 60)).toBe('3 h 1 min');
  });
});
