/** In a preview address: the course's first free preview lesson, whichever it is. */
export const FIRST_PREVIEW = 'first';

const admin = '/admin-dashboard';
const instructor = '/instructor-dashboard';

/**
 * Route paths and link builders: the one place the client's URLs are spelled. The route table
 * (app/router.tsx) reads its patterns from `routePatterns` below, links use `paths`; a test
 * (lib/paths.test.ts) fails when a component spells an internal address itself.
 */
export const paths = {
  home: '/',
  homeAlias: '/home',
  about: '/about',
  privacy: '/privacyAndPolicy',
  terms: '/termsAndCondition',
  refund: '/RefundPolicy',
  contact: '/contact',
  support: '/support',
  career: '/career',
  successStory: '/success-story',
  login: '/login',
  /** The sign-in page, coming back to `next` (an address of this site) once signed in. */
  loginThen: (next: string) => `/login?next=${encodeURIComponent(next)}`,
  signUp: '/signUp',
  search: '/search',
  blog: '/blog',
  addBlog: '/addblog',
  reviews: '/reviews',
  addReview: '/addReview',
  complain: '/complain',
  /** The footer's Complain Box: an old address that leads to /complain. */
  complainBox: '/complain-box',
  allCourses: '/allCourses',
  myProfile: '/myprofile',
  editProfile: '/editProfile',
  myCourses: '/mycourses',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  instructorDashboard: instructor,
  instructorProfile: `${instructor}/Profile`,
  instructorStudents: `${instructor}/all-student`,
  newCourse: `${instructor}/upload-course`,
  editCourse: (id: string) => `${instructor}/upload-course/${id}`,
  /** A course's lesson quizzes and their pass mark. */
  lessonQuizzes: (courseId: string) => `${instructor}/upload-course/${courseId}/quizzes`,
  /** The question bank of the author's courses (and the shared bank, for admins). */
  questionBank: `${instructor}/question-bank`,
  /** A course's question bank. */
  courseQuestionBank: (courseId: string) => `${instructor}/question-bank?course=${encodeURIComponent(courseId)}`,
  authoredModelTests: `${instructor}/model-tests`,
  coupons: `${instructor}/coupons`,
  instructorApiKeys: `${instructor}/api-keys`,
  announcements: `${instructor}/announcements`,
  newModelTest: `${instructor}/model-tests/new`,
  editModelTest: (id: string) => `${instructor}/model-tests/${id}`,
  adminDashboard: admin,
  allUsers: `${admin}/all-users`,
  allStudents: `${admin}/all-Student`,
  allInstructors: `${admin}/all-Instructor`,
  allAdmins: `${admin}/all-Admin`,
  adminInbox: `${admin}/inbox`,
  courseReview: `${admin}/course-review`,
  auditLog: `${admin}/audit-log`,
  adminPayments: `${admin}/payments`,
  adminBundles: `${admin}/bundles`,
  adminIntegrations: `${admin}/integrations`,
  course: (id: string) => `/course/${id}`,
  blogPost: (id: string) => `/blog/${id}`,
  certificate: (number: string) => `/certificate/${encodeURIComponent(number)}`,
  /** A payment's receipt (its buyer and admins); the server draws it (features/receipt/receipt-files.ts). */
  receipt: (paymentId: string) => `/receipts/${encodeURIComponent(paymentId)}`,
  /** The course page playing a free preview lesson: the one given, or its first one. */
  preview: (courseId: string, lessonId = FIRST_PREVIEW) => `/course/${courseId}?preview=${lessonId}`,
  details: (id: string) => `/details/${id}`,
  enroll: (id: string) => `/enroll/${id}`,
  /**
   * The player (spec: /myCoursePlay/{id}). Route matching ignores case, so the spelling the
   * spec gives My Courses' Start Course button (/myCourseplay/{id}) opens it too.
   */
  player: (courseId: string, lessonId?: string) => `/myCoursePlay/${courseId}${lessonId ? `?lesson=${encodeURIComponent(lessonId)}` : ''}`,
  searchFor: (text: string) => `/search?q=${encodeURIComponent(text)}`,
  modelTests: '/model-tests',
  modelTest: (id: string) => `/model-tests/${id}`,
  /** A bundle of courses sold together (drawn by the server too). */
  bundle: (id: string) => `/bundles/${id}`,
  attempt: (id: string) => `/attempts/${id}`,
  /** Practising by oneself: a set from chosen chapters (`?class=9&subject=physics` picks them). */
  practice: '/practice',
  savedQuestions: '/practice/saved',
  guardianPaid: '/guardian-pay/done',
  /** A guardian's payment page, from the SMS link a student had sent. */
  guardianPay: (token: string) => `/guardian-pay/${encodeURIComponent(token)}`,
} as const;

/** Route patterns with parameters, for the route table and `matchPath`. */
export const routePatterns = {
  course: '/course/:id',
  details: '/details/:id',
  blogPost: '/blog/:id',
  certificate: '/certificate/:number',
  receipt: '/receipts/:id',
  enroll: '/enroll/:id',
  player: '/myCoursePlay/:id',
  editCourse: `${instructor}/upload-course/:id`,
  lessonQuizzes: `${instructor}/upload-course/:id/quizzes`,
  editModelTest: `${instructor}/model-tests/:id`,
  modelTest: '/model-tests/:id',
  bundle: '/bundles/:id',
  attempt: '/attempts/:id',
  guardianPay: '/guardian-pay/:token',
} as const;
