import { Badge, Box, Button, Card, Container, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, ShieldX } from 'lucide-react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useCertificatePageQuery } from './api/certificate.generated';
import { useLanguage, useT, type MessageKey } from '../../lib/i18n';

/** /certificate/{number}: anyone can check a certificate; it names the student and course, never their email or phone. */
export default function CertificatePage() {
  const t = useT();
  const { language } = useLanguage();
  const { number = '' } = useParams();
  const { data, loading, error, refetch } = useCertificatePageQuery({ variables: { number }, fetchPolicy: 'network-only' });
  if (loading && !data) return <FullScreenLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const certificate = data?.certificate;
  if (!certificate) {
    return (
      <EmptyState>
        <Heading as="h1" size="xl" mb="3" color="gray.800">
          {t('certificate.notFound')}
        </Heading>
        <Text mb="4">{t('certificate.notFoundText', { number })}</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to={paths.allCourses}>{t('certificate.seeAllCourses')}</RouterLink>
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
                {t(valid ? 'certificate.valid' : 'certificate.revoked')}
              </Heading>
              <Text color="gray.600">{t('certificate.of')}</Text>
            </Stack>
            <Badge colorPalette={valid ? 'green' : 'red'} ms="auto" size="lg">
              {t(valid ? 'certificate.validBadge' : 'certificate.revokedBadge')}
            </Badge>
          </HStack>
          {!valid && <Text color="red.700">{t('certificate.revokedText')}</Text>}
          <DataList.Root orientation="horizontal">
            {(
              [
                ['certificate.student', certificate.studentName],
                ['certificate.course', certificate.course],
                ['certificate.instructor', certificate.instructor],
                ['certificate.completedOn', formatDate(certificate.issuedAt, language)],
                ['certificate.number', certificate.number],
              ] satisfies Array<[MessageKey, string]>
            ).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{t(label)}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
