import { useEffect, useRef, type SyntheticEvent } from 'react';
import { SAVE_POSITION_EVERY_SECONDS } from '../lib/video-preferences';

/**
 * The `<video>` handlers that report where a student is in a lesson, for resuming later: every
 * `SAVE_POSITION_EVERY_SECONDS` while it plays, and on pause. Counting starts again at `startAt`
 * for each new video.
 */
export function usePositionSaving(url: string, startAt: number, onPosition: (seconds: number) => void) {
  const lastSaved = useRef(startAt);
  useEffect(() => {
    lastSaved.current = startAt;
  }, [url, startAt]);
  return {
    onTimeUpdate: (event: SyntheticEvent<HTMLVideoElement>) => {
      const now = Math.floor(event.currentTarget.currentTime);
      if (Math.abs(now - lastSaved.current) < SAVE_POSITION_EVERY_SECONDS) return;
      lastSaved.current = now;
      onPosition(now);
    },
    onPause: (event: SyntheticEvent<HTMLVideoElement>) => {
      const now = Math.floor(event.currentTarget.currentTime);
      lastSaved.current = now;
      onPosition(now);
    },
  };
}
