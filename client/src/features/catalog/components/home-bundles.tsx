import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../../lib/format';
import { useLanguage, useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useHomeBundlesQuery } from '../api/home-bundles.generated';
import '../../../styles/ui.css';
import './home.css';

/** The home page's bundles: a card for each (its courses, its price and what it saves), leading to its page; nothing when there are none. */
export function HomeBundles() {
  const t = useT();
  const { language } = useLanguage();
  const { data } = useHomeBundlesQuery();
  const bundles = data?.bundles ?? [];
  if (bundles.length === 0) return null;
  return (
    <section className="ui-stack home-section" aria-labelledby="bundles" data-testid="home-bundles">
      <h2 className="ui-heading ui-heading-xl" id="bundles">
        {t('home.bundles.title')}
      </h2>
      <p className="ui-muted">{t('home.bundles.text')}</p>
      <ul className="ui-grid ui-grid-4 home-bundles">
        {bundles.slice(0, 4).map((bundle) => (
          <li key={bundle.id} className="ui-card home-bundle">
            <span className="ui-badge home-bundle-saving">{t('bundle.saving', { amount: formatMoney(bundle.saving, language) })}</span>
            <RouterLink className="ui-link home-bundle-title" to={paths.bundle(bundle.id)}>
              {bundle.name}
            </RouterLink>
            <span className="ui-muted">
              {t('home.bundles.courses', { count: bundle.courses.length, names: bundle.courses.map((course) => course.name).join(', ') })}
            </span>
            <span className="home-bundle-price">
              <strong>{formatMoney(bundle.price, language)}</strong> <s className="ui-muted">{formatMoney(bundle.listPrice, language)}</s>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
