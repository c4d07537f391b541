import { studyState } from './study-state';

describe('where a student stands in a course', () => {
  it('is new until a lesson is opened, started after, completed when every lesson is done', () => {
    expect(studyState({ completed: 0, total: 7 }, null)).toBe('new');
    expect(studyState({ completed: 0, total: 7 }, '2026-11-23T10:00:00Z')).toBe('started');
    expect(studyState({ completed: 3, total: 7 }, '2026-11-23T10:00:00Z')).toBe('started');
    expect(studyState({ completed: 7, total: 7 }, '2026-11-23T10:00:00Z')).toBe('completed');
    expect(studyState({ completed: 0, total: 0 }, null)).toBe('new');
  });
});
