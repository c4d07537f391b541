import { DashboardLayout } from '../../components/dashboard-layout';
import { paths } from '../../lib/paths';
import { useT } from '../../lib/i18n';

export default function AdminLayout() {
  const t = useT();
  return (
    <DashboardLayout
      title={t('admin.nav.title')}
      links={[
        { to: '/admin-dashboard', label: t('admin.nav.summary'), end: true },
        { to: '/admin-dashboard/all-users', label: t('admin.nav.allUsers') },
        { to: '/admin-dashboard/all-Student', label: t('admin.nav.allStudents') },
        { to: '/admin-dashboard/all-Instructor', label: t('admin.nav.allInstructors') },
        { to: '/admin-dashboard/all-Admin', label: t('admin.nav.allAdmins') },
        { to: '/admin-dashboard/inbox', label: t('admin.nav.inbox') },
        { to: paths.adminPayments, label: t('admin.nav.payments') },
        { to: paths.courseReview, label: t('admin.nav.courseReview') },
        { to: paths.auditLog, label: t('admin.nav.auditLog') },
      ]}
    />
  );
}
