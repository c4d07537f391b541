import { Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { CourseCard } from '../../components/course-card';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { useSearchCoursesQuery, useSimilarCoursesQuery } from './api/search-courses.generated';
import { paths } from '../../lib/paths';
import { useT } from '../../lib/i18n';
import { describeError, errorFacts } from '../../lib/graphql-errors';

/** For a search that found nothing: courses whose names are close to the text (a typo, a missing letter). */
function CloseMatches({ text }: { text: string }) {
  const t = useT();
  const { data } = useSimilarCoursesQuery({ variables: { text } });
  const courses = data?.similarCourses ?? [];
  if (courses.length === 0) return null;
  return (
    <Stack as="nav" aria-label={t('search.didYouMeanLabel')} gap="2" mt="4" align="center">
      <Text color="gray.700">{t('search.didYouMean')}</Text>
      {courses.map((course) => (
        <Link key={course.id} asChild color="blue.700" fontWeight="semibold" minH="44px" display="inline-flex" alignItems="center">
          <RouterLink to={paths.course(course.id)}>{course.name}</RouterLink>
        </Link>
      ))}
    </Stack>
  );
}

/** Results for the text in the URL (?q=), or in the navigation state as the spec's header sends it. */
export default function SearchPage() {
  const t = useT();
  const [params] = useSearchParams();
  const location = useLocation();
  const stateText = (location.state as { text?: string } | null)?.text;
  const text = (params.get('q') ?? stateText ?? '').trim();
  const { data, loading, error, refetch } = useSearchCoursesQuery({ variables: { text }, skip: !text });

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {text ? t('search.resultsFor', { text }) : t('search.title')}
        </Heading>
        {!text ? (
          <EmptyState>{t('search.prompt')}</EmptyState>
        ) : loading ? (
          <InlineLoading />
        ) : error ? (
          // A text over the limit is the visitor's to shorten, said in the page's language; other failures are the usual one.
          <ErrorState message={errorFacts(error).code === 'TEXT_TOO_LONG' ? describeError(error, t).message : undefined} onRetry={() => void refetch()} />
        ) : data && data.searchCourses.length === 0 ? (
          <EmptyState>
            <Text fontSize="lg" fontWeight="semibold" color="gray.800">
              {t('search.noResults')}
            </Text>
            <CloseMatches text={text} />
          </EmptyState>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="5">
            {data?.searchCourses.map((course, i) => (
              <CourseCard key={course.id} course={course} variant="search" eager={i < 4} titleAs="h2" />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
