import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { LessonVideo } from '../../components/lesson-video';
import { formatDate, formatDecimal } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import {
  inMegabytes,
  keptLessons,
  keptUntilOf,
  offlineLessonAddress,
  removeAllKeptLessons,
  removeKeptLesson,
  renewKeptLesson,
  type KeptLesson,
} from '../../lib/lesson-downloads';

interface Space {
  used: number;
  free: number;
}

async function storageSpace(): Promise<Space | null> {
  const estimate = await navigator.storage?.estimate?.();
  if (!estimate?.quota) return null;
  return { used: estimate.usage ?? 0, free: Math.max(0, estimate.quota - (estimate.usage ?? 0)) };
}

/**
 * The lessons kept on this phone (from a lesson's Download): each with its size, to watch or remove;
 * the space used and left, and until when each is kept. `owned`: the courses the student has now, as
 * the server just said (absent offline); a lesson of any other course (refunded) is removed from the
 * phone, and those of the courses still owned are kept longer. A lesson past its keeping is removed.
 */
export function DownloadsSection({ owned }: { owned?: readonly string[] }) {
  const t = useT();
  const { language } = useLanguage();
  const [lessons, setLessons] = useState<KeptLesson[] | null>(null);
  const [space, setSpace] = useState<Space | null>(null);
  const [watching, setWatching] = useState<string | null>(null);
  const ownedKey = owned?.join(' ');
  const read = useCallback(async () => {
    const kept = await keptLessons();
    const still = ownedKey === undefined ? null : new Set(ownedKey.split(' '));
    const listed: KeptLesson[] = [];
    for (const lesson of kept) {
      if (!still) listed.push(lesson);
      else if (still.has(lesson.courseId)) listed.push(await renewKeptLesson(lesson));
      else await removeKeptLesson(lesson.lessonId);
    }
    setLessons(listed);
    setSpace(await storageSpace().catch(() => null));
  }, [ownedKey]);
  useEffect(() => {
    void read();
  }, [read]);
  if (!lessons) return null;
  const size = (bytes: number) => t('download.size', { amount: formatDecimal(inMegabytes(bytes), 1, language) });
  return (
    <Stack as="section" aria-labelledby="downloads" gap="3" data-testid="downloads">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" id="downloads" size="lg">
          {t('downloads.title')}
        </Heading>
        {lessons.length > 1 && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => void removeAllKeptLessons().then(read)}>
            {t('downloads.removeAll')}
          </Button>
        )}
      </HStack>
      {space && (
        <Text fontSize="sm" color="fg.muted" data-testid="storage-space">
          {t('downloads.storage', { used: size(space.used), free: size(space.free) })}
        </Text>
      )}
      {lessons.length === 0 && <Text>{t('downloads.empty')}</Text>}
      {lessons.map((lesson) => (
        <Card.Root key={lesson.lessonId} data-testid="downloaded-lesson">
          <Card.Body gap="2">
            <Card.Title>{lesson.title}</Card.Title>
            <Text fontSize="sm" color="fg.muted">
              {t('downloads.lesson', { course: lesson.courseName, size: size(lesson.bytes) })}
            </Text>
            <Text fontSize="sm" color="fg.muted" data-testid="kept-until">
              {t('downloads.keptUntil', { date: formatDate(keptUntilOf(lesson), language) })}
            </Text>
            {watching === lesson.lessonId && (
              <LessonVideo
                title={lesson.title}
                url={offlineLessonAddress(lesson.lessonId)}
                oneRendition
                startAt={0}
                onEnded={() => undefined}
                onPosition={() => undefined}
              />
            )}
            <HStack gap="3">
              <Button size="sm" colorPalette="blue" onClick={() => setWatching(lesson.lessonId)}>
                {t('downloads.watch')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => void removeKeptLesson(lesson.lessonId).then(read)}>
                {t('downloads.remove')}
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
