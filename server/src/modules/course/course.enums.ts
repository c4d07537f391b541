import { registerEnumType } from 'type-graphql';

export enum CourseCategory {
  SCHOOL = 'SCHOOL',
  PROFESSIONAL = 'PROFESSIONAL',
}
registerEnumType(CourseCategory, {
  name: 'CourseCategory',
  description: 'School courses for classes 1 to 12, or professional skill courses',
});

/** The language a course is taught in. */
export enum CourseLanguage {
  BN = 'bn',
  EN = 'en',
}
registerEnumType(CourseLanguage, { name: 'CourseLanguage', description: 'The language a course is taught in: Bangla or English' });

/** The four course sections of the home page. */
export enum HomeSection {
  FREE = 'FREE',
  PROFESSIONAL_SKILL = 'PROFESSIONAL_SKILL',
  TRENDING = 'TRENDING',
  CLASS_1_TO_12 = 'CLASS_1_TO_12',
}
registerEnumType(HomeSection, { name: 'HomeSection', description: 'A course section of the home page' });
