import { isValidElement, lazy, type ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { RequireAuth, RequireRole } from '../components/guards';
import { VerifyEmailNotice } from '../features/account/verify-email-notice';
import { loadRestOfCatalogues } from '../lib/i18n';
import { paths, routePatterns } from '../lib/paths';
import { hintsSignedIn } from '../lib/session';
// The landing page comes with the first download: lazily, it would wait for one more round trip.
import HomePage from '../features/catalog/home-page';

/**
 * Other screens load on demand, so a visitor downloads only the code of the page they open. On a
 * server-rendered page, React keeps a screen's HTML on screen until its code arrives, then
 * hydrates it: each part is taken over as soon as it can be, in pieces a slow phone handles well.
 * A public page (`publicScreen`) needs only the texts every page starts with
 * (src/locales/first-load.ts); any other also waits for the rest of the catalogue, loaded with its
 * code, so it is never drawn with a key in place of a text.
 */
const publicScreen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazy(load);
  return { element: <Screen />, handle: { load } satisfies RouteHandle };
};

/** What a route keeps beside its element: how to start loading its code (preloadRoute). */
interface RouteHandle {
  load: () => Promise<unknown>;
}

const withAllTexts = async <T,>(load: () => Promise<T>): Promise<T> => (await Promise.all([load(), loadRestOfCatalogues()]))[0];

const screen = (load: () => Promise<{ default: ComponentType }>) => publicScreen(() => withAllTexts(load));

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  publicScreen(async () => ({ default: (await withAllTexts(load))[name] }));

/**
 * Most pages are drawn with Chakra's components, inside this route, which brings Chakra's run-time
 * with it (app/chakra.tsx). Every page the server draws (the home page, the catalogue, search, a
 * course's page, the information and community pages, sign-in and sign-up), the header and the
 * footer are drawn with plain elements and the page's stylesheet, so a first visit downloads and
 * runs no style system before it can be used.
 */
const chakraPages = publicScreen(() => import('./chakra'));

export const routes: RouteObject[] = [
  {
    element: <AppLayout notice={<VerifyEmailNotice />} />,
    children: [
      { index: true, element: <HomePage /> },
      { path: paths.homeAlias, element: <HomePage /> },
      // Drawn with plain elements, as the home page: these load no style system.
      { path: routePatterns.course, ...publicScreen(() => import('../features/course/course-page')) },
      { path: routePatterns.details, ...publicScreen(() => import('../features/course/course-page')) },
      { path: paths.allCourses, ...publicScreen(() => import('../features/catalog/all-courses-page')) },
      { path: paths.search, ...publicScreen(() => import('../features/search/search-page')) },
      { path: paths.about, ...publicScreen(() => import('../features/info/about-page')) },
      { path: paths.privacy, ...publicScreen(() => import('../features/info/privacy-page')) },
      { path: paths.terms, ...publicScreen(() => import('../features/info/terms-page')) },
      { path: paths.refund, ...publicScreen(() => import('../features/info/refund-page')) },
      { path: paths.career, ...publicScreen(() => import('../features/info/career-page')) },
      { path: paths.contact, ...publicScreen(() => import('../features/info/contact-page')) },
      { path: paths.support, ...publicScreen(() => import('../features/info/support-page')) },
      { path: paths.reviews, ...publicScreen(() => import('../features/community/reviews-page')) },
      { path: paths.blog, ...publicScreen(() => import('../features/community/blog-page')) },
      { path: routePatterns.blogPost, ...publicScreen(() => import('../features/community/blog-post-page')) },
      { path: paths.successStory, ...publicScreen(() => import('../features/community/success-story-page')) },
      { path: paths.login, ...publicScreen(() => import('../features/account/login-page')) },
      { path: paths.signUp, ...publicScreen(() => import('../features/account/sign-up-page')) },
      { path: paths.modelTests, ...publicScreen(() => import('../features/practice/model-tests-page')) },
      { path: routePatterns.modelTest, ...publicScreen(() => import('../features/practice/model-test-page')) },
      { path: routePatterns.bundle, ...screen(() => import('../features/bundle/bundle-page')) },
      { path: routePatterns.certificate, ...publicScreen(() => import('../features/certificate/certificate-page')) },
      // A payment's receipt: plain elements, as the server draws it; for its buyer and admins (the server decides).
      { element: <RequireAuth />, children: [{ path: routePatterns.receipt, ...screen(() => import('../features/receipt/receipt-page')) }] },
      {
        ...chakraPages,
        children: [
          { path: paths.resetPassword, ...screen(() => import('../features/account/reset-password-page')) },
          { path: paths.verifyEmail, ...screen(() => import('../features/account/verify-email-page')) },
          { path: paths.editProfile, ...screen(() => import('../features/account/edit-profile-page')) },
          // A guardian pays from an SMS link, with no account.
          { path: routePatterns.guardianPay, ...screen(() => import('../features/guardian/guardian-pay-page')) },
          { path: paths.guardianPaid, ...named(() => import('../features/guardian/guardian-pay-page'), 'GuardianPaidPage') },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.myProfile, ...screen(() => import('../features/account/profile-page')) },
              { path: paths.myCourses, ...screen(() => import('../features/learning/my-courses-page')) },
              { path: routePatterns.enroll, ...screen(() => import('../features/checkout/checkout-page')) },
              { path: paths.addReview, ...screen(() => import('../features/community/add-review-page')) },
              { path: paths.complain, ...screen(() => import('../features/community/complain-page')) },
              { path: paths.complainBox, element: <Navigate to={paths.complain} replace /> },
              // Route matching ignores case, so the spec's other spelling /myCourseplay/{id} lands here too.
              { path: routePatterns.player, ...screen(() => import('../features/player/player-page')) },
              { path: routePatterns.attempt, ...screen(() => import('../features/practice/attempt-page')) },
              { path: paths.practice, ...screen(() => import('../features/practice/practice-page')) },
              { path: paths.savedQuestions, ...screen(() => import('../features/practice/saved-questions-page')) },
            ],
          },
          {
            path: paths.instructorDashboard,
            element: <RequireRole roles={['INSTRUCTOR', 'ADMIN']} />,
            children: [
              {
                ...screen(() => import('../features/instructor/instructor-layout')),
                children: [
                  { index: true, ...screen(() => import('../features/instructor/overview-page')) },
                  { path: paths.instructorProfile, ...screen(() => import('../features/account/profile-page')) },
                  { path: paths.instructorStudents, ...screen(() => import('../features/instructor/students-page')) },
                  { path: paths.newCourse, ...screen(() => import('../features/instructor/course-editor-page')) },
                  { path: routePatterns.editCourse, ...screen(() => import('../features/instructor/course-editor-page')) },
                  { path: routePatterns.lessonQuizzes, ...screen(() => import('../features/practice/authoring/lesson-quizzes-page')) },
                  { path: paths.questionBank, ...screen(() => import('../features/practice/authoring/question-bank-page')) },
                  { path: paths.authoredModelTests, ...screen(() => import('../features/practice/authoring/model-tests-list-page')) },
                  { path: paths.coupons, ...screen(() => import('../features/coupons/coupons-page')) },
                  { path: paths.announcements, ...screen(() => import('../features/announcements/announcements-page')) },
                  { path: paths.instructorApiKeys, ...screen(() => import('../features/instructor/api-keys-page')) },
                  { path: paths.newModelTest, ...screen(() => import('../features/practice/authoring/model-test-builder-page')) },
                  { path: routePatterns.editModelTest, ...screen(() => import('../features/practice/authoring/model-test-builder-page')) },
                ],
              },
            ],
          },
          {
            path: paths.adminDashboard,
            element: <RequireRole roles={['ADMIN']} />,
            children: [
              {
                ...screen(() => import('../features/admin/admin-layout')),
                children: [
                  { index: true, ...screen(() => import('../features/admin/summary-page')) },
                  { path: paths.allUsers, ...named(() => import('../features/admin/users-page'), 'AllUsersPage') },
                  { path: paths.allStudents, ...named(() => import('../features/admin/users-page'), 'AllStudentsPage') },
                  { path: paths.allInstructors, ...named(() => import('../features/admin/users-page'), 'AllInstructorsPage') },
                  { path: paths.allAdmins, ...named(() => import('../features/admin/users-page'), 'AllAdminsPage') },
                  { path: paths.adminInbox, ...screen(() => import('../features/admin/inbox-page')) },
                  { path: paths.courseReview, ...screen(() => import('../features/admin/course-review-page')) },
                  { path: paths.adminPayments, ...screen(() => import('../features/admin/payments-page')) },
                  { path: paths.adminBundles, ...screen(() => import('../features/admin/bundles-page')) },
                  { path: paths.adminIntegrations, ...screen(() => import('../features/admin/integrations-page')) },
                  { path: paths.auditLog, ...screen(() => import('../features/admin/audit-log-page')) },
                ],
              },
            ],
          },
          {
            path: paths.addBlog,
            element: <RequireRole roles={['INSTRUCTOR', 'ADMIN']} />,
            children: [{ index: true, ...screen(() => import('../features/community/add-blog-page')) }],
          },
          { path: '*', ...publicScreen(() => import('../components/not-found')) },
        ],
      },
    ],
  },
];

/**
 * Starts loading the code of the page at `pathname` (its route and the routes around it) at once,
 * rather than one after another as React meets them while drawing the page.
 */
export function preloadRoute(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) void (route.handle as RouteHandle | undefined)?.load();
}

/** Whether an address is one of the app's pages; any other is drawn as the not-found page (and the server answers 404). */
export function isKnownPage(url: string): boolean {
  const matches = matchRoutes(routes, new URL(url, 'http://localhost').pathname);
  return matches !== null && matches[matches.length - 1].route.path !== '*';
}

/**
 * Where the server sends a browser that asks for a page only a signed-in person may see (enrolling,
 * My Courses, a dashboard...) when it has no sign-in hint: the sign-in page, which comes back to
 * the page afterwards. It works before the scripts run (or without them), as the app's own guard
 * does after. Null for any other page, or when the browser says it was signed in.
 */
export function signInFirst(url: string, cookieHeader: string | undefined): string | null {
  if (hintsSignedIn(cookieHeader)) return null;
  const { pathname, search } = new URL(url, 'http://localhost');
  const guarded = (matchRoutes(routes, pathname) ?? []).some(
    ({ route }) => isValidElement(route.element) && (route.element.type === RequireAuth || route.element.type === RequireRole),
  );
  return guarded ? paths.loginThen(`${pathname}${search}`) : null;
}

/** The whole route table, rendered by the declarative router. */
export function AppRoutes() {
  return useRoutes(routes);
}
