import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { startAppWorker, useAppWorker } from '../../lib/app-worker';
import { loadRestOfCatalogues } from '../../lib/i18n';
import { keepPageForOffline } from '../../lib/offline-pages';
import { useSession } from '../../lib/session-context';
// Drawn only when the browser offers to install the app, or a new version is ready; their texts are not among the first ones.
const InstallItem = lazy(async () => ({ default: (await Promise.all([import('./install-item'), loadRestOfCatalogues()]))[0].InstallItem }));
const UpdateNotice = lazy(async () => ({ default: (await Promise.all([import('./update-notice'), loadRestOfCatalogues()]))[0].UpdateNotice }));

/**
 * The service worker's part of every page, drawn with the footer (after the page's own code): the
 * worker is registered, a student's page (a course, My Courses, a lesson, a test) is kept on the
 * phone to open with no network (and what pages kept is forgotten once nobody is signed in), the
 * menu offers to install the app, and a new version of the site is announced.
 */
export function AppWorkerParts() {
  const { pathname } = useLocation();
  const installable = useAppWorker((state) => state.installPrompt !== null);
  const updateReady = useAppWorker((state) => state.updateReady);
  const signedOut = useSession().state.status === 'signedOut';
  useEffect(startAppWorker, []);
  useEffect(() => {
    void keepPageForOffline(pathname);
  }, [pathname]);
  // What a signed-in page kept for offline belongs to the person signed in.
  useEffect(() => {
    if (signedOut) void import('../../lib/kept-answers').then((kept) => kept.forgetKeptAnswers());
  }, [signedOut]);
  return (
    <Suspense fallback={null}>
      {installable && <InstallItem />}
      {updateReady && <UpdateNotice />}
    </Suspense>
  );
}
