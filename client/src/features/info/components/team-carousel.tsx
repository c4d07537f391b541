import { Box, Flex, HStack, IconButton, Image, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCarousel } from './use-carousel';

export const team = [
  { name: 'Anisul Hoque', role: 'Physics and mathematics' },
  { name: 'Farhana Rahman', role: 'Chemistry and biology' },
  { name: 'Tanvir Ahmed', role: 'Programming' },
  { name: 'Nusrat Jahan', role: 'English' },
  { name: 'Rafiqul Islam', role: 'Mathematics' },
  { name: 'Sabrina Chowdhury', role: 'Design' },
];
/** Numbered placeholder slides follow the team, as on the original page. */
const PLACEHOLDER_SLIDES = 2;
export const SLIDE_SPEED_MS = 500;

export function TeamCarousel() {
  const slideCount = team.length + PLACEHOLDER_SLIDES;
  const carousel = useCarousel(slideCount, 2, 2);
  return (
    <Box role="region" aria-roledescription="carousel" aria-label="Our team">
      <Flex align="center" gap="2">
        <IconButton aria-label="Previous slides" variant="ghost" onClick={carousel.previous}>
          <ChevronLeft />
        </IconButton>
        <Box overflow="hidden" flex="1">
          <Flex
            transition={`transform ${SLIDE_SPEED_MS}ms ease`}
            transform={`translateX(-${carousel.firstVisible * 50}%)`}
            data-testid="carousel-track"
          >
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
                          {member.role}
                        </Text>
                      </Box>
                    </Box>
                  ) : (
                    <Flex h="100%" minH="200px" align="center" justify="center" bg="gray.100" borderRadius="md" fontSize="4xl" fontWeight="bold" color="gray.500">
                      {i + 1}
                    </Flex>
                  )}
                </Box>
              );
            })}
          </Flex>
        </Box>
        <IconButton aria-label="Next slides" variant="ghost" onClick={carousel.next}>
          <ChevronRight />
        </IconButton>
      </Flex>
      <HStack justify="center" gap="2" mt="3">
        {Array.from({ length: carousel.stops }, (_, i) => (
          <Box
            as="button"
            key={i}
            aria-label={`Show slides ${i * 2 + 1} and ${i * 2 + 2}`}
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
