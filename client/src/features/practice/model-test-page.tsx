import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import { describeError } from '../../lib/graphql-errors';
import { formatDigits } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { useModelTestDetailsQuery, useStartAttemptMutation } from './api/practice.generated';
import { ADMISSION_LEVEL, clock, subjectName } from './practice-labels';
import { Countdown, useNowUntil } from './live-exam-countdown';
import '../../styles/ui.css';
import './model-tests-page.css';

// Only a signed-in student on a live exam not yet open asks to be reminded: its code comes then.
const RemindMe = lazy(() => import('./remind-me'));

/**
 * /model-tests/{id}: what a test is, the button that starts (or continues) it, and its leaderboard.
 * Drawn on the server with plain elements; a visitor's way to start it is a link to sign-in that comes back here.
 * A live exam that has not opened shows when it opens and a countdown (and "Remind me") instead, and the button once it opens.
 */
export default function ModelTestPage() {
  const t = useT();
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state } = useSession();
  const { data, loading, error, refetch } = useModelTestDetailsQuery({ variables: { id, offset: 0, limit: 20 }, fetchPolicy: 'cache-and-network' });
  const [start, starting] = useStartAttemptMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const opensAt = data?.modelTest?.opensAt ? new Date(data.modelTest.opensAt) : null;
  const now = useNowUntil(opensAt);
  if (loading && !data) return <FullScreenLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const test = data?.modelTest;
  if (!test) {
    return (
      <EmptyState>
        <p>{t('practice.notFound')}</p>
        <RouterLink className="ui-button ui-blue" to={paths.modelTests}>
          {t('practice.title')}
        </RouterLink>
      </EmptyState>
    );
  }
  const begin = async () => {
    setProblem(null);
    try {
      const result = await start({ variables: { testId: test.id } });
      if (result.data) void navigate(paths.attempt(result.data.startAttempt.id));
    } catch (failure) {
      setProblem(describeError(failure, t).message);
    }
  };
  const level = test.classLevel === ADMISSION_LEVEL ? t('practice.admission') : t('practice.classN', { level: test.classLevel });
  const board = data.leaderboard.items;
  return (
    <div className="ui-container ui-page model-test-page">
      <div className="ui-stack">
        <div className="ui-stack model-test-head">
          <div className="model-test-badges">
            <span className="ui-badge ui-blue">{level}</span>
            <span className="ui-badge">{subjectName(test.subject, language)}</span>
          </div>
          <h1 className="ui-heading ui-heading-2xl">{test.title}</h1>
          {test.description && <p>{test.description}</p>}
        </div>
        <div className="ui-card">
          <div className="ui-stack model-test-card">
            <p>{t('practice.shape', { questions: formatDigits(test.questionCount, language), minutes: formatDigits(test.durationMinutes, language) })}</p>
            <p>{test.negativeMark > 0 ? t('practice.negativeRule', { mark: formatDigits(test.negativeMark, language) }) : t('practice.noNegative')}</p>
            <p>{t('practice.passMark', { mark: formatDigits(test.passMark, language) })}</p>
            <p className="ui-muted">{t('practice.rules')}</p>
            {problem && (
              <div className="ui-alert ui-red" role="alert">
                <div>{problem}</div>
              </div>
            )}
            {opensAt && opensAt.getTime() > (now ?? new Date()).getTime() ? (
              <div className="ui-stack">
                <Countdown opensAt={opensAt} now={now} />
                {state.status === 'signedIn' && (
                  <Suspense fallback={null}>
                    <RemindMe testId={test.id} reminder={test.myReminder ?? null} />
                  </Suspense>
                )}
              </div>
            ) : state.status === 'signedIn' ? (
              <button type="button" className="ui-button ui-blue ui-lg" onClick={() => void begin()} disabled={starting.loading}>
                {t('practice.start')}
              </button>
            ) : (
              <RouterLink
                className="ui-button ui-blue ui-lg"
                to={paths.loginThen(paths.modelTest(test.id))}
                state={{ from: { pathname: paths.modelTest(test.id) } }}
              >
                {t('practice.signInToStart')}
              </RouterLink>
            )}
          </div>
        </div>
        <section className="ui-stack" aria-labelledby="leaderboard">
          <h2 className="ui-heading ui-heading-lg" id="leaderboard">
            {t('practice.leaderboard')}
          </h2>
          {board.length === 0 ? (
            <p className="ui-muted">{t('practice.leaderboardEmpty')}</p>
          ) : (
            <table className="model-test-board" data-testid="leaderboard">
              <thead>
                <tr>
                  <th>{t('practice.rank')}</th>
                  <th>{t('practice.name')}</th>
                  <th className="end">{t('practice.score')}</th>
                  <th className="end">{t('practice.time')}</th>
                </tr>
              </thead>
              <tbody>
                {board.map((row, index) => (
                  <tr key={index}>
                    <td>{formatDigits(row.rank, language)}</td>
                    <td>{row.name}</td>
                    <td className="end">{formatDigits(row.score, language)}</td>
                    <td className="end">{clock(row.durationSeconds, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </div>
  );
}
