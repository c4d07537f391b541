import { Image, type ImageProps } from '@chakra-ui/react';
import type { CourseCategory } from '../gql/types';
import { useCoursePicture } from './course-picture';

interface CourseImageProps extends Omit<ImageProps, 'src'> {
  src: string | null | undefined;
  category?: CourseCategory | null;
  /** Above the fold: loaded at once and first. */
  eager?: boolean;
}

/**
 * A course's picture on pages drawn with Chakra, 16:9 with its size known before it loads, so
 * nothing moves when it arrives. A missing picture, or one that fails to load, shows the category's
 * placeholder instead (course-picture.ts; the course cards draw theirs with it too).
 */
export function CourseImage({ src, category, eager = false, ...props }: CourseImageProps) {
  const picture = useCoursePicture(src, category);
  return (
    <Image
      {...picture}
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
