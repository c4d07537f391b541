import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';

/** The ladder for slow connections: only rungs at or below the source's height are made. */
export const VIDEO_RUNGS = [
  { name: '240p', height: 240, videoKbps: 300, audioKbps: 64, codecs: 'avc1.4d4015,mp4a.40.2' },
  { name: '360p', height: 360, videoKbps: 600, audioKbps: 64, codecs: 'avc1.4d401e,mp4a.40.2' },
  { name: '720p', height: 720, videoKbps: 1800, audioKbps: 96, codecs: 'avc1.4d401f,mp4a.40.2' },
] as const;
export const AUDIO_RENDITION = 'audio';
const AUDIO_KBPS = 64;
/** The programs that do the work, run as separate processes (never linked in). */
export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
}

/** The ffmpeg and ffprobe the npm packages ship, unless FFMPEG_PATH / FFPROBE_PATH (see config/env.ts) name others. */
export function videoTools(chosen: { ffmpegPath?: string; ffprobePath?: string } = {}): VideoTools {
  return { ffmpeg: chosen.ffmpegPath ?? ffmpegInstaller.path, ffprobe: chosen.ffprobePath ?? ffprobeInstaller.path };
}

/** Short segments start playback sooner on a slow link. */
export const SEGMENT_SECONDS = 2;

export interface SourceInfo {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** Raised when a run is stopped by its signal (the job's time is up): the process is killed, never left running. */
export class RunStopped extends Error {}

function run(binary: string, args: string[], onOutput?: (line: string) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new RunStopped(`${path.basename(binary)} was stopped`));
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (onOutput) for (const line of chunk.toString().split('\n')) onOutput(line);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-2000);
    });
    child.on('error', (error) => reject(signal?.aborted ? new RunStopped(`${path.basename(binary)} was stopped`) : error));
    child.on('close', (code) => {
      if (signal?.aborted) reject(new RunStopped(`${path.basename(binary)} was stopped`));
      else if (code === 0) resolve(out);
      else reject(new Error(`${path.basename(binary)} failed (exit ${code}): ${err.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

/** Duration, size and whether there is sound, from ffprobe. */
export async function probeVideo(tools: VideoTools, file: string, signal?: AbortSignal): Promise<SourceInfo> {
  const out = await run(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], undefined, signal);
  const probe = JSON.parse(out) as {
    format?: { duration?: string };
    streams?: Array<{ codec_type?: string; width?: number; height?: number; duration?: string }>;
  };
  const video = probe.streams?.find((stream) => stream.codec_type === 'video');
  const durationSeconds = Number(probe.format?.duration ?? video?.duration);
  if (!video?.width || !video.height || !Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new Error('The file has no video picture that can be read');
  }
  return { durationSeconds, width: video.width, height: video.height, hasAudio: Boolean(probe.streams?.some((stream) => stream.codec_type === 'audio')) };
}

export interface Rendition {
  name: string;
  height: number;
  width: number;
  videoKbps: number;
  audioKbps: number;
  codecs: string;
}

/** The rungs for a source: every standard rung up to its height, or one at its own height when it is smaller than them all. */
export function renditionsFor(source: SourceInfo): Rendition[] {
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const widthAt = (height: number) => even((source.width * height) / source.height);
  const rungs = VIDEO_RUNGS.filter((rung) => rung.height <= source.height);
  if (rungs.length === 0) {
    const height = even(source.height);
    return [{ ...VIDEO_RUNGS[0], name: `${height}p`, height, width: widthAt(height) }];
  }
  return rungs.map((rung) => ({ ...rung, width: widthAt(rung.height) }));
}

const hlsOutput = (dir: string) => [
  '-f',
  'hls',
  '-hls_time',
  String(SEGMENT_SECONDS),
  '-hls_playlist_type',
  'vod',
  '-hls_segment_filename',
  path.join(dir, 'seg_%03d.ts'),
  path.join(dir, 'index.m3u8'),
];

/** One ffmpeg run; `onFraction` hears how far through the source it is (0 to 1). */
async function ffmpeg(tools: VideoTools, args: string[], durationSeconds: number, onFraction: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  await run(
    tools.ffmpeg,
    ['-hide_banner', '-nostats', '-loglevel', 'error', '-y', ...args, '-progress', 'pipe:1'],
    (line) => {
      const match = /^out_time_(?:ms|us)=(\d+)/.exec(line);
      if (match) onFraction(Math.min(1, Number(match[1]) / 1e6 / durationSeconds));
    },
    signal,
  );
}

export function transcodeVideoRendition(
  tools: VideoTools,
  source: string,
  info: SourceInfo,
  rendition: Rendition,
  dir: string,
  onFraction: (fraction: number) => void,
  signal?: AbortSignal,
) {
  fs.mkdirSync(dir, { recursive: true });
  const gop = ['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0'];
  const audio = info.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', `${rendition.audioKbps}k`, '-ac', '2', '-ar', '44100'] : [];
  return ffmpeg(
    tools,
    [
      '-i',
      source,
      '-map',
      '0:v:0',
      ...audio,
      '-vf',
      `scale=${rendition.width}:${rendition.height}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${rendition.videoKbps}k`,
      '-maxrate',
      `${Math.round(rendition.videoKbps * 1.1)}k`,
      '-bufsize',
      `${rendition.videoKbps * 2}k`,
      ...gop,
      ...hlsOutput(dir),
    ],
    info.durationSeconds,
    onFraction,
    signal,
  );
}

export function transcodeAudioRendition(
  tools: VideoTools,
  source: string,
  info: SourceInfo,
  dir: string,
  onFraction: (fraction: number) => void,
  signal?: AbortSignal,
) {
  fs.mkdirSync(dir, { recursive: true });
  return ffmpeg(
    tools,
    ['-i', source, '-vn', '-map', '0:a:0', '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '44100', ...hlsOutput(dir)],
    info.durationSeconds,
    onFraction,
    signal,
  );
}

/** A still from a little way in, at most 360 pixels high. */
export function makePoster(tools: VideoTools, source: string, info: SourceInfo, file: string, signal?: AbortSignal) {
  const at = Math.min(1, info.durationSeconds / 2).toFixed(2);
  return ffmpeg(
    tools,
    ['-ss', at, '-i', source, '-frames:v', '1', '-vf', `scale=-2:${Math.min(360, info.height - (info.height % 2))}`, '-q:v', '5', file],
    info.durationSeconds,
    () => undefined,
    signal,
  );
}

/** The bandwidth a rendition needs: its busiest segment (peak) and its whole (average), in bits a second. */
export function measuredBandwidth(dir: string): { peak: number; average: number } {
  const playlist = fs.readFileSync(path.join(dir, 'index.m3u8'), 'utf8').split('\n');
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (let i = 0; i < playlist.length; i++) {
    const duration = /^#EXTINF:([\d.]+)/.exec(playlist[i]);
    if (!duration) continue;
    const size = fs.statSync(path.join(dir, playlist[i + 1].trim())).size * 8;
    const length = Math.max(Number(duration[1]), 0.5);
    peak = Math.max(peak, size / length);
    bits += size;
    seconds += Number(duration[1]);
  }
  return { peak: Math.ceil(peak), average: Math.ceil(bits / Math.max(seconds, 0.5)) };
}

/** The master playlist: video renditions, lowest first, so players start small. */
export function masterPlaylist(renditions: Array<Rendition & { bandwidth: { peak: number; average: number } }>, hasAudio: boolean): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rendition of renditions) {
    const codecs = hasAudio ? rendition.codecs : rendition.codecs.split(',')[0];
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${rendition.bandwidth.peak},AVERAGE-BANDWIDTH=${rendition.bandwidth.average},RESOLUTION=${rendition.width}x${rendition.height},CODECS="${codecs}",NAME="${rendition.name}"`,
      `${rendition.name}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}
