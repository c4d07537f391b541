import { Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PagedView } from '../../components/paged-view';
import { ReviewCard } from '../../components/review-card';
import { useSuccessStoriesQuery } from './api/success-stories.generated';
import { useT } from '../../lib/i18n';

const PAGE_SIZE = 12;
/** A success story is a real learner's review of four or five stars. */
export const SUCCESS_MIN_RATING = 4;

export default function SuccessStoryPage() {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useSuccessStoriesQuery({
    variables: { offset, limit: PAGE_SIZE, minRating: SUCCESS_MIN_RATING },
  });
  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {t('community.success.title')}
        </Heading>
        <Text color="gray.700">{t('community.success.intro')}</Text>
        <PagedView
          page={(data ?? previousData)?.reviews}
          loading={loading}
          failed={Boolean(error)}
          onRetry={() => void refetch()}
          empty={t('community.success.empty')}
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
