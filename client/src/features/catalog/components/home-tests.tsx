import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatDigits } from '../../../lib/format';
import { useLanguage, useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { serverNow } from '../../../lib/server-clock';
import { useHomeModelTestsQuery, type HomeModelTestFragment } from '../api/home-tests.generated';
import '../../../styles/ui.css';
import './home.css';

const ADMISSION = 13;

/** The home page's way to exams: live exams still to come (or open now), then free model tests, and practising by oneself. */
export function HomeModelTests() {
  const t = useT();
  const { language } = useLanguage();
  const { data } = useHomeModelTestsQuery();
  // The clock is read only once the page runs: the HTML drawn on the server (perhaps served later from
  // its cache) and the browser's first drawing must say the same, whatever the time is by then.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(serverNow()), []);
  if (!data) return null;
  const live = data.live.items;
  const tests = [...live, ...data.free.items.filter((test) => !live.some((l) => l.id === test.id))].slice(0, 4);
  const isLive = (test: HomeModelTestFragment) => live.some((l) => l.id === test.id);
  const when = (test: HomeModelTestFragment) => {
    if (!test.opensAt || !test.closesAt) return null;
    if (now === null) return t('home.tests.window', { from: formatDateTime(test.opensAt, language), until: formatDateTime(test.closesAt, language) });
    return new Date(test.opensAt).getTime() > now
      ? t('home.tests.opens', { when: formatDateTime(test.opensAt, language) })
      : t('home.tests.openNow', { when: formatDateTime(test.closesAt, language) });
  };
  return (
    <section className="ui-stack home-section" aria-labelledby="model-tests" data-testid="home-model-tests">
      <div className="home-tests-head">
        <h2 className="ui-heading ui-heading-xl" id="model-tests">
          {t('home.tests.title')}
        </h2>
        <RouterLink className="ui-link home-tests-all" to={paths.modelTests}>
          {t('home.tests.all')}
        </RouterLink>
      </div>
      <p className="ui-muted">{t('home.tests.text')}</p>
      {tests.length > 0 && (
        <ul className="ui-grid ui-grid-4 home-tests">
          {tests.map((test) => (
            <li key={test.id} className="ui-card home-test">
              <span className={`ui-badge ${isLive(test) ? 'home-test-live' : 'home-test-free'}`}>
                {t(isLive(test) ? 'home.tests.live' : 'home.tests.free')}
              </span>
              <RouterLink className="ui-link home-test-title" to={paths.modelTest(test.id)}>
                {test.title}
              </RouterLink>
              <span className="ui-muted">
                {[
                  language === 'bn' ? test.subject?.nameBn : test.subject?.nameEn,
                  test.classLevel === ADMISSION ? t('home.tests.admission') : t('catalog.classN', { n: test.classLevel }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <span className="ui-muted">
                {t('home.tests.shape', { questions: formatDigits(test.questionCount, language), minutes: formatDigits(test.durationMinutes, language) })}
              </span>
              {isLive(test) && <span className="home-test-when">{when(test)}</span>}
            </li>
          ))}
        </ul>
      )}
      <RouterLink className="ui-button ui-outline ui-blue home-tests-practise" to={paths.practice}>
        {t('home.tests.practise')}
      </RouterLink>
    </section>
  );
}
