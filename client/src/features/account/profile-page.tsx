import { Avatar, Box, Button, Card, Container, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState, InlineLoading } from '../../components/states';
import { useMyProfileQuery } from './api/profile.generated';
import { MyPayments } from './components/my-payments';
import { paths } from '../../lib/paths';
import { MyCertificates } from './components/my-certificates';

const roleLabel = { STUDENT: 'Student', INSTRUCTOR: 'Instructor', ADMIN: 'Admin' } as const;

/** The signed-in person's real profile (the spec's sample identity is not copied). */
export default function ProfilePage() {
  const { data, loading, error, refetch } = useMyProfileQuery({ fetchPolicy: 'cache-and-network' });
  const user = data?.me;
  if (loading && !user) return <InlineLoading />;
  if (error && !user) return <ErrorState onRetry={() => void refetch()} />;
  if (!user) return <ErrorState message="No user is logged in" />;
  const rows: Array<[string, string | null | undefined]> = [
    ['Email', user.email],
    ['Phone', user.phone],
    ['Date of birth', user.date],
    ['Education', user.eduQualification],
    ['Contact email', user.contactEmail],
    ['Member since', new Date(user.createdAt).toLocaleDateString('en-GB', { year: 'numeric', month: 'long', day: 'numeric' })],
  ];
  return (
    <Container maxW="2xl" py="10">
      <Card.Root>
        <Card.Body gap="6">
          <HStack gap="4">
            <Avatar.Root size="2xl">
              <Avatar.Fallback name={user.name} />
              {user.image && <Avatar.Image src={user.image} alt="" />}
            </Avatar.Root>
            <Stack gap="0">
              <Heading as="h1" size="xl">
                {user.name}
              </Heading>
              <Text color="gray.600">{roleLabel[user.role]}</Text>
            </Stack>
          </HStack>
          <DataList.Root orientation="horizontal">
            {rows.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value || 'Not given'}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Button asChild colorPalette="blue" alignSelf="start">
            <RouterLink to={paths.editProfile}>Edit Profile</RouterLink>
          </Button>
          {user.role === 'STUDENT' && <MyCertificates />}
        </Card.Body>
      </Card.Root>
      <Box mt="8">
        <MyPayments />
      </Box>
    </Container>
  );
}
