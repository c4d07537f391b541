import { useInfoT } from './texts';
import { InfoPage } from './components/info-page';
import { TeamCarousel } from './components/team-carousel';

export default function AboutPage() {
  const t = useInfoT();
  return (
    <InfoPage title={t('info.about.title')}>
      <h2 className="ui-heading">{t('info.about.storyTitle')}</h2>
      <p>{t('info.about.story')}</p>
      <h2 className="ui-heading">{t('info.about.foundationTitle')}</h2>
      <p>{t('info.about.foundation')}</p>
      <h2 className="ui-heading">{t('info.about.teamTitle')}</h2>
      <TeamCarousel />
    </InfoPage>
  );
}
