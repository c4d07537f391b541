import { createPortal } from 'react-dom';
import { installApp } from '../../lib/app-worker';
import { useT } from '../../lib/i18n';

/**
 * The phone menu's "Install the app", drawn only where the browser offers it (Chromium's
 * `beforeinstallprompt`): the browser's own install dialog. It is the last row of the menu's list of
 * links (components/layout/header.tsx).
 */
export function InstallItem() {
  const t = useT();
  const menu = document.querySelector('#mobile-menu > ul');
  if (!menu) return null;
  return createPortal(
    <li>
      <button
        type="button"
        className="ui-link menu-row"
        onClick={(event) => {
          const details = event.currentTarget.closest('details');
          if (details) details.open = false;
          installApp();
        }}
      >
        {t('appInstall.button')}
      </button>
    </li>,
    menu,
  );
}
