import { Link as RouterLink } from 'react-router-dom';
import { useInfoT } from './texts';
import { paths } from '../../lib/paths';
import { InfoPage } from './components/info-page';

/** A short page about working with us. */
export default function CareerPage() {
  const t = useInfoT();
  return (
    <InfoPage title={t('info.career.title')}>
      <p>{t('info.career.intro')}</p>
      <ul>
        <li>{t('info.career.teachers')}</li>
        <li>{t('info.career.support')}</li>
        <li>{t('info.career.developers')}</li>
      </ul>
      <p>
        {t('info.career.noOpeningBefore')}{' '}
        <RouterLink className="ui-link" to={paths.contact}>
          {t('info.career.writeToUs')}
        </RouterLink>{' '}
        {t('info.career.noOpeningAfter')}
      </p>
    </InfoPage>
  );
}
