import { Box, Container, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatDigits } from '../../../lib/format';
import { useLanguage, useT, type MessageKey } from '../../../lib/i18n';

export const statistics: { figure: number; label: MessageKey }[] = [
  { figure: 200, label: 'home.stats.courses' },
  { figure: 5000, label: 'home.stats.students' },
  { figure: 100, label: 'home.stats.teachers' },
];

export function StatisticsStrip() {
  const t = useT();
  const { language } = useLanguage();
  return (
    <Box bg="blue.700" color="white">
      <Container maxW="7xl" py="8">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" textAlign="center">
          {statistics.map(({ figure, label }) => (
            <Stack key={label} gap="0" data-testid="statistic">
              <Text fontSize="3xl" fontWeight="bold">
                {`${formatDigits(figure, language)}+`}
              </Text>
              <Text fontSize="lg">{t(label)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
