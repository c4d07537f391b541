import { Box, Flex, HStack, IconButton, Image, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLanguage } from '../../../lib/i18n';
import { useInfoT, type InfoKey } from '../texts';
import { formatDigits } from '../../../lib/format';
import { useCarousel } from './use-carousel';

export const team: Array<{ name: string; role: InfoKey }> = [
  { name: 'Anisul Hoque', role: 'info.team.role.physics' },
  { name: 'Farhana Rahman', role: 'info.team.role.chemistry' },
  { name: 'Tanvir Ahmed', role: 'info.team.role.programming' },
  { name: 'Nusrat Jahan', role: 'info.team.role.english' },
  { name: 'Rafiqul Islam', role: 'info.team.role.mathematics' },
  { name: 'Sabrina Chowdhury', role: 'info.team.role.design' },
];
/** Numbered placeholder slides follow the team, as on the original page. */
const PLACEHOLDER_SLIDES = 2;
export const SLIDE_SPEED_MS = 500;

export function TeamCarousel() {
  const t = useInfoT();
  const { language } = useLanguage();
  const slideCount = team.length + PLACEHOLDER_SLIDES;
  const carousel = useCarousel(slideCount, 2, 2);
  return (
    <Box role="region" aria-roledescription={t('info.team.carousel')} aria-label={t('info.about.teamTitle')}>
      <Flex align="center" gap="2">
        <IconButton aria-label={t('info.team.previous')} variant="ghost" onClick={carousel.previous}>
          <ChevronLeft />
        </IconButton>
        <Box overflow="hidden" flex="1">
          <Flex transition={`transform ${SLIDE_SPEED_MS}ms ease`} transform={`translateX(-${carousel.firstVisible * 50}%)`} data-testid="carousel-track">
            {Array.from({ length: slideCount }, (_, i) => {
              const member = team[i];
              const visible = i >= carousel.firstVisible && i < carousel.firstVisible + 2;
              return (
                <Box key={i} flex="0 0 50%" px="2" aria-hidden={!visible} data-testid="carousel-slide">
                  {member ? (
                    <Box borderWidth="1px" borderRadius="md" overflow="hidden">
                      <Image src={`/media/people/team-${i + 1}.svg`} alt={member.name} htmlWidth="320" htmlHeight="240" width="100%" h="auto" loading="lazy" />
                      <Box p="3">
                        <Text fontWeight="semibold">{member.name}</Text>
                        <Text fontSize="sm" color="gray.600">
                          {t(member.role)}
                        </Text>
                      </Box>
                    </Box>
                  ) : (
                    <Flex
                      h="100%"
                      minH="200px"
                      align="center"
                      justify="center"
                      bg="gray.100"
                      borderRadius="md"
                      fontSize="4xl"
                      fontWeight="bold"
                      color="gray.500"
                    >
                      {formatDigits(i + 1, language)}
                    </Flex>
                  )}
                </Box>
              );
            })}
          </Flex>
        </Box>
        <IconButton aria-label={t('info.team.next')} variant="ghost" onClick={carousel.next}>
          <ChevronRight />
        </IconButton>
      </Flex>
      <HStack justify="center" gap="2" mt="3">
        {Array.from({ length: carousel.stops }, (_, i) => (
          <Box
            as="button"
            key={i}
            aria-label={t('info.team.show', { first: i * 2 + 1, second: i * 2 + 2 })}
            aria-current={i === carousel.stop}
            onClick={() => carousel.goTo(i)}
            w="3"
            h="3"
            borderRadius="full"
            bg={i === carousel.stop ? 'blue.600' : 'gray.300'}
          />
        ))}
      </HStack>
    </Box>
  );
}
