import { Image } from '@chakra-ui/react';

/** The picture that goes with a question, as wide as the screen allows and never taller than a phone can show with its options. */
export function QuestionPicture({ src, alt }: { src: string | null | undefined; alt: string }) {
  if (!src) return null;
  return (
    <Image
      src={src}
      alt={alt}
      maxW="100%"
      maxH="320px"
      objectFit="contain"
      alignSelf="start"
      borderWidth="1px"
      borderRadius="md"
      bg="white"
      loading="lazy"
      data-testid="question-picture"
    />
  );
}
