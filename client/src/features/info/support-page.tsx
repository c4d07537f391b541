import { Heading, Link, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useLanguage } from '../../lib/i18n';
import { useInfoT } from './texts';
import { localDigits } from '../../lib/digits';
import { paths } from '../../lib/paths';
import { ContactForm } from './components/contact-form';
import { InfoPage } from './components/info-page';

export const SUPPORT_PHONE = '+880 9612-345678';

/** How to reach us: the phone line, its hours, and the message form. */
export default function SupportPage() {
  const t = useInfoT();
  const { language } = useLanguage();
  return (
    <InfoPage title={t('info.support.title')}>
      <Text>{t('info.support.intro')}</Text>
      <List.Root gap="2" ps="5">
        <List.Item>
          {t('info.support.call')}{' '}
          <Link href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`} color="blue.700">
            {localDigits(SUPPORT_PHONE, language)}
          </Link>
        </List.Item>
        <List.Item>{t('info.support.hours')}</List.Item>
        <List.Item>{t('info.support.nextDay')}</List.Item>
        <List.Item>
          {t('info.support.refundBefore')}{' '}
          <Link asChild color="blue.700">
            <RouterLink to={paths.refund}>{t('info.support.refundLink')}</RouterLink>
          </Link>{' '}
          {t('info.support.refundAfter')}
        </List.Item>
      </List.Root>
      <Heading as="h2" size="lg">
        {t('info.support.sendMessage')}
      </Heading>
      <ContactForm />
    </InfoPage>
  );
}
