import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { formatDigits } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useHydrated } from '../../lib/use-hydrated';
import { useSession } from '../../lib/session-context';
import { useModelTestListQuery, useMyPracticeAttemptsQuery, usePracticeSubjectsQuery } from './api/practice.generated';
import { ADMISSION_LEVEL, LEVELS, subjectName } from './practice-labels';
import '../../styles/ui.css';
import './model-tests-page.css';

const PAGE = 12;
/** The most tests `?shown=` lists at once. */
const MOST_SHOWN = 120;

/**
 * /model-tests: free model tests, browsed by class and then subject; a signed-in student's attempts
 * above them. Drawn on the server with plain elements: the filters are a GET form (the scripts apply
 * a choice at once) and More is a link that lists more (`?shown=`), so it all works without scripts.
 */
export default function ModelTestsPage() {
  const t = useT();
  const { language } = useLanguage();
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const classLevel = Number(params.get('class')) || null;
  const subject = params.get('subject') || null;
  const shown = Math.min(MOST_SHOWN, Math.max(PAGE, Math.floor(Number(params.get('shown')) / PAGE) * PAGE || PAGE));
  const subjects = usePracticeSubjectsQuery();
  const { data, loading, error, refetch } = useModelTestListQuery({ variables: { classLevel, subject, offset: 0, limit: shown } });
  const choose = (key: 'class' | 'subject', value: string) => {
    // From the address as it is now: a second choice made before the page drew the first keeps it.
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('shown');
    setParams(next, { replace: true });
  };
  const more = new URLSearchParams(params);
  more.set('shown', String(shown + PAGE));
  const levelName = (level: number) => (level === ADMISSION_LEVEL ? t('practice.admission') : t('practice.classN', { level }));
  const tests = data?.modelTests.items ?? [];
  return (
    <div className="ui-container ui-page model-tests-page">
      <div className="ui-stack">
        <div className="ui-title-row">
          <h1 className="ui-heading ui-heading-2xl">{t('practice.title')}</h1>
          <RouterLink className="ui-button ui-blue ui-outline ui-sm" to={paths.practice}>
            {t('practice.self.link')}
          </RouterLink>
        </div>
        <MyAttempts />
        <form className="model-tests-filters" method="get" action={paths.modelTests}>
          <div className="ui-field">
            <label htmlFor="practice-class">{t('practice.class')}</label>
            <div className="ui-select">
              <select id="practice-class" name="class" value={classLevel ?? ''} onChange={(e) => choose('class', e.currentTarget.value)}>
                <option value="">{t('practice.allClasses')}</option>
                {LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {levelName(level)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="ui-field">
            <label htmlFor="practice-subject">{t('practice.subject')}</label>
            <div className="ui-select">
              <select id="practice-subject" name="subject" value={subject ?? ''} onChange={(e) => choose('subject', e.currentTarget.value)}>
                <option value="">{t('practice.allSubjects')}</option>
                {(subjects.data?.subjects ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {subjectName(s, language)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {/* Without scripts, the choice is applied by sending the form (with them, at once). */}
          {!hydrated && (
            <button type="submit" className="ui-button ui-blue ui-sm">
              {t('practice.show')}
            </button>
          )}
        </form>
        {loading && !data ? (
          <InlineLoading />
        ) : error && !data ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : tests.length === 0 ? (
          <EmptyState>
            <p>{t('practice.none')}</p>
          </EmptyState>
        ) : (
          <ul className="model-tests-grid">
            {tests.map((test) => (
              <li key={test.id} className="ui-card" data-testid="model-test">
                <div className="ui-stack model-test-card">
                  <div className="model-test-badges">
                    <span className="ui-badge ui-blue">{levelName(test.classLevel)}</span>
                    <span className="ui-badge">{subjectName(test.subject, language)}</span>
                    {test.free && <span className="ui-badge ui-green">{t('practice.free')}</span>}
                    {test.negativeMark > 0 && (
                      <span className="ui-badge ui-orange">{t('practice.negative', { mark: formatDigits(test.negativeMark, language) })}</span>
                    )}
                  </div>
                  <h2 className="ui-heading ui-heading-md">
                    <RouterLink to={paths.modelTest(test.id)}>{test.title}</RouterLink>
                  </h2>
                  <p className="ui-muted">
                    {t('practice.shape', { questions: formatDigits(test.questionCount, language), minutes: formatDigits(test.durationMinutes, language) })}
                  </p>
                  <RouterLink className="ui-button ui-blue ui-sm model-test-open" to={paths.modelTest(test.id)}>
                    {t('practice.open')}
                  </RouterLink>
                </div>
              </li>
            ))}
          </ul>
        )}
        {data?.modelTests.hasMore && shown < MOST_SHOWN && (
          <RouterLink className="ui-button ui-outline model-tests-more" to={`${paths.modelTests}?${more.toString()}`} replace preventScrollReset>
            {t('practice.more')}
          </RouterLink>
        )}
      </div>
    </div>
  );
}

/** The signed-in student's attempts, newest first: the history of their practice. */
export function MyAttempts() {
  const t = useT();
  const { language } = useLanguage();
  const { state } = useSession();
  const signedIn = state.status === 'signedIn';
  const { data, error } = useMyPracticeAttemptsQuery({ skip: !signedIn, fetchPolicy: 'cache-and-network' });
  if (!signedIn || error || !data || data.myAttempts.items.length === 0) return null;
  return (
    <section className="ui-stack" aria-labelledby="my-attempts">
      <h2 className="ui-heading ui-heading-md" id="my-attempts">
        {t('practice.history')}
      </h2>
      {data.myAttempts.items.map((attempt) => (
        <div key={attempt.id} className="my-attempt" data-testid="my-attempt">
          <RouterLink to={paths.attempt(attempt.id)}>{attempt.title}</RouterLink>
          <strong>
            {!attempt.result
              ? t('practice.inProgress')
              : attempt.result.rank === null
                ? t('practice.historyScorePractice', {
                    score: formatDigits(attempt.result.score, language),
                    max: formatDigits(attempt.result.maxScore, language),
                  })
                : t('practice.historyScore', {
                    score: formatDigits(attempt.result.score, language),
                    max: formatDigits(attempt.result.maxScore, language),
                    rank: formatDigits(attempt.result.rank, language),
                  })}
          </strong>
        </div>
      ))}
    </section>
  );
}
