import { Text } from '@chakra-ui/react';
import { useInfoT } from './texts';
import { ContactForm } from './components/contact-form';
import { InfoPage } from './components/info-page';

export default function ContactPage() {
  const t = useInfoT();
  return (
    <InfoPage title={t('info.contact.title')}>
      <Text>{t('info.contact.intro')}</Text>
      <ContactForm />
    </InfoPage>
  );
}
