import type { ReactNode } from 'react';
import '../../../styles/ui.css';
import './auth-card.css';

/** The sign-in and sign-up pages' card: their title, then their forms one under another. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="ui-container auth-card">
      <div className="ui-card">
        <h1 className="ui-heading ui-heading-xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}
