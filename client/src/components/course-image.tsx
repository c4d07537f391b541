import { Image, type ImageProps } from '@chakra-ui/react';
import { useState } from 'react';
import type { CourseCategory } from '../gql/types';

/** A neutral picture for a course without one, or whose picture did not load: by its category. */
export function coursePlaceholder(category: CourseCategory | null | undefined): string {
  if (category === 'SCHOOL') return '/media/courses/placeholder-school.svg';
  if (category === 'PROFESSIONAL') return '/media/courses/placeholder-professional.svg';
  return '/media/courses/placeholder-course.svg';
}

/** Whether an image element has given up: loaded nothing it can draw. */
const broken = (img: HTMLImageElement) => img.complete && img.naturalWidth === 0 && img.currentSrc !== '';

interface CourseImageProps extends Omit<ImageProps, 'src'> {
  src: string | null | undefined;
  category?: CourseCategory | null;
  /** Above the fold: loaded at once and first. */
  eager?: boolean;
}

/**
 * A course's picture, 16:9 with its size known before it loads, so nothing moves when it arrives.
 * A missing picture, or one that fails to load, shows the category's placeholder instead.
 */
export function CourseImage({ src, category, eager = false, ...props }: CourseImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const placeholder = coursePlaceholder(category);
  const shown = src && failed !== src ? src : placeholder;
  const fail = () => {
    if (src) setFailed(src);
  };
  return (
    <Image
      src={shown}
      // A picture that failed before the scripts took over the server's page sent its error to nobody.
      ref={(img: HTMLImageElement | null) => {
        if (img && shown !== placeholder && broken(img)) fail();
      }}
      onError={fail}
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
