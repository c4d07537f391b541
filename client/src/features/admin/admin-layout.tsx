import { DashboardLayout } from '../../components/dashboard-layout';
import { paths } from '../../lib/paths';

export default function AdminLayout() {
  return (
    <DashboardLayout
      title="Admin"
      links={[
        { to: '/admin-dashboard', label: 'Summary', end: true },
        { to: '/admin-dashboard/all-users', label: 'All Users' },
        { to: '/admin-dashboard/all-Student', label: 'All Students' },
        { to: '/admin-dashboard/all-Instructor', label: 'All Instructors' },
        { to: '/admin-dashboard/all-Admin', label: 'All Admins' },
        { to: '/admin-dashboard/inbox', label: 'Inbox' },
        { to: paths.adminPayments, label: 'Payments' },
        { to: paths.courseReview, label: 'Course review' },
        { to: paths.auditLog, label: 'Audit log' },
      ]}
    />
  );
}
