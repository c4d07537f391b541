import { useState } from 'react';

/**
 * A looping carousel that shows `perView` slides and moves `scroll` slides at a time:
 * one dot per stop, Next on the last stop goes back to the first and Previous the other way.
 */
export function useCarousel(slideCount: number, perView = 2, scroll = 2) {
  const stops = Math.max(1, Math.ceil((slideCount - perView) / scroll) + 1);
  const [stop, setStop] = useState(0);
  return {
    stops,
    stop,
    firstVisible: Math.min(stop * scroll, Math.max(0, slideCount - perView)),
    next: () => setStop((s) => (s + 1) % stops),
    previous: () => setStop((s) => (s - 1 + stops) % stops),
    goTo: (target: number) => setStop(((target % stops) + stops) % stops),
  };
}
