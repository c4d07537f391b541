/** A small real lesson video (MP4, H.264 + AAC) of ffmpeg's test picture and tone; answers its path. */
export function makeSampleVideo(options?: {
  /** Default 4. */
  seconds?: number;
  /** Pixels high, 16:9; default 480. */
  height?: number;
  /** ffmpeg's `-b:v`, e.g. '900k'; default ffmpeg's own. */
  videoBitrate?: string;
  /** Default 'lesson.mp4'. */
  fileName?: string;
}): string;
