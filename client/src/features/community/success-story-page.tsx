import { Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PagedView } from '../../components/paged-view';
import { ReviewCard } from '../../components/review-card';
import { useSuccessStoriesQuery } from './api/success-stories.generated';

const PAGE_SIZE = 12;
/** A success story is a real learner's review of four or five stars. */
export const SUCCESS_MIN_RATING = 4;

export default function SuccessStoryPage() {
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useSuccessStoriesQuery({
    variables: { offset, limit: PAGE_SIZE, minRating: SUCCESS_MIN_RATING },
  });
  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Success Story
        </Heading>
        <Text color="gray.700">What our students say about the courses they finished, in their own words.</Text>
        <PagedView
          page={(data ?? previousData)?.reviews}
          loading={loading}
          failed={Boolean(error)}
          onRetry={() => void refetch()}
          empty="No success stories yet."
          onPage={setOffset}
        >
          {(items) => (
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5">
              {items.map((review) => (
                <ReviewCard key={review.id} review={review} />
              ))}
            </SimpleGrid>
          )}
        </PagedView>
      </Stack>
    </Container>
  );
}
