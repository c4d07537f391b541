import { Search } from 'lucide-react';
import type { FormEvent, Ref } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import '../../styles/ui.css';
import './search-box.css';

/**
 * The course search form. Before the scripts run (or without them) the browser itself sends it to
 * the search page, which the server draws with the results; after, the app goes there in place.
 */
export function SearchBox({ onSearch, inputRef }: { onSearch?: () => void; inputRef?: Ref<HTMLInputElement> }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const current = location.pathname.toLowerCase() === paths.search.toLowerCase() ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Read from the field itself: what a visitor typed before the scripts took over counts too.
    const typed = new FormData(e.currentTarget).get('q');
    const query = typeof typed === 'string' ? typed.trim() : '';
    if (!query) return;
    void navigate(paths.searchFor(query), { state: { text: query } });
    onSearch?.();
  };
  return (
    <form className="search-box" role="search" action={paths.search} method="get" onSubmit={submit}>
      <input
        ref={inputRef}
        className="ui-input"
        name="q"
        defaultValue={current}
        placeholder={t('header.searchPlaceholder')}
        aria-label={t('header.searchPlaceholder')}
        maxLength={100}
      />
      <button type="submit" className="ui-button ui-blue ui-icon" aria-label={t('header.search')}>
        <Search size={18} />
      </button>
    </form>
  );
}
