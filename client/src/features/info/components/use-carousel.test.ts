import { act, renderHook } from '@testing-library/react';
import { useCarousel } from './use-carousel';

describe('the team carousel', () => {
  it('shows two slides, moves two at a time and loops both ways', () => {
    const { result } = renderHook(() => useCarousel(8, 2, 2));
    expect(result.current.stops).toBe(4);
    expect(result.current.firstVisible).toBe(0);
    act(() => result.current.next());
    expect(result.current.firstVisible).toBe(2);
    act(() => result.current.goTo(3));
    expect(result.current.firstVisible).toBe(6);
    act(() => result.current.next());
    expect(result.current.firstVisible).toBe(0);
    act(() => result.current.previous());
    expect(result.current.firstVisible).toBe(6);
  });

  it('never scrolls past the last slide when the count is odd', () => {
    const { result } = renderHook(() => useCarousel(7, 2, 2));
    expect(result.current.stops).toBe(4);
    act(() => result.current.goTo(3));
    expect(result.current.firstVisible).toBe(5);
  });
});
