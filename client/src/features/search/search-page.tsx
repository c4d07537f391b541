import { Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { CourseCard } from '../../components/course-card';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { useSearchCoursesQuery } from './api/search-courses.generated';
import { messages } from '../../lib/messages';

/** Results for the text in the URL (?q=), or in the navigation state as the spec's header sends it. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const stateText = (location.state as { text?: string } | null)?.text;
  const text = (params.get('q') ?? stateText ?? '').trim();
  const { data, loading, error, refetch } = useSearchCoursesQuery({ variables: { text }, skip: !text });

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {text ? `Search results for "${text}"` : 'Search courses'}
        </Heading>
        {!text ? (
          <EmptyState>Type what you want to learn in the search box above.</EmptyState>
        ) : loading ? (
          <InlineLoading />
        ) : error ? (
          <ErrorState
            message={error.message.includes('at most') ? error.message : undefined}
            onRetry={() => void refetch()}
          />
        ) : data && data.searchCourses.length === 0 ? (
          <EmptyState>
            <Text fontSize="lg" fontWeight="semibold" color="gray.800">
              {messages.searchNoResults}
            </Text>
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
