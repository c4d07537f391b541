import { Link as RouterLink } from 'react-router-dom';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { usePracticeSearchQuery } from './api/search-courses.generated';

const ADMISSION = 13;

/** Beside the courses: the model tests a search names by subject or class (or "মডেল টেস্ট"), and practising that subject. */
export function SearchTests({ text }: { text: string }) {
  const t = useT();
  const { language } = useLanguage();
  const { data } = usePracticeSearchQuery({ variables: { text } });
  const found = data?.practiceSearch;
  if (!found) return null;
  const name = (subject: { nameBn: string; nameEn: string } | null | undefined) => (subject ? (language === 'bn' ? subject.nameBn : subject.nameEn) : '');
  const level = (classLevel: number) => (classLevel === ADMISSION ? t('home.tests.admission') : t('catalog.classN', { n: classLevel }));
  const filter = new URLSearchParams();
  if (found.classLevel) filter.set('class', String(found.classLevel));
  if (found.subject) filter.set('subject', found.subject.id);
  const query = filter.size ? `?${filter.toString()}` : '';
  return (
    <section className="ui-stack search-tests" aria-labelledby="search-tests" data-testid="search-tests">
      <h2 className="ui-heading ui-heading-lg" id="search-tests">
        {t('search.tests.title')}
      </h2>
      {found.tests.length === 0 ? (
        <p className="ui-muted">{t('search.tests.none')}</p>
      ) : (
        <ul className="search-tests-list">
          {found.tests.map((test) => (
            <li key={test.id}>
              <RouterLink className="ui-link search-test" to={paths.modelTest(test.id)}>
                {test.title}
              </RouterLink>
              <span className="ui-muted">
                {[name(test.subject), level(test.classLevel), test.free ? t('home.tests.free') : null].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="search-tests-actions">
        <RouterLink className="ui-button ui-outline ui-blue ui-sm" to={`${paths.practice}${query}`}>
          {found.subject ? t('search.tests.practise', { subject: name(found.subject) }) : t('home.tests.practise')}
        </RouterLink>
        <RouterLink className="ui-link search-tests-all" to={`${paths.modelTests}${query}`}>
          {t('home.tests.all')}
        </RouterLink>
      </div>
    </section>
  );
}
