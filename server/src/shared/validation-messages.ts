/**
 * The limit each "at most N characters" message names, so a failed input rule can answer
 * TEXT_TOO_LONG with `max` as data (validation.ts inputError) and the client words it itself.
 * Keyed by the message (a few dozen labels and limits: bounded).
 */
const textLimits = new Map<string, number>();
export const textLimitOf = (message: string): number | undefined => textLimits.get(message);
function remembered(message: string, max: number): string {
  textLimits.set(message, max);
  return message;
}

/**
 * Every message the input rules give, in one place. `{n}` in a message is the 1-based position of
 * the list item it is about ("Lesson {n} needs a title"), filled in when the error is reported.
 */
export const validationMessages = {
  required: (label: string) => `${label} is required`,
  atMost: (label: string, max: number) => remembered(`${label} must be at most ${max} characters`, max),
  atLeast: (label: string, min: number) => `${label} must be at least ${min} characters`,
  startsWithHttps: (label: string) => `${label} must start with https://`,
  webAddress: (label: string) => `${label} must be a web address`,
  wholeNumberRange: (name: string, min: number, max: number) => `${name} must be a whole number from ${min} to ${max}`,

  email: 'Enter a valid email address',
  phone: 'Enter a valid phone number',
  birthDate: 'Enter a valid date of birth',
  commonPassword: 'This password is one of the most common ones. Choose one that is harder to guess.',
  selectRole: 'You should select your role',
  emptyFields: 'Please fill up all the fields',

  coursePrice: (max: number) => `Price must be from 0 to ${max} dollars, with at most 2 decimals`,
  takaPrice: (max: number) => `The taka price must be a whole number from 0 to ${max.toLocaleString('en-IN')}`,
  giveAPrice: 'Give the price in taka (0 for a free course)',
  freeInBothCurrencies: 'A free course is free in both currencies: set both prices to 0, or neither',
  chooseCategory: 'Choose school or professional',
  schoolClass: 'A school course needs a class from 1 to 12',
  noClassForProfessional: 'A professional course has no class',
  keyPoints: (count: number, length: number) => `At most ${count} key points of ${length} characters each`,
  atLeastOneLesson: 'Add at least one lesson',
  atMostLessons: (max: number) => `At most ${max} lessons`,
  lessonTitle: 'Lesson {n} needs a title',
  lessonLength: 'Lesson {n}: the length must be from 1 second to 24 hours',

  rating: 'Choose a rating from 1 to 5 stars',
  reviewText: 'Write a few words about the course',

  chooseCard: 'Choose a card to pay with',
  tooLong: (name: string) => `${name} is too long`,
} as const;
