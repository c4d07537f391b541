import type { DataSource, EntityManager } from 'typeorm';
import { Blog } from '../../modules/blog/blog.entity';
import { Course } from '../../modules/course/course.entity';
import { CourseLanguage } from '../../modules/course/course.enums';
import { Lesson } from '../../modules/course/lesson.entity';
import { Review } from '../../modules/review/review.entity';
import { DEFAULT_USD_TO_BDT, proposeTakaPrice } from '../../shared/money';
import { demoBlogs, demoCourses, demoReviews } from './catalogue';
import { seedPractice } from '../../modules/practice/practice-seed';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');

/**
 * Demo lessons play small video files served with the site (so the player works offline); the last
 * lesson of each course is an embedded video, as lessons in the old catalogue were.
 */
function demoVideoURL(index: number, count: number): string {
  if (index === count - 1) return 'https://www.youtube.com/embed/ysz5S6PUM-U';
  return `/media/videos/lesson-${(index % 4) + 1}.webm`;
}

/** Creation times one minute apart, so "newest first" lists the demo data in its written order. */
function staggered(index: number, base: number): Date {
  return new Date(base - index * 60_000);
}

async function seedCatalogue(manager: EntityManager, base: number): Promise<void> {
  // Paid courses first (newest), so the home sections other than Free do not repeat the free ones.
  const ordered = [...demoCourses.filter((c) => c.price > 0), ...demoCourses.filter((c) => c.price === 0)];
  for (const [index, demo] of ordered.entries()) {
    const course = await manager.getRepository(Course).save({
      name: demo.name,
      description: demo.description,
      price: demo.price,
      priceBDT: proposeTakaPrice(demo.price, DEFAULT_USD_TO_BDT),
      photoURL: `/media/courses/${demo.image}.svg`,
      ratings: `${demo.rating} ratings out of 5`,
      instructor: demo.instructor,
      instructorEmail: `${demo.instructorEmailName ?? slug(demo.instructor)}@shikhon.example`,
      language: demo.language ?? CourseLanguage.EN,
      keyPoints: demo.keyPoints,
      targetedPeoples: demo.targetedPeoples,
      whyNeed: demo.whyNeed,
      category: demo.category,
      classLevel: demo.classLevel ?? null,
      trending: demo.trending ?? false,
      published: true,
      createdAt: staggered(index, base),
    });
    await manager.getRepository(Lesson).insert(
      demo.lessons.map((title, i) => ({
        courseId: course.id,
        title,
        position: i + 1,
        videoURL: demoVideoURL(i, demo.lessons.length),
        // Each demo course opens with a free preview, so visitors can try it.
        preview: i === 0,
      })),
    );
  }
}

/** Fills an empty database with the demo catalogue, reviews and blogs; a database with courses is left alone. */
export async function seedDemoData(db: DataSource): Promise<boolean> {
  return db.transaction(async (manager) => {
    // One seeder at a time, even with several server copies starting together.
    await manager.query('SELECT pg_advisory_xact_lock(424242)');
    if ((await manager.getRepository(Course).count()) > 0) return false;
    const base = Date.now();
    await seedCatalogue(manager, base);
    await manager
      .getRepository(Review)
      .insert(demoReviews.map((review, i) => ({ ...review, img: `/media/people/${review.img}.svg`, createdAt: staggered(i, base) })));
    await manager.getRepository(Blog).insert(demoBlogs.map((blog, i) => ({ ...blog, img: `/media/blog/${blog.img}.svg`, createdAt: staggered(i, base) })));
    await seedPractice(manager);
    return true;
  });
}
