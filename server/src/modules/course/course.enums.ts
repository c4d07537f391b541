import { registerEnumType } from 'type-graphql';

export enum CourseCategory {
  SCHOOL = 'SCHOOL',
  PROFESSIONAL = 'PROFESSIONAL',
}
registerEnumType(CourseCategory, {
  name: 'CourseCategory',
  description: 'School courses for classes 1 to 12, or professional skill courses',
  valuesConfig: {
    SCHOOL: { description: 'A school course for one of the classes 1 to 12 (classLevel says which)' },
    PROFESSIONAL: { description: 'A professional skill course' },
  },
});

/** The language a course is taught in. */
export enum CourseLanguage {
  BN = 'bn',
  EN = 'en',
}
registerEnumType(CourseLanguage, {
  name: 'CourseLanguage',
  description: 'The language a course is taught in: Bangla or English',
  valuesConfig: { BN: { description: 'Bangla (বাংলা)' }, EN: { description: 'English' } },
});

/** The four course sections of the home page. */
export enum HomeSection {
  FREE = 'FREE',
  PROFESSIONAL_SKILL = 'PROFESSIONAL_SKILL',
  TRENDING = 'TRENDING',
  CLASS_1_TO_12 = 'CLASS_1_TO_12',
}
registerEnumType(HomeSection, {
  name: 'HomeSection',
  description: 'A course section of the home page',
  valuesConfig: {
    FREE: { description: 'Free courses (price 0)' },
    PROFESSIONAL_SKILL: { description: 'Professional skill courses' },
    TRENDING: { description: 'Courses marked trending' },
    CLASS_1_TO_12: { description: 'School courses for classes 1 to 12' },
  },
});
