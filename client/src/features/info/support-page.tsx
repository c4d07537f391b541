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
      <p>{t('info.support.intro')}</p>
      <ul>
        <li>
          {t('info.support.call')}{' '}
          <a className="ui-link" href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`}>
            {localDigits(SUPPORT_PHONE, language)}
          </a>
        </li>
        <li>{t('info.support.hours')}</li>
        <li>{t('info.support.nextDay')}</li>
        <li>
          {t('info.support.refundBefore')}{' '}
          <RouterLink className="ui-link" to={paths.refund}>
            {t('info.support.refundLink')}
          </RouterLink>{' '}
          {t('info.support.refundAfter')}
        </li>
      </ul>
      <h2 className="ui-heading">{t('info.support.sendMessage')}</h2>
      <ContactForm />
    </InfoPage>
  );
}
