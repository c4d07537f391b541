import type { DataSource } from 'typeorm';
import { AppError, notFound } from '../../shared/errors';
import { isUuid } from '../../shared/validation';
import type { Viewer } from '../../kernel/viewer';
import { User } from '../user/user.entity';
import { LiveExamReminder, LiveExamResultsDeclined, ReminderChannel } from './live-exam-reminder.entity';
import { ModelTest } from './model-test.entity';
import { MODEL_TEST_NOT_FOUND } from './model-test.service';
import { requireTestAccess } from './attempt.service';

export const TEST_NOT_SCHEDULED = 'Reminders are only for a live exam that has not opened yet';
export const NO_CONFIRMED_PHONE = 'Confirm your mobile number in your profile first: SMS reminders go only to a confirmed number';
export const NO_CONFIRMED_EMAIL = 'Confirm your email address first: email reminders go only to a confirmed address';

/** A published test that opens later: the only kind a reminder is for. */
async function upcomingTest(db: DataSource, testId: string): Promise<ModelTest> {
  const test = isUuid(testId) ? await db.getRepository(ModelTest).findOneBy({ id: testId, published: true }) : null;
  if (!test) throw notFound(MODEL_TEST_NOT_FOUND, 'MODEL_TEST_NOT_FOUND');
  if (!test.opensAt || test.opensAt.getTime() <= Date.now()) throw new AppError('TEST_NOT_SCHEDULED', TEST_NOT_SCHEDULED);
  return test;
}

/**
 * A student asks to be reminded of a live exam one hour and ten minutes before it opens, by SMS to
 * their confirmed number or by email to their confirmed address; asking again changes the channel.
 * Only a student who may take the test is reminded of it (a course's test: its students).
 */
export async function remindMe(db: DataSource, viewer: Viewer, testId: string, channel: ReminderChannel): Promise<LiveExamReminder> {
  const test = await upcomingTest(db, testId);
  await requireTestAccess(db, viewer, test);
  const user = await db.getRepository(User).findOne({
    where: { id: viewer.id },
    select: { id: true, email: true, emailVerifiedAt: true, phone: true, phoneConfirmedAt: true },
  });
  if (channel === ReminderChannel.SMS && !(user?.phone && user.phoneConfirmedAt)) throw new AppError('PHONE_NOT_CONFIRMED', NO_CONFIRMED_PHONE);
  if (channel === ReminderChannel.EMAIL && !(user?.email && user.emailVerifiedAt)) throw new AppError('EMAIL_NOT_CONFIRMED', NO_CONFIRMED_EMAIL);
  const reminders = db.getRepository(LiveExamReminder);
  await reminders.upsert({ userId: viewer.id, testId: test.id, channel }, ['userId', 'testId']);
  return reminders.findOneByOrFail({ userId: viewer.id, testId: test.id });
}

/** Takes a reminder back; false when there was none. A test already open or gone has nothing left to remind of. */
export async function cancelReminder(db: DataSource, viewer: Viewer, testId: string): Promise<boolean> {
  if (!isUuid(testId)) throw notFound(MODEL_TEST_NOT_FOUND, 'MODEL_TEST_NOT_FOUND');
  const result = await db.getRepository(LiveExamReminder).delete({ userId: viewer.id, testId });
  return (result.affected ?? 0) > 0;
}

/** The viewer's reminder of a test, if they asked for one. */
export async function reminderOf(db: DataSource, viewer: Viewer | null, testId: string): Promise<LiveExamReminder | null> {
  if (!viewer) return null;
  return db.getRepository(LiveExamReminder).findOneBy({ userId: viewer.id, testId });
}

/** Whether live exams' results are sent to the viewer once they close (by default they are). */
export async function sendsLiveExamResults(db: DataSource, viewer: Viewer): Promise<boolean> {
  return !(await db.getRepository(LiveExamResultsDeclined).existsBy({ userId: viewer.id }));
}

/** The viewer's choice to be sent live exams' results, or not; answers the choice now kept. */
export async function setSendsLiveExamResults(db: DataSource, viewer: Viewer, send: boolean): Promise<boolean> {
  const declined = db.getRepository(LiveExamResultsDeclined);
  if (send) await declined.delete({ userId: viewer.id });
  else await declined.upsert({ userId: viewer.id }, ['userId']);
  return send;
}
