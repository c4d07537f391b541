import type { DataSource } from 'typeorm';
import { DEFAULT_USD_TO_BDT, proposeTakaPrice } from '../shared/money';
import { Course } from '../modules/course/course.entity';
import { CourseCategory } from '../modules/course/course.enums';
import { Lesson } from '../modules/course/lesson.entity';
import { hashPassword } from '../modules/auth/password';
import { Role } from '../kernel/role';
import { User } from '../modules/user/user.entity';

let sequence = 0;

/** A valid published course (with two lessons unless told otherwise); override any field. */
export async function makeCourse(db: DataSource, overrides: Partial<Course> = {}, lessonTitles: string[] = ['Welcome', 'First steps']): Promise<Course> {
  sequence += 1;
  const course = await db.getRepository(Course).save({
    name: `Course ${sequence}`,
    description: `A description of course ${sequence}`,
    price: 10,
    priceBDT: proposeTakaPrice(overrides.price ?? 10, DEFAULT_USD_TO_BDT),
    photoURL: '/media/courses/math.svg',
    ratings: '4.5 ratings out of 5',
    instructor: 'Test Instructor',
    instructorEmail: 'instructor@example.com',
    keyPoints: ['One', 'Two'],
    targetedPeoples: 'Everyone',
    whyNeed: 'Because',
    category: CourseCategory.PROFESSIONAL,
    classLevel: null,
    trending: false,
    published: true,
    createdAt: new Date(Date.UTC(2026, 0, 1) + sequence * 1000),
    ...overrides,
  });
  await db
    .getRepository(Lesson)
    .insert(lessonTitles.map((title, i) => ({ courseId: course.id, title, position: i + 1, videoURL: `https://video.example/${course.id}/${i + 1}` })));
  return course;
}

let userSequence = 0;
const passwordHashes = new Map<string, Promise<string>>();

/**
 * A valid account (student unless told otherwise) whose password is `password`, with a confirmed
 * address; an instructor is approved to publish unless told otherwise.
 */
export async function makeUser(db: DataSource, overrides: Partial<User> = {}, password = 'correct horse battery'): Promise<User & { email: string }> {
  userSequence += 1;
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  return db.getRepository(User).save({
    name: `Learner ${userSequence}`,
    email: `learner${userSequence}@example.com`,
    passwordHash: await passwordHashes.get(password)!,
    phone: '+880 1711-123456',
    date: '2005-05-05',
    role: Role.STUDENT,
    image: '/media/people/student.svg',
    emailVerifiedAt: new Date(),
    instructorApprovedAt: overrides.role === Role.INSTRUCTOR ? new Date() : null,
    ...overrides,
  }) as Promise<User & { email: string }>;
}
