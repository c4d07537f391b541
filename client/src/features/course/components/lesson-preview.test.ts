import { lessonToPreview } from '../lesson-to-preview';

const lessons = [
  { id: 'a', preview: false },
  { id: 'b', preview: true },
  { id: 'c', preview: true },
];

describe('the lesson a preview address asks for', () => {
  it('is the first free preview for "first", the lesson named by an id, or nothing asked', () => {
    expect(lessonToPreview(lessons, 'first')).toEqual({ id: 'b', preview: true });
    expect(lessonToPreview(lessons.slice(0, 1), 'first')).toBeUndefined();
    expect(lessonToPreview(lessons, 'a')).toEqual({ id: 'a', preview: false });
    expect(lessonToPreview(lessons, 'unknown')).toBeNull();
    expect(lessonToPreview(lessons, null)).toBeUndefined();
  });
});
