import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A countdown that runs `onDone` when it reaches zero: `start` begins it, `cancel` stops it.
 * `secondsLeft` is null while none runs.
 */
export function useCountdown(seconds: number) {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const action = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (secondsLeft === null) return;
    if (secondsLeft === 0) {
      const run = action.current;
      action.current = null;
      setSecondsLeft(null);
      run?.();
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((left) => (left === null ? null : left - 1)), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const start = useCallback(
    (onDone: () => void) => {
      action.current = onDone;
      setSecondsLeft(seconds);
    },
    [seconds],
  );
  const cancel = useCallback(() => {
    action.current = null;
    setSecondsLeft(null);
  }, []);
  return { secondsLeft, start, cancel };
}
