import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';
import '../styles/ui.css';
import './states.css';

// Plain elements (no Chakra run-time): every page shows these, the first one included.

/** The spec's full-screen indicator while course lists load. */
export function FullScreenLoading() {
  const t = useT();
  return (
    <div className="state-loading" role="status" aria-live="polite">
      <span className="ui-spinner ui-spinner-xl" />
      <p>{t('common.loading')}</p>
    </div>
  );
}

export function InlineLoading({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="state-loading-inline" role="status" aria-live="polite">
      <span className="ui-spinner" />
      <p>{label ?? t('common.loading')}</p>
    </div>
  );
}

/** A failed request: what happened and a way to try again, never a blank page. */
export function ErrorState({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const t = useT();
  return (
    <div className="state-error" role="alert">
      <p>{message ?? t('common.loadFailed')}</p>
      {onRetry && (
        <button type="button" className="ui-button ui-outline ui-blue" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="state-empty">{children}</div>;
}
