import { Alert, Heading, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n';
import { LessonVideo } from '../../../components/lesson-video';
import { WithChakra } from '../../../app/chakra';

interface PreviewLesson {
  id: string;
  title: string;
  position: number;
  videoURL: string | null;
  streamURL?: string | null;
}

/** A free preview lesson playing on the course page; the server hands out no address for other lessons. */
function Preview({ lesson, refreshUrl }: { lesson: PreviewLesson | null; refreshUrl?: () => Promise<string | null> }) {
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

/** The course page is drawn with plain elements; the preview brings Chakra's run-time with its code. */
export function LessonPreview(props: { lesson: PreviewLesson | null; refreshUrl?: () => Promise<string | null> }) {
  return (
    <WithChakra>
      <Preview {...props} />
    </WithChakra>
  );
}
