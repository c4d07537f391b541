import { Image, type ImageProps } from '@chakra-ui/react';
import { courseImageFallback } from '../lib/paths';

interface CourseImageProps extends Omit<ImageProps, 'src'> {
  src: string | null | undefined;
  /** Above the fold: loaded at once and first. */
  eager?: boolean;
}

/** A course's picture, 16:9 with its size known before it loads, so nothing moves when it arrives. */
export function CourseImage({ src, eager = false, ...props }: CourseImageProps) {
  return (
    <Image
      src={src || courseImageFallback}
      htmlWidth="640"
      htmlHeight="360"
      width="100%"
      aspectRatio={16 / 9}
      objectFit="cover"
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      {...props}
    />
  );
}
