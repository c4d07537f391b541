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

const TAKEN_OVER = ['page', 'footer'] as const;
const takenOver = new Set<(typeof TAKEN_OVER)[number]>();

/**
 * Marks the page as taken over by its scripts once both its own part and the footer (which loads
 * after it) are: the browser tests wait for it before acting.
 */
function MarkInteractive({ part }: { part: (typeof TAKEN_OVER)[number] }) {
  useEffect(() => {
    takenOver.add(part);
    if (TAKEN_OVER.every((each) => takenOver.has(each))) document.documentElement.dataset.interactive = '';
  }, [part]);
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
          <MarkInteractive part="page" />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
        <MarkInteractive part="footer" />
      </Suspense>
      <ScrollToTop />
    </div>
  );
}
