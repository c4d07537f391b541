import { useEffect } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useRecordNotFound } from '../../app/page-status';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import { formatMoney } from '../../lib/format';
import { useLanguage, useT, type MessageKey } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { useBundlePageQuery } from './api/bundle.generated';
import { BundleBuyForm } from './bundle-buy-form';
import '../../styles/ui.css';
import './bundle-page.css';

/** What the gateway's return (the query string) says, and how the page shows it. */
const RETURNS: Array<{ flag: string; key: MessageKey; tone: 'ui-green' | 'ui-blue' | 'ui-red' }> = [
  { flag: 'success', key: 'bundle.return.success', tone: 'ui-green' },
  { flag: 'pending', key: 'bundle.return.pending', tone: 'ui-blue' },
  { flag: 'held', key: 'bundle.return.held', tone: 'ui-blue' },
  { flag: 'canceled', key: 'bundle.return.canceled', tone: 'ui-blue' },
  { flag: 'failed', key: 'bundle.return.failed', tone: 'ui-red' },
];

/**
 * A bundle's page (drawn by the server too, as a visitor sees it; plain elements, as every public
 * page): its courses, its price and what it saves, the price for the rest when the student owns
 * some of them (by the rule it states), and paying for it with bKash, Nagad, Rocket or a local card.
 */
export default function BundlePage() {
  const t = useT();
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const { state } = useSession();
  const { data, loading, error, refetch } = useBundlePageQuery({ variables: { id }, fetchPolicy: 'cache-and-network' });
  // The price for the signed-in student: asked again once the sign-in is back.
  const signedIn = state.status === 'signedIn';
  useEffect(() => {
    if (signedIn) void refetch();
  }, [signedIn, refetch]);
  useRecordNotFound(Boolean(data) && !data?.bundle);

  if (loading && !data) return <FullScreenLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const bundle = data?.bundle;
  if (!bundle) {
    return (
      <EmptyState>
        <h1 className="ui-heading ui-heading-xl">{t('bundle.notFound.title')}</h1>
        <p>{t('bundle.notFound.text')}</p>
        <RouterLink className="ui-button ui-blue" to={paths.allCourses}>
          {t('course.notFound.seeAll')}
        </RouterLink>
      </EmptyState>
    );
  }

  const owned = new Set(bundle.ownedCourseIds);
  const ownsSome = owned.size > 0 && owned.size < bundle.courses.length;
  const ownsAll = owned.size === bundle.courses.length;
  const price = formatMoney(bundle.priceForYou, language);
  // A bundle is paid in taka on a gateway's page: the first such way to pay the server offers.
  const way = data?.paymentOptions.find((option) => option.kind === 'HOSTED_PAGE' && option.currency === 'BDT');
  const returned = RETURNS.find(({ flag }) => search.has(flag));
  const user = state.status === 'signedIn' ? state.user : null;

  return (
    <div className="ui-container ui-page bundle-page" data-testid="bundle-page">
      <div className="ui-stack">
        {returned && (
          <div className={`ui-alert ${returned.tone}`} role="status" data-testid="bundle-return">
            <div>
              <strong>{t(returned.key)}</strong>
            </div>
          </div>
        )}
        <div className="ui-stack bundle-head">
          <p className="bundle-kicker">{t('bundle.kicker', { count: bundle.courses.length })}</p>
          <h1 className="ui-heading ui-heading-2xl">{bundle.name}</h1>
        </div>
        <div className="ui-card">
          <div className="ui-stack bundle-card" data-testid="bundle-price">
            <p className="bundle-price" data-testid="bundle-price-amount">
              {formatMoney(bundle.price, language)}
            </p>
            <p className="ui-muted">
              {t('bundle.listPrice')} <s>{formatMoney(bundle.listPrice, language)}</s>
            </p>
            <span className="ui-badge ui-green bundle-saving" data-testid="bundle-saving">
              {t('bundle.saving', { amount: formatMoney(bundle.saving, language) })}
            </span>
            {ownsSome && (
              <div className="ui-alert ui-blue" data-testid="bundle-price-for-you">
                <div>
                  <strong>{t('bundle.priceForYou', { owned: owned.size, price })}</strong>
                </div>
              </div>
            )}
            <p className="ui-muted">{t('bundle.rule')}</p>
          </div>
        </div>
        <section className="ui-stack" aria-labelledby="bundle-courses">
          <h2 className="ui-heading ui-heading-lg" id="bundle-courses">
            {t('bundle.courses')}
          </h2>
          <ul className="bundle-courses">
            {bundle.courses.map((course) => (
              <li key={course.id} className="ui-card bundle-course">
                <div className="bundle-course-name">
                  <RouterLink className="ui-link" to={paths.course(course.id)}>
                    {course.name}
                  </RouterLink>
                  <span className="ui-muted">{course.instructor}</span>
                </div>
                {owned.has(course.id) ? <span className="ui-badge ui-blue">{t('bundle.owned')}</span> : <span>{formatMoney(course.priceTaka, language)}</span>}
              </li>
            ))}
          </ul>
        </section>
        <section className="ui-card" aria-labelledby="bundle-buy">
          <div className="ui-stack bundle-card">
            <h2 className="ui-heading ui-heading-lg" id="bundle-buy">
              {t('bundle.buy.title')}
            </h2>
            {ownsAll ? (
              <div className="ui-stack" data-testid="bundle-all-owned">
                <p>{t('bundle.allOwned')}</p>
                <RouterLink className="ui-button ui-blue bundle-action" to={paths.myCourses}>
                  {t('bundle.toMyCourses')}
                </RouterLink>
              </div>
            ) : !user ? (
              <RouterLink className="ui-button ui-blue ui-lg bundle-action" to={paths.loginThen(paths.bundle(bundle.id))}>
                {t('bundle.buy.signIn', { price })}
              </RouterLink>
            ) : user.role !== 'STUDENT' ? (
              <p>{t('bundle.buy.studentsOnly')}</p>
            ) : (
              // With no way to pay on a gateway's page in taka (payments off), there is nothing to buy with.
              way && <BundleBuyForm bundleId={bundle.id} provider={way.provider} buyerName={user.name} price={price} />
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
