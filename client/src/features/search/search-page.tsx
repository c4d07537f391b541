import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { CourseCard } from '../../components/course-card';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { useSearchCoursesQuery, useSimilarCoursesQuery } from './api/search-courses.generated';
import { paths } from '../../lib/paths';
import { useT } from '../../lib/i18n';
import { describeError, errorFacts } from '../../lib/graphql-errors';
import { SearchTests } from './search-tests';
import '../../styles/ui.css';
import './search-page.css';

/** For a search that found nothing: courses whose names are close to the text (a typo, a missing letter). */
function CloseMatches({ text }: { text: string }) {
  const t = useT();
  const { data } = useSimilarCoursesQuery({ variables: { text } });
  const courses = data?.similarCourses ?? [];
  if (courses.length === 0) return null;
  return (
    <nav className="ui-stack search-close-matches" aria-label={t('search.didYouMeanLabel')}>
      <p className="ui-muted">{t('search.didYouMean')}</p>
      {courses.map((course) => (
        <RouterLink key={course.id} className="ui-link" to={paths.course(course.id)}>
          {course.name}
        </RouterLink>
      ))}
    </nav>
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
    <div className="ui-container ui-page">
      <div className="ui-stack">
        <h1 className="ui-heading ui-heading-2xl">{text ? t('search.resultsFor', { text }) : t('search.title')}</h1>
        {text && <SearchTests text={text} />}
        {!text ? (
          <EmptyState>{t('search.prompt')}</EmptyState>
        ) : loading ? (
          <InlineLoading />
        ) : error ? (
          // A text over the limit is the visitor's to shorten, said in the page's language; other failures are the usual one.
          <ErrorState message={errorFacts(error).code === 'TEXT_TOO_LONG' ? describeError(error, t).message : undefined} onRetry={() => void refetch()} />
        ) : data && data.searchCourses.length === 0 ? (
          <EmptyState>
            <p className="search-none">{t('search.noResults')}</p>
            <CloseMatches text={text} />
          </EmptyState>
        ) : (
          <div className="ui-grid ui-grid-4">
            {data?.searchCourses.map((course, i) => (
              <CourseCard key={course.id} course={course} variant="search" eager={i < 4} titleAs="h2" />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
