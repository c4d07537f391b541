import { Card, HStack, Image, Text } from '@chakra-ui/react';
import type { ReviewCard_ReviewFragment } from './review-card.generated';
import { StarRating } from './star-rating';
import { useT } from '../lib/i18n';

export function ReviewCard({ review }: { review: ReviewCard_ReviewFragment }) {
  const t = useT();
  return (
    <Card.Root size="sm" height="100%" data-testid="review-card">
      <Card.Body gap="3">
        <HStack gap="3">
          <Image src={review.img || '/media/people/avatar-1.svg'} alt="" width="48px" height="48px" borderRadius="full" loading="lazy" />
          <div>
            <Text fontWeight="semibold">{review.name}</Text>
            {/* A student's review names the course as it is called now; a testimonial has its line. */}
            {(review.courseName || review.info) && (
              <Text fontSize="sm" color="gray.600">
                {review.courseName ? t('community.reviews.studentOf', { course: review.courseName }) : review.info}
              </Text>
            )}
          </div>
        </HStack>
        {review.rating && <StarRating value={review.rating} />}
        {review.title && <Text fontWeight="semibold">{review.title}</Text>}
        <Text color="gray.700">{review.text}</Text>
      </Card.Body>
    </Card.Root>
  );
}
