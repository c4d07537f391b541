/**
 * Answers a signed-in page keeps on the phone to show again with no network (My Courses). They
 * belong to the person signed in: they are all forgotten once nobody is (components/layout/app-worker-parts.tsx).
 */
const PREFIX = 'kept:';

export function keepAnswer(name: string, answer: unknown): void {
  try {
    localStorage.setItem(PREFIX + name, JSON.stringify(answer));
  } catch {
    // Storage full or refused: the page works online all the same.
  }
}

export function keptAnswer<T>(name: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + name) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

export function forgetKeptAnswer(name: string): void {
  try {
    localStorage.removeItem(PREFIX + name);
  } catch {
    // No storage: nothing was kept.
  }
}

export function forgetKeptAnswers(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // No storage: nothing was kept.
  }
}
