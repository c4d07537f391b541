import { Badge, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { Pause, Play, Upload as UploadIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Upload } from 'tus-js-client';
import { localeOf, useLanguage, useT, type MessageKey } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-context';
import { useLessonVideoStatesQuery } from '../api/lesson-videos.generated';
import { measureSpeed, progressLine } from './upload-figures';
import { formatDate, formatDigits } from '../../../lib/format';

export const UPLOAD_ENDPOINT = '/uploads/lesson-videos';
/** Small pieces: on a slow link a dropped connection loses at most one of them. */
const CHUNK_BYTES = 512 * 1024;
/** Keeps trying through outages of a minute or so, then waits for the browser to come back online. */
const RETRY_DELAYS = [0, 1000, 2000, 4000, 8000, 15000, 30000];

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; sent: number; total: number; speed: number | null; paused: boolean; interrupted: boolean }
  | { kind: 'failed'; message: string };

function serverMessage(error: Error): string | null {
  const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
  const status = response?.getStatus() ?? 0;
  if (status >= 400 && status < 500) {
    try {
      const body = response!.getBody();
      if (body) return body;
    } catch {
      // no body
    }
  }
  return null;
}

/** The video of one saved lesson: upload (resumable), its progress, then its processing. */
export function VideoUpload({ courseId, lessonId, label }: { courseId: string; lessonId: string; label: string }) {
  const { session } = useSession();
  const t = useT();
  const { language } = useLanguage();
  const input = useRef<HTMLInputElement | null>(null);
  const upload = useRef<Upload | null>(null);
  const samples = useRef<Array<{ at: number; bytes: number }>>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const { data, refetch, startPolling, stopPolling } = useLessonVideoStatesQuery({ variables: { id: courseId }, fetchPolicy: 'cache-and-network' });
  const lesson = data?.managedCourse?.lessons.find((candidate) => candidate.id === lessonId);
  const video = lesson?.video ?? null;
  const working = video?.status === 'QUEUED' || video?.status === 'PROCESSING';
  // The server writes processing errors in the page's language: a switch asks for them again.
  const shownIn = useRef(language);
  useEffect(() => {
    if (shownIn.current === language) return;
    shownIn.current = language;
    void refetch();
  }, [language, refetch]);

  useEffect(() => {
    if (working && phase.kind === 'idle') startPolling(2000);
    else stopPolling();
    return stopPolling;
  }, [working, phase.kind, startPolling, stopPolling]);

  // A connection that comes back resumes an upload that had given up waiting.
  useEffect(() => {
    const resume = () => {
      if (upload.current && phase.kind === 'uploading' && phase.interrupted && !phase.paused) upload.current.start();
    };
    window.addEventListener('online', resume);
    return () => window.removeEventListener('online', resume);
  }, [phase]);
  useEffect(() => () => void upload.current?.abort(), []);

  const start = async (file: File) => {
    const { Upload } = await import('tus-js-client');
    samples.current = [];
    const tus = new Upload(file, {
      endpoint: UPLOAD_ENDPOINT,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { lessonId, filename: file.name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onBeforeRequest(req) {
        const token = session.getToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onShouldRetry(error, _attempt, options) {
        const status = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0;
        if (status >= 400 && status < 500 && status !== 409 && status !== 423) return false;
        setPhase((now) => (now.kind === 'uploading' ? { ...now, interrupted: true } : now));
        return options.retryDelays !== undefined;
      },
      onProgress(sent, total) {
        samples.current.push({ at: performance.now(), bytes: sent });
        if (samples.current.length > 200) samples.current.shift();
        setPhase((now) => ({
          kind: 'uploading',
          sent,
          total,
          speed: measureSpeed(samples.current),
          paused: now.kind === 'uploading' && now.paused,
          interrupted: false,
        }));
      },
      onError(error) {
        const message = serverMessage(error) ?? t('video.upload.stopped');
        const lostConnection = !(error as { originalResponse?: unknown }).originalResponse;
        // Lost connection: keep the upload; the online event (or Resume) continues it.
        setPhase((now) => (lostConnection && now.kind === 'uploading' ? { ...now, interrupted: true } : { kind: 'failed', message }));
        if (!lostConnection) upload.current = null;
      },
      onSuccess() {
        upload.current = null;
        setPhase({ kind: 'idle' });
        void refetch();
      },
    });
    upload.current = tus;
    setPhase({ kind: 'uploading', sent: 0, total: file.size, speed: null, paused: false, interrupted: false });
    const previous = await tus.findPreviousUploads();
    if (previous.length > 0) tus.resumeFromPreviousUpload(previous[0]);
    tus.start();
  };

  const pause = () => {
    void upload.current?.abort();
    setPhase((now) => (now.kind === 'uploading' ? { ...now, paused: true, speed: null } : now));
  };
  const resume = () => {
    samples.current = [];
    upload.current?.start();
    setPhase((now) => (now.kind === 'uploading' ? { ...now, paused: false, interrupted: false } : now));
  };

  return (
    <Stack gap="2" data-testid="video-upload">
      <HStack gap="3" wrap="wrap">
        <input
          ref={input}
          type="file"
          accept="video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.mov,.webm,.mkv"
          aria-label={t('video.upload.choose', { lesson: label })}
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void start(file);
          }}
        />
        <Button size="sm" variant="outline" disabled={phase.kind === 'uploading'} onClick={() => input.current?.click()}>
          <UploadIcon aria-hidden /> {video ? t('video.upload.replace') : t('video.upload.new')}
        </Button>
        {phase.kind === 'uploading' &&
          (phase.paused ? (
            <Button size="sm" variant="ghost" onClick={resume}>
              <Play aria-hidden /> {t('video.upload.resume')}
            </Button>
          ) : (
            <Button size="sm" variant="ghost" onClick={pause}>
              <Pause aria-hidden /> {t('video.upload.pause')}
            </Button>
          ))}
        {video && phase.kind !== 'uploading' && (
          <Text fontSize="sm" data-testid="video-status">
            <Badge colorPalette={video.status === 'READY' ? 'green' : video.status === 'FAILED' ? 'red' : 'blue'} mr="2">
              {t(`video.status.${video.status}` as MessageKey)}
              {working ? ` ${t('video.upload.percent', { percent: formatDigits(video.progress, language) })}` : ''}
            </Badge>
            {video.fileName}
            {video.status === 'READY' && ` · ${video.renditions.join(', ')}`}
          </Text>
        )}
      </HStack>
      {phase.kind === 'uploading' && (
        <Box>
          <Progress.Root
            locale={localeOf(language)}
            value={phase.total ? (phase.sent / phase.total) * 100 : 0}
            size="sm"
            colorPalette="blue"
            aria-label={t('video.upload.progress', { lesson: label })}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" mt="1" data-testid="upload-progress" aria-live="polite">
            {phase.paused ? t('video.upload.paused') : phase.interrupted ? t('video.upload.interrupted') : ''}
            {progressLine(phase.sent, phase.total, phase.paused ? null : phase.speed, t, language)}
          </Text>
        </Box>
      )}
      {working && phase.kind !== 'uploading' && (
        <Progress.Root
          locale={localeOf(language)}
          value={video.progress}
          size="xs"
          colorPalette="green"
          aria-label={t('video.upload.processingOf', { lesson: label })}
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {video?.status === 'FAILED' && video.error && (
        <Text fontSize="sm" color="red.600">
          {video.error}
        </Text>
      )}
      {lesson?.hiddenSince && (
        <Text fontSize="sm" color="orange.700" data-testid="lesson-hidden">
          {t('video.hiddenSince', { date: formatDate(lesson.hiddenSince, language) })}
        </Text>
      )}
      {phase.kind === 'failed' && (
        <Text fontSize="sm" color="red.600" role="alert">
          {phase.message}
        </Text>
      )}
    </Stack>
  );
}
