import { Avatar, Box, Button, Card, Container, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AttemptHistory } from '../../components/attempt-history';
import { ChapterStrengths } from '../../components/chapter-strengths';
import { ErrorState, InlineLoading } from '../../components/states';
import { useMyProfileQuery } from './api/profile.generated';
import { MyPayments } from './components/my-payments';
import { paths } from '../../lib/paths';
import { MyCertificates } from './components/my-certificates';
import { formatDate } from '../../lib/format';
import { useLanguage, useT, type MessageKey } from '../../lib/i18n';

/** The signed-in person's real profile (the spec's sample identity is not copied). */
export default function ProfilePage() {
  const t = useT();
  const { language } = useLanguage();
  const { data, loading, error, refetch } = useMyProfileQuery({ fetchPolicy: 'cache-and-network' });
  const user = data?.me;
  if (loading && !user) return <InlineLoading />;
  if (error && !user) return <ErrorState onRetry={() => void refetch()} />;
  if (!user) return <ErrorState message={t('account.noUserLoggedIn')} />;
  const rows: Array<[MessageKey, string | null | undefined]> = [
    ['account.field.email', user.email],
    ['account.field.phone', user.phone],
    ['account.field.date', user.date ? formatDate(user.date, language) : user.date],
    ['account.field.eduQualification', user.eduQualification],
    ['account.field.contactEmail', user.contactEmail],
    ['account.field.memberSince', formatDate(user.createdAt, language)],
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
            <Stack gap="0" minW="0">
              <Heading as="h1" size="xl" overflowWrap="anywhere">
                {user.name}
              </Heading>
              <Text color="gray.600">{t(`account.role.${user.role}`)}</Text>
            </Stack>
          </HStack>
          <DataList.Root orientation="horizontal">
            {rows.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{t(label)}</DataList.ItemLabel>
                <DataList.ItemValue minW="0" overflowWrap="anywhere">
                  {value || t('account.notGiven')}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Button asChild colorPalette="blue" alignSelf="start">
            <RouterLink to={paths.editProfile}>{t('account.editProfile')}</RouterLink>
          </Button>
          {user.role === 'STUDENT' && <MyCertificates />}
        </Card.Body>
      </Card.Root>
      {user.role === 'STUDENT' && (
        <Stack mt="8" gap="8">
          <ChapterStrengths />
          <HStack gap="3" flexWrap="wrap">
            <Button asChild colorPalette="blue">
              <RouterLink to={paths.practice}>{t('practice.self.link')}</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={paths.savedQuestions}>{t('practice.self.savedTitle')}</RouterLink>
            </Button>
          </HStack>
          <AttemptHistory />
        </Stack>
      )}
      <Box mt="8">
        <MyPayments />
      </Box>
    </Container>
  );
}
