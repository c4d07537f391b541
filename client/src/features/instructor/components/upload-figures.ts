/** Sizes, speeds and times for the upload progress line. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(0, Math.round(bytes / 1024))} KB`;
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
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

export function progressLine(sent: number, total: number, speed: number | null): string {
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const parts = [`${percent}%`, `${formatBytes(sent)} of ${formatBytes(total)}`];
  if (speed !== null && speed > 0) parts.push(`${formatBytes(speed)}/s`, `${formatDuration((total - sent) / speed)} left`);
  return parts.join(' · ');
}
