import { Heading, Input, Stack, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { PagedTable } from '../../components/paged-table';
import { useInstructorStudentsQuery } from './api/instructor.generated';
import { useT } from '../../lib/i18n';

const PAGE_SIZE = 20;

/** Students enrolled in the instructor's courses: Name, Course, Email, Phone. */
export default function InstructorStudentsPage() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useInstructorStudentsQuery({
    variables: { search: search.trim() || null, offset, limit: PAGE_SIZE },
  });
  const page = (data ?? previousData)?.instructorStudents;
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t('instructor.students.title')}
      </Heading>
      <Input
        placeholder={t('instructor.students.search')}
        aria-label={t('instructor.students.searchLabel')}
        maxW="md"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setOffset(0);
        }}
      />
      <PagedTable
        page={page}
        loading={loading}
        failed={Boolean(error)}
        onRetry={() => void refetch()}
        empty={t('instructor.students.empty')}
        onPage={setOffset}
        columns={[t('instructor.students.name'), t('instructor.students.course'), t('instructor.students.email'), t('instructor.students.phone')]}
        row={(row) => (
          <Table.Row key={row.enrollmentId}>
            <Table.Cell>{row.name}</Table.Cell>
            <Table.Cell>{row.courseName}</Table.Cell>
            <Table.Cell>{row.email}</Table.Cell>
            <Table.Cell>{row.phone ?? ''}</Table.Cell>
          </Table.Row>
        )}
      />
    </Stack>
  );
}
