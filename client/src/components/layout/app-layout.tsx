import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { StartSession } from '../../lib/session-context';
import { FullScreenLoading } from '../states';
// The footer sits below the fold: its code loads after the page's own.
const Footer = lazy(async () => ({ default: (await import('./footer')).Footer }));
import { Header } from './header';
import './layout.css';

/** A new page starts at its top (the browser restores the position on back and forward itself). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Marks the page as taken over by its scripts (the browser tests wait for it before acting). */
function MarkInteractive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return null;
}

/** `notice`: a line under the header for the signed-in person (given by the app, which knows the features). */
export function AppLayout({ notice }: { notice?: ReactNode }) {
  return (
    <div className="app-layout">
      <Header />
      {notice}
      {/* At least a screen tall: a page drawn after its data arrives does not push a visible footer down. */}
      <main>
        <Suspense fallback={<FullScreenLoading />}>
          <Outlet />
          <StartSession />
          <MarkInteractive />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ScrollToTop />
    </div>
  );
}
