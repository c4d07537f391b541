import { Alert, Heading, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n';
import { FIRST_PREVIEW } from '../../../lib/paths';
import { LessonVideo } from '../../../components/lesson-video';

interface PreviewLesson {
  id: string;
  title: string;
  position: number;
  videoURL: string | null;
  streamURL?: string | null;
}

/**
 * The lesson a preview address asks for: "first" is the first free preview (none when the course has
 * none, so the page shows as usual); an id is that lesson, or null for one the course does not have.
 * Undefined when no preview is asked for.
 */
export function lessonToPreview<T extends { id: string; preview: boolean }>(lessons: T[], requested: string | null): T | null | undefined {
  if (requested === null) return undefined;
  if (requested === FIRST_PREVIEW) return lessons.find((lesson) => lesson.preview);
  return lessons.find((lesson) => lesson.id === requested) ?? null;
}

/** A free preview lesson playing on the course page; the server hands out no address for other lessons. */
export function LessonPreview({ lesson, refreshUrl }: { lesson: PreviewLesson | null; refreshUrl?: () => Promise<string | null> }) {
  const t = useT();
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'center' });
  }, [lesson?.id]);
  return (
    <Stack ref={box} gap="2" data-testid="lesson-preview">
      {lesson && (lesson.streamURL ?? lesson.videoURL) ? (
        <>
          <Heading as="h3" size="md">
            {t('course.freePreview', { position: lesson.position, title: lesson.title })}
          </Heading>
          <LessonVideo
            key={lesson.id}
            title={lesson.title}
            url={(lesson.streamURL ?? lesson.videoURL)!}
            startAt={0}
            refreshUrl={refreshUrl}
            onEnded={() => undefined}
            onPosition={() => undefined}
          />
        </>
      ) : (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('course.notAPreview')}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
