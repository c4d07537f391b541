import { lazy, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { RequireAuth, RequireRole } from '../components/guards';
import NotFoundPage from '../components/not-found';
import { VerifyEmailNotice } from '../features/account/verify-email-notice';
// The landing page comes with the first download: lazily, it would wait for one more round trip.
import HomePage from '../features/catalog/home-page';

/**
 * Other screens load on demand, so a visitor downloads only the code of the page they open. On a
 * server-rendered page, React keeps a screen's HTML on screen until its code arrives, then
 * hydrates it: each part is taken over as soon as it can be, in pieces a slow phone handles well.
 */
const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazy(load);
  return { element: <Screen /> };
};

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => {
  const Screen = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return { element: <Screen /> };
};

export const routes: RouteObject[] = [
  {
    element: <AppLayout notice={<VerifyEmailNotice />} />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'home', element: <HomePage /> },
      { path: 'allCourses', ...screen(() => import('../features/catalog/all-courses-page')) },
      { path: 'search', ...screen(() => import('../features/search/search-page')) },
      { path: 'course/:id', ...screen(() => import('../features/course/course-page')) },
      { path: 'details/:id', ...screen(() => import('../features/course/course-page')) },
      { path: 'reviews', ...screen(() => import('../features/community/reviews-page')) },
      { path: 'blog', ...screen(() => import('../features/community/blog-page')) },
      { path: 'blog/:id', ...screen(() => import('../features/community/blog-post-page')) },
      { path: 'about', ...screen(() => import('../features/info/about-page')) },
      { path: 'privacyAndPolicy', ...screen(() => import('../features/info/privacy-page')) },
      { path: 'termsAndCondition', ...screen(() => import('../features/info/terms-page')) },
      { path: 'RefundPolicy', ...screen(() => import('../features/info/refund-page')) },
      { path: 'contact', ...screen(() => import('../features/info/contact-page')) },
      { path: 'support', ...screen(() => import('../features/info/support-page')) },
      { path: 'career', ...screen(() => import('../features/info/career-page')) },
      { path: 'success-story', ...screen(() => import('../features/community/success-story-page')) },
      { path: 'login', ...screen(() => import('../features/account/login-page')) },
      { path: 'signUp', ...screen(() => import('../features/account/sign-up-page')) },
      { path: 'reset-password', ...screen(() => import('../features/account/reset-password-page')) },
      { path: 'verify-email', ...screen(() => import('../features/account/verify-email-page')) },
      { path: 'certificate/:number', ...screen(() => import('../features/certificate/certificate-page')) },
      { path: 'editProfile', ...screen(() => import('../features/account/edit-profile-page')) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'myprofile', ...screen(() => import('../features/account/profile-page')) },
          { path: 'mycourses', ...screen(() => import('../features/learning/my-courses-page')) },
          { path: 'enroll/:id', ...screen(() => import('../features/checkout/checkout-page')) },
          { path: 'addReview', ...screen(() => import('../features/community/add-review-page')) },
          { path: 'complain', ...screen(() => import('../features/community/complain-page')) },
          { path: 'complain-box', element: <Navigate to="/complain" replace /> },
          // Route matching ignores case, so /myCourseplay/{id} (the My Courses link) lands here too.
          { path: 'myCoursePlay/:id', ...screen(() => import('../features/player/player-page')) },
        ],
      },
      {
        path: 'instructor-dashboard',
        element: <RequireRole roles={['INSTRUCTOR', 'ADMIN']} />,
        children: [
          {
            ...screen(() => import('../features/instructor/instructor-layout')),
            children: [
              { index: true, ...screen(() => import('../features/instructor/overview-page')) },
              { path: 'Profile', ...screen(() => import('../features/account/profile-page')) },
              { path: 'all-student', ...screen(() => import('../features/instructor/students-page')) },
              { path: 'upload-course', ...screen(() => import('../features/instructor/course-editor-page')) },
              { path: 'upload-course/:id', ...screen(() => import('../features/instructor/course-editor-page')) },
            ],
          },
        ],
      },
      {
        path: 'admin-dashboard',
        element: <RequireRole roles={['ADMIN']} />,
        children: [
          {
            ...screen(() => import('../features/admin/admin-layout')),
            children: [
              { index: true, ...screen(() => import('../features/admin/summary-page')) },
              { path: 'all-users', ...named(() => import('../features/admin/users-page'), 'AllUsersPage') },
              { path: 'all-Student', ...named(() => import('../features/admin/users-page'), 'AllStudentsPage') },
              { path: 'all-Instructor', ...named(() => import('../features/admin/users-page'), 'AllInstructorsPage') },
              { path: 'all-Admin', ...named(() => import('../features/admin/users-page'), 'AllAdminsPage') },
              { path: 'inbox', ...screen(() => import('../features/admin/inbox-page')) },
              { path: 'course-review', ...screen(() => import('../features/admin/course-review-page')) },
              { path: 'payments', ...screen(() => import('../features/admin/payments-page')) },
              { path: 'audit-log', ...screen(() => import('../features/admin/audit-log-page')) },
            ],
          },
        ],
      },
      {
        path: 'addblog',
        element: <RequireRole roles={['INSTRUCTOR', 'ADMIN']} />,
        children: [{ index: true, ...screen(() => import('../features/community/add-blog-page')) }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The whole route table, rendered by the declarative router. */
export function AppRoutes() {
  return useRoutes(routes);
}
