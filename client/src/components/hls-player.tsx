import { Box, HStack, NativeSelect, Switch, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type Hls from 'hls.js/light';
import { loadHlsJs, Prefetched, signedStreamLoader } from '../lib/hls-stream';
import { useLanguage, useT } from '../lib/i18n';
import { localDigits } from '../lib/digits';
import { StreamAddress, streamIdentity } from '../lib/stream-address';
import { usePositionSaving } from './use-position-saving';
import {
  besideMaster,
  DATA_SAVER_HEIGHT,
  effectiveQuality,
  loadPreferences,
  QUALITIES,
  QUALITY_LABELS,
  savePreferences,
  type Quality,
} from '../lib/video-preferences';

/** A lesson's video, as the lesson player and the HLS player both take it. */
export interface LessonVideoProps {
  title: string;
  /** The video's address: for uploaded videos, the signed address of the master playlist. */
  url: string;
  startAt: number;
  /** For uploaded videos: a newly signed stream address, asked for before the current one expires. */
  refreshUrl?: () => Promise<string | null>;
  onEnded: () => void;
  /** Called now and then while playing, and on pause, with the position in seconds. */
  onPosition: (seconds: number) => void;
  /** The stream has one video rendition and no audio-only one (a lesson kept on the phone). */
  oneRendition?: boolean;
}
const heightOf = (quality: Quality) => Number.parseInt(quality, 10);

/** For hls.js: the highest level allowed in automatic mode (-1: any) and the level asked for (-1: automatic). */
function levelChoice(heights: number[], quality: Quality, dataSaver: boolean): { cap: number; wanted: number } {
  const capIndex = heights.reduce((best, height, index) => (height <= DATA_SAVER_HEIGHT && (best < 0 || height > heights[best]) ? index : best), -1);
  return { cap: dataSaver ? Math.max(capIndex, 0) : -1, wanted: quality === 'auto' ? -1 : heights.indexOf(heightOf(quality)) };
}

/**
 * An uploaded lesson video as adaptive HLS: hls.js (fetched as soon as the page has a stream) or the browser's own HLS,
 * with a signed address renewed before it expires,
 * with a quality menu and a data saver that caps the picture at 240p.
 */
export function HlsPlayer({ title, url, startAt, refreshUrl, onEnded, onPosition, oneRendition }: LessonVideoProps) {
  const video = useRef<HTMLVideoElement | null>(null);
  const hls = useRef<Hls | null>(null);
  const positionSaving = usePositionSaving(url, startAt, onPosition);
  const position = useRef(startAt);
  const [preferences, setPreferences] = useState(loadPreferences);
  const [heights, setHeights] = useState<number[] | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const t = useT();
  const { language } = useLanguage();
  const [problem, setProblem] = useState<'video.expired' | 'video.loadFailed' | null>(null);
  const quality = effectiveQuality(preferences.quality, preferences.dataSaver);
  // A lesson kept on the phone has one rendition only.
  const audioOnly = quality === 'audio' && !oneRendition;
  const choice = useRef({ quality, dataSaver: preferences.dataSaver });
  choice.current = { quality, dataSaver: preferences.dataSaver };
  const applied = useRef('');
  const stream = streamIdentity(url);
  const latestUrl = useRef(url);
  latestUrl.current = url;
  const refresh = useRef(refreshUrl);
  refresh.current = refreshUrl;
  const address = useRef<StreamAddress | null>(null);

  // One renewing address per stream; a newer signing from the page's own data is taken in.
  useEffect(() => {
    const renewing = new StreamAddress(latestUrl.current, { refresh: () => refresh.current?.() ?? Promise.resolve(null) });
    address.current = renewing;
    return () => renewing.stop();
  }, [stream]);
  useEffect(() => address.current?.update(url), [url]);

  const choose = (changes: Partial<typeof preferences>) => {
    const next = { ...preferences, ...changes };
    savePreferences(next);
    setPreferences(next);
  };

  // Loads the stream: the master playlist, or the audio rendition alone.
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let cancelled = false;
    const signed = address.current;
    const current = signed?.current ?? latestUrl.current;
    const source = audioOnly ? besideMaster(current, 'audio/index.m3u8') : current;
    const startPosition = position.current;
    setProblem(null);
    // hls.js wherever Media Source Extensions exist (it alone can cap the quality); the browser's own HLS elsewhere (older iPhones).
    const mse = typeof MediaSource !== 'undefined' || 'ManagedMediaSource' in window;
    if (!mse && element.canPlayType('application/vnd.apple.mpegurl') !== '') {
      // The browser's own HLS chooses by itself; a fixed quality (or data saver) loads that rendition's playlist.
      const fixed = quality === 'auto' && preferences.dataSaver ? '240p' : quality;
      const addressOf = (master: string) =>
        audioOnly ? besideMaster(master, 'audio/index.m3u8') : fixed === 'auto' ? master : besideMaster(master, `${fixed}/index.m3u8`);
      element.src = addressOf(current);
      element.currentTime = startPosition;
      setPlaying(audioOnly ? QUALITY_LABELS.audio : fixed === 'auto' ? null : fixed);
      // The browser's HLS cannot rewrite its requests: a renewed address is loaded again at the same place.
      return signed?.subscribe((renewed) => {
        const at = element.currentTime;
        const wasPlaying = !element.paused;
        element.addEventListener(
          'loadedmetadata',
          () => {
            element.currentTime = at;
            if (wasPlaying) void element.play().catch(() => undefined);
          },
          { once: true },
        );
        element.src = addressOf(renewed);
      });
    }
    // The playlists come while hls.js is still on its way (the page started fetching it already).
    const prefetched = new Prefetched(source);
    void loadHlsJs().then(({ default: HlsJs }) => {
      if (cancelled || !signed) return;
      const player = new HlsJs({
        startPosition,
        capLevelToPlayerSize: !audioOnly,
        maxBufferLength: 20,
        maxMaxBufferLength: 60,
        // The lowest rung first, with no test download thrown away: the first picture comes soonest.
        startLevel: 0,
        testBandwidth: false,
        loader: signedStreamLoader(HlsJs.DefaultConfig.loader as never, signed, prefetched),
      });
      hls.current = player;
      player.on(HlsJs.Events.MANIFEST_PARSED, (_event, data) => {
        if (audioOnly) return;
        const levelHeights = data.levels.map((level) => level.height);
        // The first picture already respects the choice: no switch (and no wasted download) after it.
        const { cap, wanted } = levelChoice(levelHeights, choice.current.quality, choice.current.dataSaver);
        player.autoLevelCapping = cap;
        player.startLevel = wanted >= 0 ? wanted : 0;
        applied.current = `${choice.current.quality}/${choice.current.dataSaver}`;
        setHeights(levelHeights);
      });
      player.on(HlsJs.Events.LEVEL_SWITCHED, (_event, data) => {
        const level = player.levels[data.level];
        setPlaying(audioOnly ? QUALITY_LABELS.audio : level?.height ? `${level.height}p` : null);
      });
      player.on(HlsJs.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === HlsJs.ErrorTypes.MEDIA_ERROR) return player.recoverMediaError();
        const status = data.response?.code;
        setProblem(status === 403 ? 'video.expired' : 'video.loadFailed');
      });
      player.loadSource(source);
      player.attachMedia(element);
    });
    return () => {
      cancelled = true;
      hls.current?.destroy();
      hls.current = null;
    };
    // The quality is applied below without reloading, except for the switch to or from audio only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stream, audioOnly]);

  // A change of quality or data saver while playing switches at once (what is buffered is replaced).
  useEffect(() => {
    const player = hls.current;
    const key = `${quality}/${preferences.dataSaver}`;
    if (!player || !heights || audioOnly || applied.current === key) return;
    applied.current = key;
    const { cap, wanted } = levelChoice(heights, quality, preferences.dataSaver);
    player.autoLevelCapping = cap;
    player.currentLevel = wanted;
  }, [heights, quality, preferences.dataSaver, audioOnly]);

  const available = QUALITIES.filter((option) => option === 'auto' || option === 'audio' || !heights || heights.includes(heightOf(option)));

  return (
    <Box bg="black" borderRadius="md" overflow="hidden" data-testid="hls-player">
      <video
        ref={video}
        title={title}
        controls
        playsInline
        preload="metadata"
        poster={besideMaster(url, 'poster.jpg')}
        style={{ width: '100%', aspectRatio: '16 / 9', display: 'block' }}
        onTimeUpdate={(e) => {
          position.current = e.currentTarget.currentTime;
          positionSaving.onTimeUpdate(e);
        }}
        onPause={positionSaving.onPause}
        onEnded={onEnded}
        data-testid="lesson-video"
      />
      <HStack bg="gray.900" color="white" px="3" py="2" gap="4" wrap="wrap" justify="space-between">
        <HStack gap="2">
          <Text asChild fontSize="sm">
            <label htmlFor="video-quality">{t('video.quality')}</label>
          </Text>
          <NativeSelect.Root size="xs" width="auto">
            <NativeSelect.Field
              id="video-quality"
              bg="gray.800"
              color="white"
              value={preferences.quality}
              onChange={(e) => choose({ quality: e.target.value as Quality })}
              data-testid="quality-menu"
            >
              {available.map((option) => (
                <option key={option} value={option} disabled={preferences.dataSaver && heightOf(option) > DATA_SAVER_HEIGHT}>
                  {option === 'auto' || option === 'audio' ? t(`video.quality.${option}`) : localDigits(QUALITY_LABELS[option], language)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator color="white" />
          </NativeSelect.Root>
          <Text fontSize="xs" color="gray.300" data-testid="playing-quality">
            {playing ? t('video.playing', { quality: playing === QUALITY_LABELS.audio ? t('video.quality.audio') : localDigits(playing, language) }) : ''}
          </Text>
        </HStack>
        <Switch.Root size="sm" checked={preferences.dataSaver} onCheckedChange={(e) => choose({ dataSaver: e.checked })} colorPalette="green">
          <Switch.HiddenInput data-testid="data-saver" />
          <Switch.Control />
          <Switch.Label>{t('video.dataSaver')}</Switch.Label>
        </Switch.Root>
      </HStack>
      {problem && (
        <Text bg="red.50" color="red.800" px="3" py="2" role="alert">
          {t(problem)}
        </Text>
      )}
    </Box>
  );
}
