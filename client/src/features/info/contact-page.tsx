import { useInfoT } from './texts';
import { ContactForm } from './components/contact-form';
import { InfoPage } from './components/info-page';

export default function ContactPage() {
  const t = useInfoT();
  return (
    <InfoPage title={t('info.contact.title')}>
      <p>{t('info.contact.intro')}</p>
      <ContactForm />
    </InfoPage>
  );
}
