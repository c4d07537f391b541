import { Box, Button, Card, Flex, HStack, Text } from '@chakra-ui/react';
import { Star } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { CourseCard_CourseFragment } from './course-card.generated';
import { formatDigits, formatMoney, truncate } from '../lib/format';
import { useLanguage, useT } from '../lib/i18n';
import { paths } from '../lib/paths';
import { CourseImage } from './course-image';
import { CourseLanguageLine } from './course-language';
import { courseLanguageLabels } from '../lib/course-languages';

interface CourseCardProps {
  course: CourseCard_CourseFragment;
  /** catalogue: Preview and Enroll Now; search: description and BUY NOW. */
  variant?: 'catalogue' | 'search';
  /** Above-the-fold cards load their image at once. */
  eager?: boolean;
  /** The course name's heading level: one below the heading the card list sits under. */
  titleAs?: 'h2' | 'h3';
}

export function CourseCard({ course, variant = 'catalogue', eager = false, titleAs = 'h3' }: CourseCardProps) {
  const t = useT();
  const { language } = useLanguage();
  const to = paths.course(course.id);
  // The course's reviews (their average and count), as its page shows them; none without a review.
  const rating =
    course.averageRating === null || course.averageRating === undefined || course.ratingCount === 0
      ? null
      : t('courseCard.rating', { rating: formatDigits(course.averageRating, language), count: course.ratingCount });
  return (
    <Card.Root overflow="hidden" size="sm" height="100%" data-testid="course-card">
      <CourseImage
        src={course.photoURL}
        category={course.category}
        alt={course.name}
        eager={eager}
        sizes="(max-width: 768px) 100vw, (max-width: 1200px) 50vw, 25vw"
      />
      <Card.Body gap="2">
        <Card.Title as={titleAs} fontSize="md" lineHeight="short" lang={courseLanguageLabels[course.language].lang}>
          {course.name}
        </Card.Title>
        <Text fontSize="sm" color="gray.600">
          {course.instructor}
        </Text>
        <CourseLanguageLine language={course.language} fontSize="xs" color="gray.600" />
        {variant === 'search' && (
          <Text fontSize="sm" color="gray.700">
            {truncate(course.description, 140)}
          </Text>
        )}
        <Flex justify="space-between" align="center" mt="auto" gap="2" wrap="wrap">
          <Text fontWeight="bold" color="blue.800" data-testid="card-price">
            {course.isFree ? t('courseCard.free') : t('courseCard.price', { price: formatMoney(course.priceTaka, language) })}
          </Text>
          {rating && (
            <HStack gap="1" fontSize="xs" color="gray.700">
              <Star size={14} fill="#f59e0b" color="#f59e0b" aria-hidden />
              <Text>{rating}</Text>
            </HStack>
          )}
        </Flex>
      </Card.Body>
      {/* On a narrow phone the two buttons stack rather than spill out of the card. */}
      <Card.Footer gap="2" flexWrap="wrap">
        {variant === 'catalogue' ? (
          <>
            <Button asChild variant="outline" size="sm" flex="1" minW="fit-content">
              <RouterLink to={paths.preview(course.id)}>{t('courseCard.preview')}</RouterLink>
            </Button>
            <Button asChild colorPalette="blue" size="sm" flex="1" minW="fit-content">
              <RouterLink to={to}>{t('courseCard.enroll')}</RouterLink>
            </Button>
          </>
        ) : (
          <Box flex="1">
            <Button asChild colorPalette="blue" size="sm" width="100%">
              <RouterLink to={to}>{t('courseCard.buy')}</RouterLink>
            </Button>
          </Box>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
