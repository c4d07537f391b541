import { useRef, useState } from 'react';
import type { CoursePlayerQuery } from './api/player.generated';
import { useSaveLessonPositionMutation, useSetLessonCompletedMutation } from './api/player.generated';
import { describeError, errorFacts } from '../../lib/graphql-errors';
import { toaster } from '../../lib/toaster';
import { useT } from '../../lib/i18n';

type Progress = NonNullable<CoursePlayerQuery['enrollment']>['progress'];
type Certificate = NonNullable<NonNullable<CoursePlayerQuery['enrollment']>['certificate']>;

/** Marking lessons done and saving positions; keeps the lesson list and the course progress current. */
export function useLessonProgress(initial: Progress | null, initialCertificate: Certificate | null) {
  const t = useT();
  const [progress, setProgress] = useState<Progress | null>(initial);
  const [certificate, setCertificate] = useState<Certificate | null>(null);
  // Saves go one after another, so the server sees them in the order they happened (the last one
  // decides where the player resumes).
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const inOrder = <T>(send: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(send, send);
    queue.current = next.catch(() => undefined);
    return next;
  };
  const [setCompleted] = useSetLessonCompletedMutation();
  const [savePosition] = useSaveLessonPositionMutation();

  /** Marks a lesson done or not; 'quizNotPassed' when the course requires the lesson's quiz to be passed first. */
  const markCompleted = async (lessonId: string, completed: boolean): Promise<'saved' | 'quizNotPassed' | 'failed'> => {
    try {
      const { data } = await inOrder(() =>
        setCompleted({
          variables: { lessonId, completed },
          update(cache, result) {
            const answer = result.data?.setLessonCompleted;
            if (!answer) return;
            cache.modify({ id: cache.identify({ __typename: 'Lesson', id: lessonId }), fields: { completed: () => answer.completed } });
          },
        }),
      );
      if (data) {
        setProgress(data.setLessonCompleted.courseProgress);
        if (data.setLessonCompleted.certificate) setCertificate(data.setLessonCompleted.certificate);
      }
      return 'saved';
    } catch (error) {
      // The player says why and leads to the quiz itself.
      if (errorFacts(error).code === 'QUIZ_NOT_PASSED') return 'quizNotPassed';
      toaster.create({ title: t('player.saveFailed'), description: describeError(error, t).message, type: 'error' });
      return 'failed';
    }
  };

  const rememberPosition = (lessonId: string, seconds: number) => {
    void inOrder(() =>
      savePosition({
        variables: { lessonId, seconds },
        update(cache) {
          cache.modify({ id: cache.identify({ __typename: 'Lesson', id: lessonId }), fields: { lastPosition: () => seconds } });
        },
      }),
    ).catch(() => undefined);
  };

  return { progress: progress ?? initial, certificate: certificate ?? initialCertificate, markCompleted, rememberPosition };
}
