import { DashboardLayout } from '../../components/dashboard-layout';

export default function InstructorLayout() {
  return (
    <DashboardLayout
      title="Instructor"
      links={[
        { to: '/instructor-dashboard', label: 'Overview', end: true },
        { to: '/instructor-dashboard/Profile', label: 'Profile' },
        { to: '/instructor-dashboard/all-student', label: 'Students' },
        { to: '/instructor-dashboard/upload-course', label: 'Upload Course' },
      ]}
    />
  );
}
