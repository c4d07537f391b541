import { Link, Stack, Text } from '@chakra-ui/react';
import { ApiKeysSection, INSTRUCTOR_SCOPES } from '../../components/api-keys/api-keys-section';
import { useT } from '../../lib/i18n';

/** The guide an integrator reads first (drawn by the server). */
const GUIDE = '/docs/';

/** /instructor-dashboard/api-keys: keys for the instructor's own systems, reading only their own courses' data. */
export default function InstructorApiKeysPage() {
  const t = useT();
  return (
    <Stack gap="4" maxW="3xl">
      <ApiKeysSection scopes={INSTRUCTOR_SCOPES} heading="h1" help="instructor.apiKeys.help" />
      <Text fontSize="sm">
        <Link href={GUIDE} color="blue.700" textDecoration="underline">
          {t('instructor.apiKeys.guide')}
        </Link>
      </Text>
    </Stack>
  );
}
