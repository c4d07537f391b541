/** In a preview address: the course's first free preview lesson, whichever it is. */
export const FIRST_PREVIEW = 'first';

/** Route paths and link builders: the one place the client's URLs are spelled. */
export const paths = {
  home: '/',
  about: '/about',
  privacy: '/privacyAndPolicy',
  terms: '/termsAndCondition',
  refund: '/RefundPolicy',
  contact: '/contact',
  login: '/login',
  signUp: '/signUp',
  search: '/search',
  blog: '/blog',
  addBlog: '/addblog',
  reviews: '/reviews',
  allCourses: '/allCourses',
  myProfile: '/myprofile',
  editProfile: '/editProfile',
  myCourses: '/mycourses',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  courseReview: '/admin-dashboard/course-review',
  auditLog: '/admin-dashboard/audit-log',
  adminPayments: '/admin-dashboard/payments',
  course: (id: string) => `/course/${id}`,
  certificate: (number: string) => `/certificate/${encodeURIComponent(number)}`,
  /** The course page playing a free preview lesson: the one given, or its first one. */
  preview: (courseId: string, lessonId = FIRST_PREVIEW) => `/course/${courseId}?preview=${lessonId}`,
  details: (id: string) => `/details/${id}`,
  enroll: (id: string) => `/enroll/${id}`,
  searchFor: (text: string) => `/search?q=${encodeURIComponent(text)}`,
} as const;
