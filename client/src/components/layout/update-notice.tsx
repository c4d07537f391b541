import { dismissUpdate } from '../../lib/app-worker';
import { useT } from '../../lib/i18n';
import './update-notice.css';

/**
 * A new version of the site is installed: it starts the next time the site is opened, so a page in
 * use (a test being taken) goes on with the code it started with.
 */
export function UpdateNotice() {
  const t = useT();
  return (
    <div className="update-notice" role="status" data-testid="update-notice">
      <p>
        <strong>{t('appUpdate.ready')}</strong> {t('appUpdate.nextVisit')}
      </p>
      <button type="button" className="ui-button ui-outline ui-blue ui-sm" onClick={dismissUpdate}>
        {t('common.ok')}
      </button>
    </div>
  );
}
