import { Alert, Badge, Box, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useRecordNotFound } from '../../app/page-status';
import { ErrorState, FullScreenLoading } from '../../components/states';
import { formatMoney } from '../../lib/format';
import { useLanguage, useT, type MessageKey } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { useBundlePageQuery } from './api/bundle.generated';
import { BundleBuyForm } from './bundle-buy-form';

/** What the gateway's return (the query string) says, and how the page shows it. */
const RETURNS: Array<{ flag: string; key: MessageKey; status: 'success' | 'info' | 'error' }> = [
  { flag: 'success', key: 'bundle.return.success', status: 'success' },
  { flag: 'pending', key: 'bundle.return.pending', status: 'info' },
  { flag: 'held', key: 'bundle.return.held', status: 'info' },
  { flag: 'canceled', key: 'bundle.return.canceled', status: 'info' },
  { flag: 'failed', key: 'bundle.return.failed', status: 'error' },
];

/**
 * A bundle's page (drawn by the server too, as a visitor sees it): its courses, its price and what
 * it saves, the price for the rest when the student owns some of them (by the rule it states), and
 * paying for it with bKash, Nagad, Rocket or a local card.
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
      <div className="ui-container ui-stack" data-testid="bundle-missing">
        <h1 className="ui-heading ui-heading-xl">{t('bundle.notFound.title')}</h1>
        <p>{t('bundle.notFound.text')}</p>
        <RouterLink className="ui-link" to={paths.allCourses}>
          {t('course.notFound.seeAll')}
        </RouterLink>
      </div>
    );
  }

  const owned = new Set(bundle.ownedCourseIds);
  const ownsSome = owned.size > 0 && owned.size < bundle.courses.length;
  const ownsAll = owned.size === bundle.courses.length;
  const price = formatMoney(bundle.priceForYou, language);
  const returned = RETURNS.find(({ flag }) => search.has(flag));
  const user = state.status === 'signedIn' ? state.user : null;

  return (
    <Box className="ui-container" py="6" data-testid="bundle-page">
      <Stack gap="5">
        {returned && (
          <Alert.Root status={returned.status} data-testid="bundle-return">
            <Alert.Indicator />
            <Alert.Title>{t(returned.key)}</Alert.Title>
          </Alert.Root>
        )}
        <Stack gap="2">
          <Text color="pink.700" fontWeight="semibold">
            {t('bundle.kicker', { count: bundle.courses.length })}
          </Text>
          <Heading as="h1" size="2xl">
            {bundle.name}
          </Heading>
        </Stack>
        <Card.Root data-testid="bundle-price">
          <Card.Body gap="2">
            <Text fontSize="3xl" fontWeight="bold" data-testid="bundle-price-amount">
              {formatMoney(bundle.price, language)}
            </Text>
            <Text color="gray.600">
              {t('bundle.listPrice')} <s>{formatMoney(bundle.listPrice, language)}</s>
            </Text>
            <Badge colorPalette="green" alignSelf="flex-start" size="lg" data-testid="bundle-saving">
              {t('bundle.saving', { amount: formatMoney(bundle.saving, language) })}
            </Badge>
            {ownsSome && (
              <Alert.Root status="info" data-testid="bundle-price-for-you">
                <Alert.Indicator />
                <Alert.Title>{t('bundle.priceForYou', { owned: owned.size, price })}</Alert.Title>
              </Alert.Root>
            )}
            <Text fontSize="sm" color="gray.600">
              {t('bundle.rule')}
            </Text>
          </Card.Body>
        </Card.Root>
        <Stack as="section" gap="3" aria-labelledby="bundle-courses">
          <Heading as="h2" size="lg" id="bundle-courses">
            {t('bundle.courses')}
          </Heading>
          <Stack as="ul" gap="2" listStyleType="none" ps="0">
            {bundle.courses.map((course) => (
              <Card.Root as="li" key={course.id} size="sm">
                <Card.Body display="flex" flexDirection="row" flexWrap="wrap" gap="2" alignItems="center" justifyContent="space-between">
                  <Stack gap="0" minW="0">
                    <RouterLink className="ui-link" to={paths.course(course.id)}>
                      {course.name}
                    </RouterLink>
                    <Text fontSize="sm" color="gray.600">
                      {course.instructor}
                    </Text>
                  </Stack>
                  {owned.has(course.id) ? <Badge colorPalette="blue">{t('bundle.owned')}</Badge> : <Text>{formatMoney(course.priceTaka, language)}</Text>}
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        </Stack>
        <Card.Root as="section" aria-label={t('bundle.buy.title')}>
          <Card.Body gap="3">
            <Heading as="h2" size="lg">
              {t('bundle.buy.title')}
            </Heading>
            {ownsAll ? (
              <Stack gap="2" data-testid="bundle-all-owned">
                <Text>{t('bundle.allOwned')}</Text>
                <Button asChild colorPalette="blue" alignSelf="flex-start" minH="44px">
                  <RouterLink to={paths.myCourses}>{t('bundle.toMyCourses')}</RouterLink>
                </Button>
              </Stack>
            ) : !user ? (
              <Button asChild colorPalette="pink" alignSelf="flex-start" minH="48px">
                <RouterLink to={paths.loginThen(paths.bundle(bundle.id))}>{t('bundle.buy.signIn', { price })}</RouterLink>
              </Button>
            ) : user.role !== 'STUDENT' ? (
              <Text>{t('bundle.buy.studentsOnly')}</Text>
            ) : (
              <BundleBuyForm bundleId={bundle.id} buyerName={user.name} price={price} />
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Box>
  );
}
