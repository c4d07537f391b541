import { Heading, Input, Stack, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { PagedView } from '../../components/paged-view';
import { useInstructorStudentsQuery } from './api/instructor.generated';

const PAGE_SIZE = 20;

/** Students enrolled in the instructor's courses: Name, Course, Email, Phone. */
export default function InstructorStudentsPage() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useInstructorStudentsQuery({ variables: { search: search.trim() || null, offset, limit: PAGE_SIZE } });
  const page = (data ?? previousData)?.instructorStudents;
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        Students
      </Heading>
      <Input
        placeholder="Search by name, email or course"
        aria-label="Search students"
        maxW="md"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setOffset(0);
        }}
      />
      <PagedView
          page={page}
          loading={loading}
          failed={Boolean(error)}
          onRetry={() => void refetch()}
          empty="No students yet."
          onPage={setOffset}
        >
          {(items) => (
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>Course</Table.ColumnHeader>
                  <Table.ColumnHeader>Email</Table.ColumnHeader>
                  <Table.ColumnHeader>Phone</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((row) => (
                  <Table.Row key={row.enrollmentId}>
                    <Table.Cell>{row.name}</Table.Cell>
                    <Table.Cell>{row.courseName}</Table.Cell>
                    <Table.Cell>{row.email}</Table.Cell>
                    <Table.Cell>{row.phone ?? ''}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          )}
        </PagedView>
    </Stack>
  );
}
