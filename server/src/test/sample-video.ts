import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/** A small real lesson video made with ffmpeg's test picture and tone: `seconds` long, `height` pixels high, MP4 (H.264 + AAC). */
export function makeSampleVideo(seconds = 4, height = 480): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-sample-'));
  const file = path.join(dir, 'lesson.mp4');
  const width = Math.round((height * 16) / 9 / 2) * 2;
  execFileSync(ffmpegInstaller.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=24:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    file,
  ]);
  return file;
}
