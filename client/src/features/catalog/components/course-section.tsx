import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { CourseCard } from '../../../components/course-card';
import { EmptyState } from '../../../components/states';
import type { CourseCard_CourseFragment } from '../../../components/course-card.generated';
import { useT } from '../../../lib/i18n';

interface CourseSectionProps {
  /** The heading's id, the same in every language. */
  id: string;
  title: string;
  courses: CourseCard_CourseFragment[];
  eager?: boolean;
}

/** A home page section: its title and its first four courses in a 1, 2 or 4 column grid. */
export function CourseSection({ id, title, courses, eager = false }: CourseSectionProps) {
  const t = useT();
  return (
    <Stack as="section" aria-labelledby={id} gap="5" py="8">
      <Heading as="h2" id={id} size="xl">
        {title}
      </Heading>
      {courses.length === 0 ? (
        <EmptyState>{t('home.sections.empty')}</EmptyState>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="5">
          {courses.slice(0, 4).map((course) => (
            <CourseCard key={course.id} course={course} eager={eager} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
