import { Link, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useInfoT } from './texts';
import { paths } from '../../lib/paths';
import { InfoPage } from './components/info-page';

/** A short page about working with us. */
export default function CareerPage() {
  const t = useInfoT();
  return (
    <InfoPage title={t('info.career.title')}>
      <Text>{t('info.career.intro')}</Text>
      <List.Root gap="2" ps="5">
        <List.Item>{t('info.career.teachers')}</List.Item>
        <List.Item>{t('info.career.support')}</List.Item>
        <List.Item>{t('info.career.developers')}</List.Item>
      </List.Root>
      <Text>
        {t('info.career.noOpeningBefore')}{' '}
        <Link asChild color="blue.700">
          <RouterLink to={paths.contact}>{t('info.career.writeToUs')}</RouterLink>
        </Link>{' '}
        {t('info.career.noOpeningAfter')}
      </Text>
    </InfoPage>
  );
}
