/**
 * The app's texts a public page needs before it can be drawn: the header, footer and phone menu,
 * the home page, all courses, search, a course, the blog, reviews, the info pages, sign-in and
 * sign-up. The build ships them as the first part of each language's catalogue (the page
 * preloads it); every other text is in the catalogue's second part, which a page outside that
 * list (dashboards, player, checkout, practice…) waits for before it is drawn (src/app/router.tsx).
 *
 * The texts stay where they are (en.json and bn.json): this only says which part each goes in. An
 * entry ending in a dot takes every key that starts with it; any other entry is one key.
 * first-load.test.ts fails when a module the public pages load uses a key not taken here.
 */
export const FIRST_LOAD_TEXTS: readonly string[] = [
  'app.',
  'common.',
  'pager.',
  'notFound.',
  'errors.',
  'header.',
  'footer.',
  'home.',
  // The home page's bundles (a bundle's own page is drawn with Chakra and waits for every text).
  'bundle.saving',
  'catalog.',
  'courseCard.',
  'courseLanguage.',
  'rating.',
  'search.',
  'course.',
  'contact.',
  'login.',
  'signUp.',
  'phone.',
  // The account menu in the header, the e-mail banner and the sign-up form's fields.
  // Model tests and a test's page, and a certificate's check.
  'certificate.',
  'practice.title',
  'practice.class',
  'practice.subject',
  'practice.allClasses',
  'practice.allSubjects',
  'practice.classN',
  'practice.admission',
  'practice.none',
  'practice.free',
  'practice.negative',
  'practice.shape',
  'practice.open',
  'practice.more',
  'practice.show',
  'practice.history',
  'practice.historyScore',
  'practice.historyScorePractice',
  'practice.inProgress',
  'practice.notFound',
  'practice.negativeRule',
  'practice.noNegative',
  'practice.passMark',
  'practice.rules',
  'practice.start',
  'practice.signInToStart',
  'practice.leaderboard',
  'practice.leaderboardEmpty',
  'practice.rank',
  'practice.name',
  'practice.score',
  'practice.time',
  'practice.self.link',
  // A live exam not yet open: when it opens, the countdown, and "Remind me" for a signed-in student.
  'practice.opensAt',
  'practice.opensIn',
  'practice.remind.',
  'account.menuFor',
  'account.of',
  'account.profile',
  'account.learning',
  'account.instructorDashboard',
  'account.adminDashboard',
  'account.logout',
  'account.verify.banner',
  'account.verify.resent',
  'account.verify.resend',
  'account.verify.sent',
  'account.field.',
  'account.role.',
  // What a course page says on coming back from a payment.
  'checkout.orderPlaced',
  'checkout.orderPlacedSms',
  'checkout.orderPlacedShort',
  'checkout.orderCanceled',
  'payment.failed',
  'payment.held',
  'payment.pending',
  // The blog, reviews and success stories.
  'community.hide',
  'community.blog.add',
  'community.blog.heading',
  'community.blog.empty',
  'community.blog.by',
  'community.blog.reads',
  'community.blog.notFound',
  'community.review.add',
  'community.reviews.',
  'community.success.',
  // A course's preview video.
  'video.quality',
  'video.quality.',
  'video.dataSaver',
  'video.playing',
  'video.expired',
  'video.loadFailed',
];

/** Whether a key's text ships in the first part of its catalogue. */
export const isFirstLoadText = (key: string): boolean => FIRST_LOAD_TEXTS.some((entry) => (entry.endsWith('.') ? key.startsWith(entry) : key === entry));
