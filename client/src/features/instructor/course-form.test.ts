import { emptyCourseForm, minutesToSeconds, moveLesson, newLessonRow, secondsToMinutes, toCourseInput } from './course-form';

describe('the course form', () => {
  it('sends key points one per line, the price as a number and a class only for school courses', () => {
    const form = { ...emptyCourseForm(), name: 'Algebra', priceBDT: '1500', price: '12.5', keyPoints: ' Sets \n\nFunctions ', classLevel: '9' };
    expect(toCourseInput(form)).toMatchObject({ name: 'Algebra', price: 12.5, keyPoints: ['Sets', 'Functions'], classLevel: null, category: 'PROFESSIONAL' });
    expect(toCourseInput({ ...form, category: 'SCHOOL' }).classLevel).toBe(9);
  });

  it('sends the language the course is taught in, English unless chosen', () => {
    expect(toCourseInput(emptyCourseForm()).language).toBe('EN');
    expect(toCourseInput({ ...emptyCourseForm(), language: 'BN' }).language).toBe('BN');
  });

  it('sends the taka price as a whole number, and the dollar price or none for the server to propose from the taka', () => {
    expect(toCourseInput({ ...emptyCourseForm(), price: '12', priceBDT: '1450' })).toMatchObject({ priceBDT: 1450, price: 12 });
    expect(toCourseInput({ ...emptyCourseForm(), price: ' ', priceBDT: '1450' })).toMatchObject({ priceBDT: 1450, price: null });
    expect(emptyCourseForm()).toMatchObject({ priceBDT: '0', price: '' });
  });

  it("sends each lesson's free preview flag and its length in seconds, unknown when left empty", () => {
    const form = { ...emptyCourseForm(), lessons: [newLessonRow({ title: 'A', preview: true, minutes: '9.5' }), newLessonRow({ title: 'B' })] };
    expect(toCourseInput(form).lessons).toEqual([
      { id: null, title: 'A', videoURL: '', preview: true, durationSeconds: 570 },
      { id: null, title: 'B', videoURL: '', preview: false, durationSeconds: null },
    ]);
    expect(minutesToSeconds(' 12 ')).toBe(720);
    expect(minutesToSeconds('ten')).toBe(0);
    expect(secondsToMinutes(570)).toBe('9.5');
    expect(secondsToMinutes(null)).toBe('');
  });

  it('moves lessons up and down, not past the ends', () => {
    const lessons = [newLessonRow({ title: 'A' }), newLessonRow({ title: 'B' }), newLessonRow({ title: 'C' })];
    expect(moveLesson(lessons, 2, -1).map((l) => l.title)).toEqual(['A', 'C', 'B']);
    expect(moveLesson(lessons, 0, -1)).toBe(lessons);
    expect(moveLesson(lessons, 2, 1)).toBe(lessons);
  });
});
