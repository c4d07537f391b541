/**
 * Every user-facing text the specification quotes, word for word, in one place so each text has
 * one home (and can be translated). Components import from here; tests check these strings.
 */
export const messages = {
  loading: 'loading...',
  searchNoResults: 'No course found with your query!',
  subscribeThanks: 'Thanks for subscribing!',
  contactEmptyTitle: 'Please fill up all the fields',
  contactEmptyText: 'Your Input fields is Empty!',
  contactSentTitle: 'Massage Sent Successfully!',
  contactSentText: 'We will get back to you as soon as Possiable!',
  orderPlaced: 'Order placed! You will receive an email confirmation.',
  orderCanceled: "Order canceled -- continue to shop around and checkout when you're ready.",
  selectRole: 'You should select your role',
  forgotPasswordEmpty: 'Please, write your email id.',
  forgotPasswordSent: 'Your forgotten password email is send',
  makeAdminFailed: 'Failed to Make an admin',
  makeAdminDone: 'Successfully made an admin',
  adminRemoved: (name: string) => `Admin: ${name} is deleted.`,
  /** Before Remove Admin: the spec's toast says "deleted", but only the role goes. */
  removeAdminConfirm: (name: string) =>
    `Remove the admin role of ${name}? The account is demoted to the role it had before (student or instructor), not deleted.`,
  paymentFailed: 'Payment was not successful',
  paymentDone: 'Payment was successful',
  paymentHeld: 'Your payment is received and is being checked. You get the course as soon as it is approved.',
  paymentPending: 'Your payment is being confirmed. The course appears in My Courses as soon as it is.',
  noUserLoggedIn: 'No user is logged in',
  selectVideo: 'Please select a video to play!',
} as const;

/** The home page's course sections, in the order the page shows them. */
export const homeSectionTitles = {
  FREE: 'Start your Learning with our Free Courses',
  PROFESSIONAL_SKILL: 'Courses for Professional Skill Development',
  TRENDING: 'Trending Courses',
  CLASS_1_TO_12: 'Courses for Class 1 to 12',
} as const;

/** The language a course is taught in, by its name in that language; `lang` for the element that shows it. */
export const courseLanguageLabels = {
  BN: { label: 'বাংলা', lang: 'bn' },
  EN: { label: 'English', lang: 'en' },
} as const;
/** The texts around a course's language: "Language: বাংলা" on cards and pages, the catalogue filter, the editor's field. */
export const courseLanguageTexts = {
  prefix: 'Language:',
  filter: 'Language',
  any: 'Any language',
  field: 'Language of teaching',
} as const;

export const supportToast = 'Opening our live support session in a new tab';
export const loadFailed = 'We could not load this. Check your connection and try again.';
