import { createTranslator } from '../../../lib/i18n';
import bangla from '../../../locales/bn.json';
import english from '../../../locales/en.json';
import { measureSpeed, progressLine } from './upload-figures';

const en = createTranslator('en', english);
const bn = createTranslator('bn', bangla);

describe('upload progress figures', () => {
  it('says how much is sent, how fast and how long is left', () => {
    expect(progressLine(1024 * 1024, 4 * 1024 * 1024, 256 * 1024, en, 'en')).toBe('25% · 1.0 MB of 4.0 MB · 256 KB/s · 12 s left');
    expect(progressLine(0, 2048, null, en, 'en')).toBe('0% · 0 KB of 2 KB');
  });

  it('says it in Bangla, with Bengali digits, on Bangla pages', () => {
    expect(progressLine(1024 * 1024, 4 * 1024 * 1024, 256 * 1024, bn, 'bn')).toBe('২৫% · ৪.০ এমবি-এর মধ্যে ১.০ এমবি · ২৫৬ কেবি/সেকেন্ড · আর ১২ সেকেন্ড বাকি');
    expect(progressLine(0, 3 * 3600 + 60, 1, bn, 'bn')).toMatch(/আর ৩ ঘণ্টা ১ মিনিট বাকি$/);
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
    expect(progressLine(0, 125, 1, en, 'en')).toMatch(/· 2 min 5 s left$/);
    expect(progressLine(0, 3 * 3600 + 60, 1, en, 'en')).toMatch(/· 3 h 1 min left$/);
  });
});
