import { Badge, Box, Button, Card, Container, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, ShieldX } from 'lucide-react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useCertificatePageQuery } from './api/certificate.generated';

export const CERTIFICATE_VALID = 'This certificate is valid.';
export const CERTIFICATE_REVOKED = 'This certificate has been revoked.';

/** /certificate/{number}: anyone can check a certificate; it names the student and course, never their email or phone. */
export default function CertificatePage() {
  const { number = '' } = useParams();
  const { data, loading, error, refetch } = useCertificatePageQuery({ variables: { number }, fetchPolicy: 'network-only' });
  if (loading && !data) return <FullScreenLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const certificate = data?.certificate;
  if (!certificate) {
    return (
      <EmptyState>
        <Heading as="h1" size="xl" mb="3" color="gray.800">
          Certificate not found
        </Heading>
        <Text mb="4">No certificate has the number {number}. Check it against the certificate.</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to={paths.allCourses}>See all courses</RouterLink>
        </Button>
      </EmptyState>
    );
  }
  const valid = !certificate.revoked;
  return (
    <Container maxW="2xl" py="10">
      <Card.Root>
        <Card.Body gap="5">
          <HStack gap="3" role="status" data-testid="certificate-status">
            <Box color={valid ? 'green.600' : 'red.600'}>{valid ? <BadgeCheck size={36} aria-hidden /> : <ShieldX size={36} aria-hidden />}</Box>
            <Stack gap="0">
              <Heading as="h1" size="xl">
                {valid ? CERTIFICATE_VALID : CERTIFICATE_REVOKED}
              </Heading>
              <Text color="gray.600">Certificate of Completion from Shikhon</Text>
            </Stack>
            <Badge colorPalette={valid ? 'green' : 'red'} ms="auto" size="lg">
              {valid ? 'Valid' : 'Revoked'}
            </Badge>
          </HStack>
          {!valid && <Text color="red.700">The enrollment this certificate was issued for was refunded, so it no longer counts.</Text>}
          <DataList.Root orientation="horizontal">
            {[
              ['Student', certificate.studentName],
              ['Course', certificate.course],
              ['Instructor', certificate.instructor],
              ['Completed on', formatDate(certificate.issuedAt)],
              ['Certificate number', certificate.number],
            ].map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
