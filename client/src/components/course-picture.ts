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

/**
 * The `src`, `ref` and `onError` of a course's picture: its own, or the category's placeholder when
 * it has none or it fails to load.
 */
export function useCoursePicture(src: string | null | undefined, category: CourseCategory | null | undefined) {
  const [failed, setFailed] = useState<string | null>(null);
  const placeholder = coursePlaceholder(category);
  const shown = src && failed !== src ? src : placeholder;
  const fail = () => {
    if (src) setFailed(src);
  };
  return {
    src: shown,
    // A picture that failed before the scripts took over the server's page sent its error to nobody.
    ref: (img: HTMLImageElement | null) => {
      if (img && shown !== placeholder && broken(img)) fail();
    },
    onError: fail,
  };
}
