import { useEffect } from 'react';
import { isGraphQLErrors } from '../lib/data';
import { useSaveLessonPositionMutation, useSetLessonCompletedMutation } from '../features/player/api/player.generated';
import { useAnswerPracticeMutation, useSubmitAttemptMutation } from '../features/practice/api/practice.generated';
import { sendKeptChanges } from './kept-changes-round';

/** Sends what the phone kept, once for each `round`, and says whether anything is left (app/kept-changes.tsx). */
export default function KeptChangesSender({ round, onSent }: { round: number; onSent: (sent: boolean) => void }) {
  const [setCompleted] = useSetLessonCompletedMutation();
  const [savePosition] = useSaveLessonPositionMutation();
  const [answer] = useAnswerPracticeMutation();
  const [submit] = useSubmitAttemptMutation();
  useEffect(() => {
    void sendKeptChanges({
      progress: (change) =>
        change.kind === 'completed'
          ? setCompleted({ variables: { lessonId: change.lessonId, completed: change.completed } })
          : savePosition({ variables: { lessonId: change.lessonId, seconds: change.seconds } }),
      refusedForGood: isGraphQLErrors,
      answer: (kept) => answer({ variables: { attemptId: kept.attemptId, questionId: kept.questionId, optionId: kept.optionId } }),
      finish: (attemptId) => submit({ variables: { attemptId } }),
    }).then(onSent, () => onSent(false));
    // One round for each time the app asks; the senders and the callback do not start one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);
  return null;
}
