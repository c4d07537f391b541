import { PlayCircle } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import '../../../styles/ui.css';
import './home.css';

// The dialog's code (and Chakra's run-time it is drawn with) loads only when a visitor asks for the tour.
const TourDialog = lazy(async () => ({ default: (await import('./tour-dialog')).TourDialog }));

export function Hero({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const [tourOpen, setTourOpen] = useState(false);
  return (
    <div className="hero">
      <div className="ui-container hero-content">
        <div className="ui-stack hero-text">
          <h1 className="ui-heading">{t('home.hero.title')}</h1>
          <p>{t('home.hero.text')}</p>
          <div className="hero-actions">
            {signedIn ? (
              <RouterLink className="ui-button ui-blue ui-lg" to={paths.myCourses}>
                {t('home.hero.continue')}
              </RouterLink>
            ) : (
              <RouterLink className="ui-button ui-blue ui-lg" to={paths.signUp}>
                {t('home.hero.joinFree')}
              </RouterLink>
            )}
            {/* Without scripts (before they arrive) the link still leads down the page. */}
            <a
              className="ui-link hero-tour"
              href="#available-on"
              onClick={(e) => {
                e.preventDefault();
                setTourOpen(true);
              }}
            >
              <PlayCircle size={22} aria-hidden /> {t('home.hero.watch')}
            </a>
          </div>
        </div>
        <img src="/media/hero.svg" alt={t('home.hero.imageAlt')} width="560" height="420" fetchPriority="high" />
      </div>
      {tourOpen && (
        <Suspense fallback={null}>
          <TourDialog open onClose={() => setTourOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
