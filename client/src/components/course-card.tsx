import { Star } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { CourseCard_CourseFragment } from './course-card.generated';
import { formatDigits, formatMoney, truncate } from '../lib/format';
import { useLanguage, useT } from '../lib/i18n';
import { paths } from '../lib/paths';
import { useCoursePicture } from './course-picture';
import { CourseLanguageLine } from './course-language';
import { courseLanguageLabels } from '../lib/course-languages';
import '../styles/ui.css';
import './course-card.css';

interface CourseCardProps {
  course: CourseCard_CourseFragment;
  /** catalogue: Preview and Enroll Now; search: description and BUY NOW. */
  variant?: 'catalogue' | 'search';
  /** Above-the-fold cards load their image at once. */
  eager?: boolean;
  /** The course name's heading level: one below the heading the card list sits under. */
  titleAs?: 'h2' | 'h3';
}

/** A course in a list (home page, catalogue, search), drawn with plain elements: the home page needs no Chakra run-time. */
export function CourseCard({ course, variant = 'catalogue', eager = false, titleAs: Title = 'h3' }: CourseCardProps) {
  const t = useT();
  const { language } = useLanguage();
  const picture = useCoursePicture(course.photoURL, course.category);
  const to = paths.course(course.id);
  // The course's reviews (their average and count), as its page shows them; none without a review.
  const rating =
    course.averageRating === null || course.averageRating === undefined || course.ratingCount === 0
      ? null
      : t('courseCard.rating', { rating: formatDigits(course.averageRating, language), count: course.ratingCount });
  return (
    <div className="ui-card course-card" data-testid="course-card">
      <img
        {...picture}
        alt={course.name}
        width="640"
        height="360"
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        sizes="(max-width: 768px) 100vw, (max-width: 1200px) 50vw, 25vw"
      />
      <div className="course-card-body">
        <Title className="course-card-title" lang={courseLanguageLabels[course.language].lang}>
          {course.name}
        </Title>
        <p className="course-card-instructor">{course.instructor}</p>
        <p className="course-card-language">
          <CourseLanguageLine language={course.language} />
        </p>
        {variant === 'search' && <p className="course-card-description">{truncate(course.description, 140)}</p>}
        <div className="course-card-figures">
          <p className="course-card-price" data-testid="card-price">
            {course.isFree ? t('courseCard.free') : t('courseCard.price', { price: formatMoney(course.priceTaka, language) })}
          </p>
          {rating && (
            <p className="course-card-rating">
              <Star size={14} fill="#f59e0b" color="#f59e0b" aria-hidden />
              {rating}
            </p>
          )}
        </div>
      </div>
      {/* On a narrow phone the two buttons stack rather than spill out of the card. */}
      <div className="course-card-footer">
        {variant === 'catalogue' ? (
          <>
            <RouterLink className="ui-button ui-outline ui-sm" to={paths.preview(course.id)}>
              {t('courseCard.preview')}
            </RouterLink>
            <RouterLink className="ui-button ui-blue ui-sm" to={to}>
              {t('courseCard.enroll')}
            </RouterLink>
          </>
        ) : (
          <RouterLink className="ui-button ui-blue ui-sm" to={to}>
            {t('courseCard.buy')}
          </RouterLink>
        )}
      </div>
    </div>
  );
}
