import { Alert, Heading, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LessonVideo } from '../../player/components/lesson-video';

export const NOT_A_PREVIEW = 'This lesson is not a free preview. Enroll in this course to watch it.';

interface PreviewLesson {
  id: string;
  title: string;
  position: number;
  videoURL: string | null;
}

/** A free preview lesson playing on the course page; the server hands out no address for other lessons. */
export function LessonPreview({ lesson }: { lesson: PreviewLesson | null }) {
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'center' });
  }, [lesson?.id]);
  return (
    <Stack ref={box} gap="2" data-testid="lesson-preview">
      {lesson?.videoURL ? (
        <>
          <Heading as="h3" size="md">
            Free preview: {lesson.position}. {lesson.title}
          </Heading>
          <LessonVideo key={lesson.id} title={lesson.title} url={lesson.videoURL} startAt={0} onEnded={() => undefined} onPosition={() => undefined} />
        </>
      ) : (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{NOT_A_PREVIEW}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
