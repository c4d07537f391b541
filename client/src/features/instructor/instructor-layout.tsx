import { DashboardLayout } from '../../components/dashboard-layout';
import { useT } from '../../lib/i18n';

export default function InstructorLayout() {
  const t = useT();
  return (
    <DashboardLayout
      title={t('instructor.nav.title')}
      links={[
        { to: '/instructor-dashboard', label: t('instructor.nav.overview'), end: true },
        { to: '/instructor-dashboard/Profile', label: t('instructor.nav.profile') },
        { to: '/instructor-dashboard/all-student', label: t('instructor.nav.students') },
        { to: '/instructor-dashboard/upload-course', label: t('instructor.nav.upload') },
      ]}
    />
  );
}
