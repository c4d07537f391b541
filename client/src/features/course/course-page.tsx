import { BookOpen, CheckCircle2, Clock, ListChecks, PlayCircle, Users } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import { useCoursePageQuery } from './api/course-page.generated';
import { formatDate, formatDigits, formatDuration, formatEnrolled, formatMoney } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useCoursePicture } from '../../components/course-picture';
import { CourseLanguageLine } from '../../components/course-language';
import { courseLanguageLabels } from '../../lib/course-languages';
import { CourseReviews } from './components/course-reviews';
import { CourseTests } from './components/course-tests';
import { paymentReturnOf } from './payment-return';
import { lessonToPreview } from './lesson-to-preview';
import type { CourseCategory } from '../../gql/types';
import { useRecordNotFound } from '../../app/page-status';
import '../../styles/ui.css';
import './course-page.css';

// Drawn only after a payment, with a notice, or for a preview: they bring Chakra's run-time with their code.
const notices = () => import('./components/payment-return-notice');
const PaymentReturnNotice = lazy(async () => ({ default: (await notices()).PaymentReturnNotice }));
const CourseNotice = lazy(async () => ({ default: (await notices()).CourseNotice }));
const LessonPreview = lazy(async () => ({ default: (await import('./components/lesson-preview')).LessonPreview }));

/** The course's picture on its price card, 16:9 with its size known before it loads. */
function CoursePicture({ course }: { course: { photoURL?: string | null; category: CourseCategory; name: string } }) {
  const picture = useCoursePicture(course.photoURL, course.category);
  return <img {...picture} alt={course.name} width="640" height="360" loading="eager" fetchPriority="high" decoding="async" />;
}

export default function CoursePage() {
  const t = useT();
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const paymentReturn = paymentReturnOf(search);
  // The spec's two returns (success, canceled) replace the page with their message and its way on;
  // a failed, held or pending payment's notice sits above the course, whose card says what waits.
  const replacesPage = paymentReturn === 'success' || paymentReturn === 'canceled';
  const { data, loading, error, refetch, startPolling, stopPolling } = useCoursePageQuery({
    variables: { id },
    fetchPolicy: 'cache-and-network',
    skip: replacesPage,
  });
  // Back from the gateway with a held or pending payment, the gateway's own notice may reach us a
  // moment after the buyer: ask again every few seconds until the course shows the payment's state.
  const paymentStatus = data?.course?.latestPayment?.status;
  const awaitsPayment = (paymentReturn === 'held' && paymentStatus !== 'HELD') || (paymentReturn === 'pending' && !paymentStatus);
  useEffect(() => {
    if (!awaitsPayment) return;
    startPolling(3000);
    return stopPolling;
  }, [awaitsPayment, startPolling, stopPolling]);
  useRecordNotFound(!replacesPage && Boolean(data) && !data?.course);

  if (replacesPage) {
    return (
      <div className="ui-container ui-page course-return">
        <Suspense fallback={null}>
          <PaymentReturnNotice outcome={paymentReturn} courseId={id} />
        </Suspense>
      </div>
    );
  }
  if (loading && !data) return <FullScreenLoading />;
  if (error) return <ErrorState onRetry={() => void refetch()} />;
  const course = data?.course;
  if (!course) {
    return (
      <EmptyState>
        <h1 className="ui-heading ui-heading-xl course-missing-title">{t('course.notFound.title')}</h1>
        <p className="course-missing-text">{t('course.notFound.text')}</p>
        <RouterLink className="ui-button ui-blue" to={paths.allCourses}>
          {t('course.notFound.seeAll')}
        </RouterLink>
      </EmptyState>
    );
  }

  // The course's real figures; where there is no data (no quizzes, assignments, unknown lengths) nothing is shown.
  const length = course.totalDurationSeconds === null ? null : formatDuration(course.totalDurationSeconds, language);
  const figures = [
    { Icon: Users, key: 'students', value: t('course.enrolledStudents', { count: formatEnrolled(course.enrolledCount, language) }) },
    ...(length ? [{ Icon: Clock, key: 'length', value: length }] : []),
    { Icon: PlayCircle, key: 'videos', value: t('course.videos', { count: course.lessonCount }) },
    // The spec's "Total quiz" block: the course's real model tests and quizzes, hidden when it has none.
    ...(course.quizCount > 0 ? [{ Icon: ListChecks, key: 'quizzes', value: t('course.quizzes', { count: course.quizCount }) }] : []),
  ];
  const category =
    course.category !== 'SCHOOL' ? t('course.professional') : course.classLevel ? t('course.school', { level: course.classLevel }) : t('course.schoolNoLevel');
  const previewLesson = lessonToPreview(course.lessons, search.get('preview'));
  const showPreview = (lessonId: string) => setSearch({ preview: lessonId }, { preventScrollReset: true });

  return (
    <div className="ui-container ui-page">
      <Suspense fallback={null}>
        {paymentReturn && <PaymentReturnNotice outcome={paymentReturn} courseId={course.id} failure={course.latestPayment?.failureMessage} />}
        {notice && <CourseNotice text={notice} />}
      </Suspense>
      {/* The page's order is the phone's (title, price card, details), so what the HTML draws first
          never moves as the rest arrives, and a keyboard or screen reader meets the title first. */}
      <div className="course-layout">
        <div className="ui-stack course-intro">
          <div className="course-badges">
            <span className="ui-badge ui-blue">{category}</span>
            {course.averageRating !== null && course.averageRating !== undefined && (
              <span className="ui-badge ui-orange" data-testid="rating-badge">
                {t('course.ratingFrom', { rating: formatDigits(course.averageRating, language), count: course.ratingCount })}
              </span>
            )}
          </div>
          <h1 className="ui-heading course-title" lang={courseLanguageLabels[course.language].lang}>
            {course.name}
          </h1>
          <p className="course-description" lang={courseLanguageLabels[course.language].lang}>
            {course.description}
          </p>
          <p className="course-small">
            <CourseLanguageLine language={course.language} />
          </p>
          <p className="course-small" data-testid="last-updated">
            {t('course.lastUpdated', { date: formatDate(course.contentUpdatedAt, language) })}
          </p>
        </div>
        <div className="course-aside">
          <div className="ui-card course-card-panel">
            <CoursePicture course={course} />
            <div className="ui-stack course-buy">
              <p className="course-price" data-testid="course-price">
                {course.isFree ? t('courseCard.free') : formatMoney(course.priceTaka, language)}
              </p>
              {!course.isFree && (
                <p className="course-pay-locally">
                  {course.priceUsd.amount > 0
                    ? t('course.payLocally', { taka: formatMoney(course.priceTaka, language), dollars: formatMoney(course.priceUsd, language) })
                    : t('course.payLocallyOnly', { taka: formatMoney(course.priceTaka, language) })}
                </p>
              )}
              <ul className="ui-stack course-figures">
                {figures.map(({ Icon, key, value }) => (
                  <li key={key} data-testid={`figure-${key}`}>
                    <Icon size={16} aria-hidden />{' '}
                    {key === 'quizzes' ? (
                      <a className="ui-link course-figure-link" href="#course-tests">
                        {value}
                      </a>
                    ) : (
                      <span>{value}</span>
                    )}
                  </li>
                ))}
              </ul>
              {course.isEnrolled ? (
                <>
                  <span className="ui-badge ui-green ui-lg course-enrolled">{t('course.enrolled')}</span>
                  <RouterLink className="ui-button ui-green ui-lg" to={paths.player(course.id)}>
                    {t('course.goToCourse')}
                  </RouterLink>
                </>
              ) : course.latestPayment?.status === 'HELD' ? (
                <p className="course-held" role="status" data-testid="payment-held">
                  {t('payment.held')}
                </p>
              ) : (
                <RouterLink className="ui-button ui-blue ui-lg" to={paths.enroll(course.id)}>
                  {t('course.enroll')}
                </RouterLink>
              )}
              <RouterLink className="ui-link course-question" to={paths.contact}>
                {t('course.question')}
              </RouterLink>
            </div>
          </div>
        </div>
        <div className="ui-stack course-details">
          <div className="course-tutor">
            <img src="/media/people/team-1.svg" alt="" width="56" height="56" />
            <div>
              <p className="course-small">{t('course.tutor')}</p>
              <p className="course-strong">{course.instructor}</p>
              {course.instructorEmail && <p className="course-small">{course.instructorEmail}</p>}
            </div>
          </div>

          <div className="course-content-grid">
            <div className="ui-stack course-content" data-testid="course-content">
              <BookOpen aria-hidden />
              <p className="course-strong">{t('course.content')}</p>
              <p className="course-muted">
                {t('course.lessons', { count: course.lessonCount })}
                {length && ` · ${t('course.length', { length })}`}
              </p>
            </div>
          </div>

          {course.keyPoints.length > 0 && (
            <section className="ui-stack course-section">
              <h2 className="ui-heading ui-heading-lg">{t('course.learn')}</h2>
              <ul className="ui-stack course-points">
                {course.keyPoints.map((point) => (
                  <li key={point}>
                    <CheckCircle2 size={18} aria-hidden />
                    {point}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {course.targetedPeoples && (
            <section className="ui-stack course-section">
              <h2 className="ui-heading ui-heading-lg">{t('course.forWhom')}</h2>
              <p className="ui-muted">{course.targetedPeoples}</p>
            </section>
          )}
          {course.whyNeed && (
            <section className="ui-stack course-section">
              <h2 className="ui-heading ui-heading-lg">{t('course.why')}</h2>
              <p className="ui-muted">{course.whyNeed}</p>
            </section>
          )}
          <CourseTests courseId={course.id} lessons={course.lessons} />
          <CourseReviews courseId={course.id} />
          <section className="ui-stack course-section">
            <h2 className="ui-heading ui-heading-lg">{t('course.lessonsTitle', { count: course.lessonCount })}</h2>
            {previewLesson !== undefined && (
              <Suspense fallback={null}>
                <LessonPreview
                  lesson={previewLesson}
                  refreshUrl={async () => (await refetch()).data?.course?.lessons.find((lesson) => lesson.id === previewLesson?.id)?.streamURL ?? null}
                />
              </Suspense>
            )}
            <ol className="ui-stack course-lessons">
              {course.lessons.map((lesson) => (
                <li key={lesson.id} data-testid="course-lesson">
                  <div className="course-lesson">
                    <span>{lesson.title}</span>
                    {lesson.durationSeconds !== null && <span className="course-small">{formatDuration(lesson.durationSeconds, language)}</span>}
                    {lesson.preview && (
                      <button
                        type="button"
                        className="ui-button ui-outline ui-blue ui-xs"
                        onClick={() => showPreview(lesson.id)}
                        aria-label={t('course.previewLesson', { title: lesson.title })}
                      >
                        <PlayCircle size={14} aria-hidden /> {t('course.preview')}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </div>
  );
}
