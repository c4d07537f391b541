import type { ReactNode } from 'react';
import '../../../styles/ui.css';
import './info-page.css';

/** An information page (about, policies, career): plain elements, so it loads no style system. */
export function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="ui-container info-page">
      <div className="ui-stack">
        <h1 className="ui-heading">{title}</h1>
        {children}
      </div>
    </div>
  );
}
