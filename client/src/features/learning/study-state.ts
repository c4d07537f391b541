/** Where a student stands in a course: not begun, on the way, or every lesson done. */
export type StudyState = 'new' | 'started' | 'completed';

export function studyState(progress: { completed: number; total: number }, lastStudiedAt: string | null): StudyState {
  if (progress.total > 0 && progress.completed >= progress.total) return 'completed';
  return progress.completed > 0 || lastStudiedAt !== null ? 'started' : 'new';
}
