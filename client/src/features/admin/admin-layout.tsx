import { DashboardLayout } from '../../components/dashboard-layout';
import { paths } from '../../lib/paths';
import { useT } from '../../lib/i18n';

export default function AdminLayout() {
  const t = useT();
  return (
    <DashboardLayout
      title={t('admin.nav.title')}
      links={[
        { to: paths.adminDashboard, label: t('admin.nav.summary'), end: true },
        { to: paths.allUsers, label: t('admin.nav.allUsers') },
        { to: paths.allStudents, label: t('admin.nav.allStudents') },
        { to: paths.allInstructors, label: t('admin.nav.allInstructors') },
        { to: paths.allAdmins, label: t('admin.nav.allAdmins') },
        { to: paths.adminInbox, label: t('admin.nav.inbox') },
        { to: paths.adminPayments, label: t('admin.nav.payments') },
        { to: paths.adminBundles, label: t('admin.nav.bundles') },
        { to: paths.courseReview, label: t('admin.nav.courseReview') },
        { to: paths.questionBank, label: t('instructor.nav.questionBank') },
        { to: paths.authoredModelTests, label: t('practice.title') },
        { to: paths.coupons, label: t('coupons.title') },
        { to: paths.auditLog, label: t('admin.nav.auditLog') },
        { to: paths.adminIntegrations, label: t('admin.nav.integrations') },
      ]}
    />
  );
}
