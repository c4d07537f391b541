import { forgetChange, forgetOlder, keepChange, waitingChanges } from './progress-outbox';

describe('the progress kept on the phone with no network', () => {
  beforeEach(() => localStorage.clear());

  it('keeps one change per lesson and kind, the newest, in the order they happened', () => {
    keepChange({ kind: 'position', lessonId: 'a', seconds: 10 });
    keepChange({ kind: 'completed', lessonId: 'a', completed: true });
    keepChange({ kind: 'position', lessonId: 'a', seconds: 40 });
    keepChange({ kind: 'completed', lessonId: 'b', completed: true });
    expect(waitingChanges()).toEqual([
      { kind: 'completed', lessonId: 'a', completed: true },
      { kind: 'position', lessonId: 'a', seconds: 40 },
      { kind: 'completed', lessonId: 'b', completed: true },
    ]);
  });

  it('forgets a change once sent, but not a newer one of the same lesson that came meanwhile', () => {
    const sent = { kind: 'completed', lessonId: 'a', completed: true } as const;
    keepChange(sent);
    keepChange({ kind: 'completed', lessonId: 'a', completed: false });
    forgetChange(sent);
    expect(waitingChanges()).toEqual([{ kind: 'completed', lessonId: 'a', completed: false }]);
  });

  it('forgets the older changes of a lesson when a newer one reached the server', () => {
    keepChange({ kind: 'completed', lessonId: 'a', completed: true });
    keepChange({ kind: 'position', lessonId: 'a', seconds: 5 });
    forgetOlder({ kind: 'completed', lessonId: 'a', completed: false });
    expect(waitingChanges()).toEqual([{ kind: 'position', lessonId: 'a', seconds: 5 }]);
    forgetOlder({ kind: 'position', lessonId: 'a', seconds: 9 });
    expect(localStorage.length).toBe(0);
  });
});
