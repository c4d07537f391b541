import { coursePrice } from '../../shared/money';
import type { Course } from './course.entity';

/**
 * A course as webhook events tell it: what a partner's catalogue needs, never drafts' notes. Its
 * prices as Money (`priceUsd`, `priceTaka`), and `price` in dollars as before (deprecated, as in GraphQL).
 */
export const courseEventData = (
  course: Pick<Course, 'id' | 'name' | 'price' | 'priceBDT' | 'instructor' | 'category' | 'classLevel' | 'language' | 'photoURL'>,
) => {
  // A row read straight from the database (`RETURNING *`) has its numeric price as text.
  const prices = { price: Number(course.price), priceBDT: Number(course.priceBDT) };
  return {
    courseId: course.id,
    name: course.name,
    price: prices.price,
    priceUsd: coursePrice(prices, 'usd'),
    priceTaka: coursePrice(prices, 'bdt'),
    instructor: course.instructor,
    category: course.category,
    classLevel: course.classLevel,
    language: course.language,
    photoURL: course.photoURL,
  };
};
