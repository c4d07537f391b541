// A small real lesson video made with ffmpeg's test picture and tone, for the server's tests, the
// browser tests and the benchmarks alike. CommonJS so that jest, the compiled browser tests and
// plain Node scripts can all load it.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const ffmpeg = require('@ffmpeg-installer/ffmpeg');

/** @param {{ seconds?: number; height?: number; videoBitrate?: string; fileName?: string }} [options] */
function makeSampleVideo({ seconds = 4, height = 480, videoBitrate, fileName = 'lesson.mp4' } = {}) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-sample-')), fileName);
  const width = Math.round((height * 16) / 9 / 2) * 2;
  execFileSync(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=24:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', ...(videoBitrate ? ['-b:v', videoBitrate] : []), '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', file],
  ]);
  return file;
}

module.exports = { makeSampleVideo };
