import type { MouseEvent } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { languageNames, useLanguage, useT } from '../../lib/i18n';

/**
 * The other language's name in that language ("বাংলা" on English pages, "English" on Bangla ones).
 * Before the scripts run it is a plain link with `?lang=`, which the server keeps in the cookie;
 * after, the page switches in place and the address loses its `lang`, so a reload keeps the choice.
 */
export function LanguageSwitch({ onSwitch, className = 'ui-link' }: { onSwitch?: () => void; className?: string }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const location: Location<unknown> = useLocation();
  const navigate = useNavigate();
  const other = language === 'bn' ? 'en' : 'bn';
  const search = new URLSearchParams(location.search);
  search.set('lang', other);
  const switchLanguage = (event: MouseEvent) => {
    event.preventDefault();
    onSwitch?.();
    void setLanguage(other).then(() => {
      const rest = new URLSearchParams(location.search);
      if (!rest.has('lang')) return;
      rest.delete('lang');
      void navigate({ pathname: location.pathname, search: rest.toString(), hash: location.hash }, { replace: true, state: location.state });
    });
  };
  return (
    <a
      className={`language-switch ${className}`}
      href={`${location.pathname}?${search.toString()}`}
      lang={other}
      hrefLang={other}
      title={t('header.language')}
      onClick={switchLanguage}
      data-testid="language-switch"
    >
      {languageNames[other]}
    </a>
  );
}
