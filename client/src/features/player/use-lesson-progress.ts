import { useCallback, useEffect, useState } from 'react';
import { isGraphQLErrors } from '../../lib/data';
import { forgetOlder, inOrder, keepChange, sendWaitingChanges, waitingChanges, type ProgressChange } from './progress-outbox';
import type { CoursePlayerQuery } from './api/player.generated';
import { useSaveLessonPositionMutation, useSetLessonCompletedMutation } from './api/player.generated';
import { describeError, errorFacts } from '../../lib/graphql-errors';
import { toaster } from '../../lib/toaster';
import { useT } from '../../lib/i18n';

type Progress = NonNullable<CoursePlayerQuery['enrollment']>['progress'];
type Certificate = NonNullable<NonNullable<CoursePlayerQuery['enrollment']>['certificate']>;

/**
 * Marking lessons done and saving positions; keeps the lesson list and the course progress current.
 * With no network a change is kept on the phone (progress-outbox.ts) and sent, in order, when the
 * network is back or the player is next opened.
 */
export function useLessonProgress(initial: Progress | null, initialCertificate: Certificate | null) {
  const t = useT();
  const [progress, setProgress] = useState<Progress | null>(initial);
  const [certificate, setCertificate] = useState<Certificate | null>(null);
  // Saves go one after another (inOrder), so the server sees them in the order they happened (the
  // last one decides where the player resumes).
  const [setCompleted] = useSetLessonCompletedMutation();
  const [savePosition] = useSaveLessonPositionMutation();
  // Lessons marked done or not on the phone, not yet on the server.
  const [waiting, setWaiting] = useState<ReadonlyMap<string, boolean>>(() => completionsOf(waitingChanges()));

  const send = useCallback(
    (change: ProgressChange) =>
      change.kind === 'completed'
        ? setCompleted({
            variables: { lessonId: change.lessonId, completed: change.completed },
            update(cache, result) {
              const answer = result.data?.setLessonCompleted;
              if (!answer) return;
              cache.modify({ id: cache.identify({ __typename: 'Lesson', id: change.lessonId }), fields: { completed: () => answer.completed } });
            },
          }).then(({ data }) => {
            if (!data) return;
            setProgress(data.setLessonCompleted.courseProgress);
            if (data.setLessonCompleted.certificate) setCertificate(data.setLessonCompleted.certificate);
          })
        : savePosition({
            variables: { lessonId: change.lessonId, seconds: change.seconds },
            update(cache) {
              cache.modify({ id: cache.identify({ __typename: 'Lesson', id: change.lessonId }), fields: { lastPosition: () => change.seconds } });
            },
          }).then(() => undefined),
    [setCompleted, savePosition],
  );

  // What the phone kept goes to the server in order; a change the server refuses (a quiz not passed,
  // a course no longer owned) is dropped, and the first one that finds no network stops the round.
  // The app sends them from any page too (app/kept-changes.tsx); in the same line, so nothing goes twice.
  const sendWaiting = useCallback(async () => {
    await sendWaitingChanges(send, isGraphQLErrors);
    setWaiting(completionsOf(waitingChanges()));
  }, [send]);
  useEffect(() => {
    void sendWaiting();
    const online = () => void sendWaiting();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [sendWaiting]);
  const keep = (change: ProgressChange) => {
    keepChange(change);
    setWaiting(completionsOf(waitingChanges()));
  };

  /**
   * Marks a lesson done or not; 'quizNotPassed' when the course requires the lesson's quiz to be
   * passed first; 'kept' with no network (it is sent later).
   */
  const markCompleted = async (lessonId: string, completed: boolean): Promise<'saved' | 'quizNotPassed' | 'kept' | 'failed'> => {
    const change: ProgressChange = { kind: 'completed', lessonId, completed };
    try {
      await inOrder(() => send(change));
      forgetOlder(change);
      setWaiting(completionsOf(waitingChanges()));
      return 'saved';
    } catch (error) {
      // The player says why and leads to the quiz itself.
      if (errorFacts(error).code === 'QUIZ_NOT_PASSED') return 'quizNotPassed';
      if (!isGraphQLErrors(error)) {
        keep(change);
        toaster.create({ title: t('player.keptOffline'), type: 'info' });
        return 'kept';
      }
      toaster.create({ title: t('player.saveFailed'), description: describeError(error, t).message, type: 'error' });
      return 'failed';
    }
  };

  const rememberPosition = (lessonId: string, seconds: number) => {
    const change: ProgressChange = { kind: 'position', lessonId, seconds };
    void inOrder(() => send(change)).then(
      () => forgetOlder(change),
      (error: unknown) => {
        if (!isGraphQLErrors(error)) keep(change);
      },
    );
  };

  /** Whether a lesson is done, as the phone knows it (a change not sent yet counts). */
  const isCompleted = (lesson: { id: string; completed: boolean }) => waiting.get(lesson.id) ?? lesson.completed;

  return { progress: progress ?? initial, certificate: certificate ?? initialCertificate, markCompleted, rememberPosition, isCompleted };
}

const completionsOf = (changes: ProgressChange[]) =>
  new Map(changes.flatMap((change) => (change.kind === 'completed' ? [[change.lessonId, change.completed] as const] : [])));
