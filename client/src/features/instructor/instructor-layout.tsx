import { DashboardLayout } from '../../components/dashboard-layout';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';

export default function InstructorLayout() {
  const t = useT();
  return (
    <DashboardLayout
      title={t('instructor.nav.title')}
      links={[
        { to: paths.instructorDashboard, label: t('instructor.nav.overview'), end: true },
        { to: paths.instructorProfile, label: t('instructor.nav.profile') },
        { to: paths.instructorStudents, label: t('instructor.nav.students') },
        { to: paths.newCourse, label: t('instructor.nav.upload') },
        { to: paths.questionBank, label: t('instructor.nav.questionBank') },
        { to: paths.authoredModelTests, label: t('practice.title') },
        { to: paths.coupons, label: t('coupons.title') },
        { to: paths.announcements, label: t('announcements.title') },
        { to: paths.instructorApiKeys, label: t('instructor.nav.apiKeys') },
      ]}
    />
  );
}
