/**
 * Every code an error can carry, in one list. A client (the site's own pages or an integrator's
 * server) tells errors apart by these codes, never by their wording: the message is for people and
 * comes in the request's language. Data a client needs to write its own message travels beside the
 * code (`field`, `max`).
 *
 * Each code belongs to one category: the seven broad classes the API answered with before domain
 * codes existed, kept in `extensions.category` (GraphQL) and `category` (REST) on every error, and
 * the one that decides the HTTP status. An error with no more specific code carries its category as
 * its code. To add a code: one line here (with its category), throw it where the rule lives
 * (`new AppError('THE_CODE', message, { field, max })`), and give the client its words in
 * client/src/locales (`errors.THE_CODE`, in en.json and bn.json).
 */

/** The broad classes, each with its HTTP status. */
export const errorCategories = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
} as const;

export type ErrorCategory = keyof typeof errorCategories;

export const errorCodes = {
  // The categories themselves, for errors with nothing more specific to say.
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  PAYMENT_FAILED: 'PAYMENT_FAILED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',

  /** A text longer than its limit: `field` names it, `max` is the limit in characters. */
  TEXT_TOO_LONG: 'BAD_USER_INPUT',

  /** A picture larger than its limit: `max` is the limit in bytes. */
  PICTURE_TOO_LARGE: 'BAD_USER_INPUT',
  /** A picture wider or taller than its limit: `max` is the limit in pixels (checked from its header, before decoding). */
  PICTURE_TOO_MANY_PIXELS: 'BAD_USER_INPUT',
  /** An uploaded file larger than its limit: `max` is the limit in bytes. */
  FILE_TOO_LARGE: 'BAD_USER_INPUT',
  /** A text file (a question CSV) that is neither UTF-8 nor UTF-16: it is refused rather than read wrong. */
  FILE_NOT_UNICODE: 'BAD_USER_INPUT',
  /** A file that is not a picture of a kind accepted there (for a question: PNG, JPEG or WebP, told by its content). */
  PICTURE_NOT_SUPPORTED: 'BAD_USER_INPUT',

  /** A board-exam tag naming a board that is not one of the education boards (`field`: boardTag.board, or `board` in a CSV report). */
  BOARD_UNKNOWN: 'BAD_USER_INPUT',
  /** A board-exam tag with a board but no year, or a year but no board: both or neither. */
  BOARD_TAG_INCOMPLETE: 'BAD_USER_INPUT',
  /** A board-exam year before 1990 or after this year: `max` is this year. */
  BOARD_YEAR_OUT_OF_RANGE: 'BAD_USER_INPUT',

  /** A chart's period that is not a date (YYYY-MM-DD) or starts after it ends (`field`: from or to). */
  PERIOD_INVALID: 'BAD_USER_INPUT',
  /** A chart's period longer than its limit: `max` is the limit in days. */
  PERIOD_TOO_LONG: 'BAD_USER_INPUT',

  /** The SMS code had its last wrong try: it can no longer be used, even when right; ask for a new one (`field` is `code`). */
  CODE_USED_UP: 'BAD_USER_INPUT',

  /** The sign-in details do not match an account. */
  WRONG_CREDENTIALS: 'UNAUTHENTICATED',

  /** The account's email address is not confirmed yet, and this needs it. */
  EMAIL_NOT_CONFIRMED: 'FORBIDDEN',
  /** Neither the account's email address nor its mobile number is confirmed yet, and this needs one of them. */
  ACCOUNT_NOT_CONFIRMED: 'FORBIDDEN',
  /** The account's mobile number is not confirmed yet, and this needs it (an SMS reminder). */
  PHONE_NOT_CONFIRMED: 'FORBIDDEN',
  /** The account is closed. */
  ACCOUNT_CLOSED: 'FORBIDDEN',
  /** Only a student enrolled in the course may do this (track progress, review, take its tests). */
  NOT_ENROLLED: 'FORBIDDEN',
  /** The lesson's quiz is not passed yet and its course requires the quizzes' pass mark to complete a lesson: `passPercent` is the mark. */
  QUIZ_NOT_PASSED: 'FORBIDDEN',
  /** The certificate was revoked (its course was refunded). */
  CERTIFICATE_REVOKED: 'FORBIDDEN',

  COURSE_NOT_FOUND: 'NOT_FOUND',
  LESSON_NOT_FOUND: 'NOT_FOUND',
  ENROLLMENT_NOT_FOUND: 'NOT_FOUND',
  PAYMENT_NOT_FOUND: 'NOT_FOUND',
  /** A guardian's payment link that does not exist (a wrong or cut-off link). */
  GUARDIAN_PAYMENT_NOT_FOUND: 'NOT_FOUND',
  /** No coupon has the code typed (`field`: couponCode). */
  COUPON_NOT_FOUND: 'NOT_FOUND',
  CERTIFICATE_NOT_FOUND: 'NOT_FOUND',
  MODEL_TEST_NOT_FOUND: 'NOT_FOUND',
  ATTEMPT_NOT_FOUND: 'NOT_FOUND',
  USER_NOT_FOUND: 'NOT_FOUND',
  BLOG_NOT_FOUND: 'NOT_FOUND',
  REVIEW_NOT_FOUND: 'NOT_FOUND',
  /** A question under a lesson that does not exist, or that the caller may not see (hidden from them). */
  LESSON_QUESTION_NOT_FOUND: 'NOT_FOUND',
  /** An undelivered mail of the outbox (an admin's resend). */
  MAIL_NOT_FOUND: 'NOT_FOUND',
  /** A contact message, complaint or subscription of the admins' inbox. */
  INBOX_MESSAGE_NOT_FOUND: 'NOT_FOUND',
  API_KEY_NOT_FOUND: 'NOT_FOUND',
  WEBHOOK_ENDPOINT_NOT_FOUND: 'NOT_FOUND',
  WEBHOOK_DELIVERY_NOT_FOUND: 'NOT_FOUND',
  /** No payment provider of that name here takes notifications (`POST /hooks/payments/{provider}`), or no such way back from its page. */
  PAYMENT_PROVIDER_NOT_FOUND: 'NOT_FOUND',
  /** No bundle has this id. */
  BUNDLE_NOT_FOUND: 'NOT_FOUND',
  /** No bank question has this id (or the caller may not edit it). */
  QUESTION_NOT_FOUND: 'NOT_FOUND',
  /** The lesson has no quiz. */
  QUIZ_NOT_FOUND: 'NOT_FOUND',
  /** No picture at this address: none, or one replaced since (its address changes with its content). */
  PICTURE_NOT_FOUND: 'NOT_FOUND',
  /** No question usable in practice matches what the student picked (or they have saved none). */
  NO_PRACTICE_QUESTIONS: 'NOT_FOUND',

  /** The student already owns the course. */
  ALREADY_ENROLLED: 'CONFLICT',
  /** A payment for the course is already under way: wait for it rather than paying twice. */
  PAYMENT_IN_PROGRESS: 'CONFLICT',
  /** A payment for the course was received and waits for an admin's check. */
  PAYMENT_HELD: 'CONFLICT',
  /** A guardian's payment link past its 48 hours: the student asks again. */
  GUARDIAN_PAYMENT_EXPIRED: 'CONFLICT',
  /** The coupon's end has passed. */
  COUPON_EXPIRED: 'CONFLICT',
  /** The coupon's uses are all taken, or this student's are. */
  COUPON_USED_UP: 'CONFLICT',
  /** The coupon is for other courses, for dearer ones, or (taka off) for taka payments only. */
  COUPON_NOT_FOR_COURSE: 'CONFLICT',
  /** Another coupon has this code already (`field`: code). */
  COUPON_CODE_TAKEN: 'CONFLICT',
  /** The payment was refunded already. */
  ALREADY_REFUNDED: 'CONFLICT',
  /** The student owns every course of the bundle already: nothing is left to buy. */
  BUNDLE_ALREADY_OWNED: 'CONFLICT',
  /** The student got one of the bundle's courses after its price was shown: the price for the rest changed. */
  BUNDLE_PRICE_CHANGED: 'CONFLICT',
  /** The email address belongs to another account. */
  EMAIL_TAKEN: 'CONFLICT',
  /** The model test attempt takes no more answers: it was submitted or its time is up. */
  ATTEMPT_CLOSED: 'CONFLICT',
  /** An answer chosen before the attempt's deadline reached the server after the test's grace window: it does not count. */
  ANSWER_TOO_LATE: 'CONFLICT',
  /** The model test is outside its window (not open yet, or closed). */
  TEST_NOT_OPEN: 'CONFLICT',
  /** A reminder is only for a published model test that opens later: this one has no opening time, or it opened already. */
  TEST_NOT_SCHEDULED: 'CONFLICT',
  /** The attempt has not ended yet: its wrong answers are practised once it has. */
  ATTEMPT_NOT_FINISHED: 'CONFLICT',
  /** The attempt has no wrong answer that may be practised. */
  NOTHING_TO_RETRY: 'CONFLICT',
  /** A question is saved only after the student answered it. */
  NOT_ANSWERED_YET: 'CONFLICT',

  /** The payment was refused (by the bank, the buyer, or the gateway): nothing was charged. */
  PAYMENT_DECLINED: 'PAYMENT_FAILED',
  /** Payments are switched off on this server. */
  PAYMENTS_OFF: 'PAYMENT_FAILED',

  /** Before a code is sent to a new number while many codes go unused, the page solves a proof of work: `challenge` is it (ALTCHA v2). */
  CHECK_REQUIRED: 'TOO_MANY_REQUESTS',
  /** Too many requests or attempts: try again later. */
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  /** A new sign-in code was asked for too soon after the last one (30 s after the first, 60 s after later ones): `retryAfterSeconds` says when it may be; nothing was sent. */
  RESEND_TOO_SOON: 'TOO_MANY_REQUESTS',
  /** The site's SMS budget for today is spent: no code can be sent by SMS until tomorrow (Asia/Dhaka). */
  SMS_UNAVAILABLE: 'TOO_MANY_REQUESTS',
} as const satisfies Record<string, ErrorCategory>;

export type ErrorCode = keyof typeof errorCodes;

export const categoryOf = (code: ErrorCode): ErrorCategory => errorCodes[code];
export const httpStatusOf = (code: ErrorCode): number => errorCategories[errorCodes[code]];

/** The codes the server adds outside AppError: the database unreachable and unexpected faults. */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';
export const INTERNAL_SERVER_ERROR = 'INTERNAL_SERVER_ERROR';
/** A request body larger than the server reads (HTTP 413). */
export const BODY_TOO_LARGE = 'BODY_TOO_LARGE';
