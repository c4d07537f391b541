import { Menu as MenuIcon, Search, X } from 'lucide-react';
import { Fragment, lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';
import '../../styles/ui.css';
import './header.css';
// The account menu (and its popover machinery, drawn with Chakra) loads only for signed-in visitors.
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));
const PhoneAccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.PhoneAccountMenu })));

/** The header's links; `asRows` stacks them as list items, each a full-width row for the phone menu. */
function NavLinks({ onNavigate, asRows = false }: { onNavigate?: () => void; asRows?: boolean }) {
  const t = useT();
  const className = asRows ? 'ui-link menu-row' : 'ui-link';
  const Item = asRows ? 'li' : Fragment;
  return (
    <>
      <Item>
        <RouterLink className={className} to={paths.allCourses} onClick={onNavigate}>
          {t('header.courses')}
        </RouterLink>
      </Item>
      <Item>
        <RouterLink className={className} to={paths.modelTests} onClick={onNavigate}>
          {t('header.modelTests')}
        </RouterLink>
      </Item>
      <Item>
        {/* The same Support page the footer leads to. */}
        <RouterLink className={className} to={paths.support} onClick={onNavigate}>
          {t('header.support')}
        </RouterLink>
      </Item>
    </>
  );
}

function AccountButtons() {
  const t = useT();
  const { state } = useSession();
  if (state.status === 'signedIn') {
    return (
      <Suspense fallback={null}>
        <AccountMenu user={state.user} />
      </Suspense>
    );
  }
  if (state.status === 'loading') return null;
  return (
    <>
      <RouterLink className="ui-button ui-outline ui-blue ui-sm" to={paths.login}>
        {t('header.login')}
      </RouterLink>
      <RouterLink className="ui-button ui-blue ui-sm" to={paths.signUp}>
        {t('header.registration')}
      </RouterLink>
    </>
  );
}

/** The phone menu's account part: Login and Registration, or the signed-in person's items and Logout. */
function PhoneAccountItems({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const { state } = useSession();
  if (state.status === 'loading') return null;
  if (state.status !== 'signedIn') {
    return (
      <div className="ui-stack header-phone-buttons">
        <RouterLink className="ui-button ui-outline ui-blue" to={paths.login} onClick={onNavigate}>
          {t('header.login')}
        </RouterLink>
        <RouterLink className="ui-button ui-blue" to={paths.signUp} onClick={onNavigate}>
          {t('header.registration')}
        </RouterLink>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <PhoneAccountMenu user={state.user} onNavigate={onNavigate} />
    </Suspense>
  );
}

export function Header() {
  const t = useT();
  // The phone menu is a <details> element: it opens and closes without the scripts (before they
  // arrive, or on a phone that runs none), and the browser keeps whether it is open.
  const menu = useRef<HTMLDetailsElement>(null);
  const phoneSearch = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  // A phone's search box sits in the menu; on the search page it is also under the header, ready
  // to change the search (the phone's search button leads there before the scripts run).
  const onSearchPage = useLocation().pathname.toLowerCase() === paths.search.toLowerCase();
  // A menu opened before the scripts took over stays open; its button says so from now on.
  useEffect(() => {
    if (menu.current?.open) setOpen(true);
  }, []);
  const close = () => {
    if (menu.current) menu.current.open = false;
  };
  // Before the scripts, the search button leads to the search page and its form; after, it opens the menu at its search box.
  const searchFirst = (event: MouseEvent) => {
    if (!menu.current) return;
    event.preventDefault();
    menu.current.open = true;
    phoneSearch.current?.focus();
  };
  return (
    <header className="header">
      <div className="ui-container header-bar">
        <div className="header-row">
          <RouterLink className="ui-link header-home" to={paths.home} aria-label={t('header.home')}>
            <img src="/media/logo.svg" alt="" width="36" height="36" />
            <span>{t('app.name')}</span>
          </RouterLink>
          <nav className="header-nav" aria-label={t('header.mainNav')}>
            <NavLinks />
            <LanguageSwitch />
          </nav>
          <div className="header-search">
            <SearchBox />
          </div>
          <div className="header-account">
            <AccountButtons />
          </div>
          <RouterLink
            className="ui-button ui-ghost ui-lg ui-icon header-search-button"
            to={paths.search}
            onClick={searchFirst}
            aria-label={t('header.searchPlaceholder')}
          >
            <Search />
          </RouterLink>
          <details ref={menu} className="header-menu" onToggle={(e) => setOpen(e.currentTarget.open)}>
            <summary aria-label={open ? t('header.closeMenu') : t('header.openMenu')} aria-controls="mobile-menu">
              <MenuIcon data-shown-when="closed" aria-hidden />
              <X data-shown-when="open" aria-hidden />
            </summary>
            {/* Below the header's row, over the page, as wide as the header. */}
            <nav id="mobile-menu" className="ui-stack" aria-label={t('header.phoneNav')}>
              <SearchBox onSearch={close} inputRef={phoneSearch} />
              <ul className="ui-stack">
                <NavLinks onNavigate={close} asRows />
                <li>
                  <LanguageSwitch onSwitch={close} className="ui-link menu-row" />
                </li>
              </ul>
              <div className="header-menu-account">
                <PhoneAccountItems onNavigate={close} />
              </div>
            </nav>
          </details>
        </div>
        {onSearchPage && (
          <div className="header-search-below">
            <SearchBox />
          </div>
        )}
      </div>
    </header>
  );
}
