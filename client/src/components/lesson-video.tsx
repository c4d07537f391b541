import { AspectRatio, Box } from '@chakra-ui/react';
import { lazy, Suspense, useRef } from 'react';
import { EMBED_ALLOW, embedSandbox, isVideoFile } from '../lib/video-embed';
import { loadHlsJs } from '../lib/hls-stream';
import { isHlsStream } from '../lib/video-preferences';
import type { LessonVideoProps } from './hls-player';
import { usePositionSaving } from './use-position-saving';

// Its own chunk: pages without an uploaded video never load the HLS player.
const HlsPlayer = lazy(() => import('./hls-player').then((module) => ({ default: module.HlsPlayer })));

export function LessonVideo({ title, url, startAt, refreshUrl, onEnded, onPosition, oneRendition }: LessonVideoProps) {
  const video = useRef<HTMLVideoElement | null>(null);
  const positionSaving = usePositionSaving(url, startAt, onPosition);

  if (isHlsStream(url)) {
    // hls.js starts arriving together with the player's own code, not after it.
    void loadHlsJs();
    return (
      <Suspense fallback={<Box bg="black" borderRadius="md" aspectRatio={16 / 9} />}>
        <HlsPlayer title={title} url={url} startAt={startAt} refreshUrl={refreshUrl} onEnded={onEnded} onPosition={onPosition} oneRendition={oneRendition} />
      </Suspense>
    );
  }
  if (!isVideoFile(url)) {
    return (
      <AspectRatio ratio={16 / 9} bg="black" borderRadius="md" overflow="hidden">
        <iframe
          src={url}
          title={title}
          loading="lazy"
          sandbox={embedSandbox(url, typeof window === 'undefined' ? '' : window.location.origin)}
          allow={EMBED_ALLOW}
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </AspectRatio>
    );
  }
  return (
    <Box bg="black" borderRadius="md" overflow="hidden">
      <video
        key={url}
        ref={video}
        src={url}
        title={title}
        controls
        preload="metadata"
        playsInline
        style={{ width: '100%', aspectRatio: '16 / 9', display: 'block' }}
        onLoadedMetadata={(e) => {
          if (startAt > 0 && startAt < e.currentTarget.duration) e.currentTarget.currentTime = startAt;
        }}
        onTimeUpdate={positionSaving.onTimeUpdate}
        onPause={positionSaving.onPause}
        onEnded={onEnded}
        data-testid="lesson-video"
      />
    </Box>
  );
}
