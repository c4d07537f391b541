import { filterLessons, initialLesson, lessonLabel, neighbour } from './player-logic';

const lessons = [
  { id: 'a', title: 'Sets and their notation', completed: false, lastPosition: 0 },
  { id: 'b', title: 'Functions', completed: false, lastPosition: 0 },
  { id: 'c', title: 'Graphs of functions', completed: false, lastPosition: 0 },
];

describe('the course player', () => {
  it('cuts a lesson title at 60 characters', () => {
    expect(lessonLabel('x'.repeat(61))).toBe(`${'x'.repeat(60)}...`);
    expect(lessonLabel('Short title')).toBe('Short title');
  });

  it('filters the lesson list by the search text, whatever the case', () => {
    expect(filterLessons(lessons, 'FUNCTION').map((l) => l.id)).toEqual(['b', 'c']);
    expect(filterLessons(lessons, '  ').map((l) => l.id)).toEqual(['a', 'b', 'c']);
  });

  it('moves to the previous and next lesson, stopping at the ends', () => {
    expect(neighbour(lessons, 'b', 1)?.id).toBe('c');
    expect(neighbour(lessons, 'b', -1)?.id).toBe('a');
    expect(neighbour(lessons, 'c', 1)).toBeNull();
    expect(neighbour(lessons, 'a', -1)).toBeNull();
    expect(neighbour(lessons, null, 1)).toBeNull();
  });

  it('opens on the lesson in the address, else the one studied last, else the first lesson', () => {
    expect(initialLesson(lessons, null, null)).toBe('a');
    expect(initialLesson(lessons, null, 'b')).toBe('b');
    expect(initialLesson(lessons, 'c', 'b')).toBe('c');
    expect(initialLesson(lessons, 'unknown', 'b')).toBe('b');
    expect(initialLesson(lessons, 'unknown', 'gone')).toBe('a');
    expect(initialLesson([], null, null)).toBeNull();
  });
});
