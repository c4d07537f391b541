/**
 * A line of work that runs one piece at a time, in the order asked: a piece asked for while another
 * runs starts after it, whether that one succeeded or failed. Each call answers its own piece's result.
 */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let line: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = line.then(work, work);
    line = next.catch(() => undefined);
    return next;
  };
}
