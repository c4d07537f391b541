import { useT } from '../lib/i18n';
import '../styles/ui.css';
import './pager.css';

interface PagerProps {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
}

/** Previous / Next through a long list, with where the visitor is. */
export function Pager({ offset, limit, total, onChange }: PagerProps) {
  const t = useT();
  if (total <= limit) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.ceil(total / limit);
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" className="ui-button ui-outline ui-sm" disabled={page <= 1} onClick={() => onChange(Math.max(0, offset - limit))}>
        {t('pager.previous')}
      </button>
      <p aria-live="polite">{t('pager.position', { page, pages })}</p>
      <button type="button" className="ui-button ui-outline ui-sm" disabled={page >= pages} onClick={() => onChange(offset + limit)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
