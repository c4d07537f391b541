import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirm } from '../../components/confirm-dialog';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { formatMoney } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { toaster } from '../../lib/toaster';
import { useAdminBundlesQuery, useSetBundleOnSaleMutation, type AdminBundleFragment } from './api/bundles.generated';
import { BundleForm } from './bundle-form';

/** Bundles (admins): make one of published paid courses at one taka price, change it, and stop or restart its sale. */
export default function BundlesPage() {
  const t = useT();
  const { language } = useLanguage();
  const { data, loading, error, refetch } = useAdminBundlesQuery({ fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<AdminBundleFragment | null>(null);
  const [setOnSale] = useSetBundleOnSaleMutation();
  const { ask, dialog } = useConfirm();
  const form = useRef<HTMLDivElement>(null);

  const edit = (bundle: AdminBundleFragment) => {
    setEditing(bundle);
    form.current?.scrollIntoView?.({ block: 'start' });
  };
  const changeSale = async (bundle: AdminBundleFragment, onSale: boolean) => {
    try {
      await setOnSale({ variables: { id: bundle.id, onSale } });
      toaster.create({ title: t(onSale ? 'admin.bundles.onSaleAgain' : 'admin.bundles.withdrawn', { name: bundle.name }), type: 'success' });
    } catch (failure) {
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    }
  };
  const withdraw = (bundle: AdminBundleFragment) =>
    ask({
      title: t('admin.bundles.withdrawTitle', { name: bundle.name }),
      consequence: t('admin.bundles.withdrawConsequence'),
      confirmLabel: t('admin.bundles.withdraw'),
      destructive: true,
      onConfirm: () => changeSale(bundle, false),
    });

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t('admin.bundles.title')}
      </Heading>
      <Text color="fg.muted">{t('admin.bundles.help')}</Text>
      {loading && !data ? (
        <InlineLoading />
      ) : error && !data ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : (
        <>
          <Box ref={form} scrollMarginTop="4">
            <BundleForm key={editing?.id ?? 'new'} newest={data?.courses.items ?? []} editing={editing} onDone={() => setEditing(null)} />
          </Box>
          <Heading as="h2" size="md">
            {t('admin.bundles.list')}
          </Heading>
          {data?.allBundles.length === 0 ? (
            <EmptyState>{t('admin.bundles.none')}</EmptyState>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {data?.allBundles.map((bundle) => (
                <Box as="li" key={bundle.id} borderWidth="1px" borderRadius="md" p="3" data-testid="bundle-row">
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    {bundle.onSale ? (
                      <RouterLink className="ui-link" to={paths.bundle(bundle.id)}>
                        {bundle.name}
                      </RouterLink>
                    ) : (
                      <Text fontWeight="medium">{bundle.name}</Text>
                    )}
                    {bundle.onSale ? (
                      <Badge colorPalette="green">{t('bundle.saving', { amount: formatMoney(bundle.saving, language) })}</Badge>
                    ) : (
                      <Badge colorPalette="gray">{t('admin.bundles.offSale')}</Badge>
                    )}
                  </HStack>
                  <Text fontSize="sm" mt="1">
                    {formatMoney(bundle.price, language)} · {bundle.courses.map((course) => course.name).join(', ')}
                  </Text>
                  <HStack gap="2" mt="2" wrap="wrap">
                    <Button size="sm" variant="outline" minH="44px" onClick={() => edit(bundle)}>
                      {t('admin.bundles.edit')}
                    </Button>
                    {bundle.onSale ? (
                      <Button size="sm" variant="ghost" colorPalette="red" minH="44px" onClick={() => withdraw(bundle)}>
                        {t('admin.bundles.withdraw')}
                      </Button>
                    ) : (
                      <Button size="sm" variant="ghost" minH="44px" onClick={() => void changeSale(bundle, true)}>
                        {t('admin.bundles.sellAgain')}
                      </Button>
                    )}
                  </HStack>
                </Box>
              ))}
            </Stack>
          )}
        </>
      )}
      {dialog}
    </Stack>
  );
}
