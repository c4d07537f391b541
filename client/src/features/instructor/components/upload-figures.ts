import type { Language, Translate } from '../../../lib/i18n';
import { formatDecimal, formatDigits, formatDuration } from '../../../lib/format';

/** Sizes, speeds and times for the upload progress line, in the page's language. */
export function formatBytes(bytes: number, t: Translate, language: Language): string {
  if (bytes >= 1024 ** 3) return t('video.upload.bytes', { amount: formatDecimal(bytes / 1024 ** 3, 1, language), unit: 'gb' });
  if (bytes >= 1024 ** 2) return t('video.upload.bytes', { amount: formatDecimal(bytes / 1024 ** 2, 1, language), unit: 'mb' });
  return t('video.upload.bytes', { amount: formatDigits(Math.max(0, Math.round(bytes / 1024)), language), unit: 'kb' });
}

/** Speed over the last few seconds of samples (bytes sent, at a time in ms), so a stall shows quickly. */
export function measureSpeed(samples: Array<{ at: number; bytes: number }>, windowMs = 5000): number | null {
  if (samples.length < 2) return null;
  const last = samples[samples.length - 1];
  const earlier = samples.slice(0, -1);
  const first = earlier.find((sample) => last.at - sample.at <= windowMs) ?? earlier[earlier.length - 1];
  const elapsed = (last.at - first.at) / 1000;
  if (elapsed <= 0) return null;
  return (last.bytes - first.bytes) / elapsed;
}

export function progressLine(sent: number, total: number, speed: number | null, t: Translate, language: Language): string {
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const bytes = (value: number) => formatBytes(value, t, language);
  const parts = [t('video.upload.percent', { percent: formatDigits(percent, language) }), t('video.upload.sentOf', { sent: bytes(sent), total: bytes(total) })];
  if (speed !== null && speed > 0) {
    parts.push(t('video.upload.speed', { size: bytes(speed) }), t('video.upload.left', { time: formatDuration((total - sent) / speed, language, 'second') }));
  }
  return parts.join(' · ');
}
