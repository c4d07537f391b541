import type { MouseEvent } from 'react';
import { useT } from '../lib/i18n';
import '../styles/ui.css';
import './pager.css';

interface PagerProps {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  /**
   * The address of the list at an offset: Previous and Next are then links to it, which work without
   * scripts (and can be opened apart); with scripts, a plain click calls `onChange` instead.
   */
  hrefFor?: (offset: number) => string;
}

/** A click the page handles itself: the main button, no key held to open the link elsewhere. */
export function isPlainClick(e: MouseEvent<HTMLAnchorElement>): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey;
}

/** Previous / Next through a long list, with where the visitor is. */
export function Pager({ offset, limit, total, onChange, hrefFor }: PagerProps) {
  const t = useT();
  if (total <= limit) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.ceil(total / limit);
  const step = (label: string, to: number, off: boolean) =>
    !hrefFor ? (
      <button type="button" className="ui-button ui-outline ui-sm" disabled={off} onClick={() => onChange(to)}>
        {label}
      </button>
    ) : off ? (
      // No page that way: a link to nowhere, shown off.
      <a className="ui-button ui-outline ui-sm" aria-disabled="true">
        {label}
      </a>
    ) : (
      <a
        className="ui-button ui-outline ui-sm"
        href={hrefFor(to)}
        onClick={(e) => {
          if (!isPlainClick(e)) return;
          e.preventDefault();
          onChange(to);
        }}
      >
        {label}
      </a>
    );
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {step(t('pager.previous'), Math.max(0, offset - limit), page <= 1)}
      <p aria-live="polite">{t('pager.position', { page, pages })}</p>
      {step(t('pager.next'), offset + limit, page >= pages)}
    </nav>
  );
}
