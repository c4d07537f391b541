/**
 * Who may do what: every GraphQL query and mutation, and every REST path, against a visitor,
 * a student, the course's instructor, another instructor and an admin. "Refused" means the
 * UNAUTHENTICATED or FORBIDDEN category (401 or 403 over REST); anything else (an answer, a
 * validation error, not found) means the caller got past the gate.
 */
import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import type { DataSource } from 'typeorm';
import { Course } from './modules/course/course.entity';
import { Lesson } from './modules/course/lesson.entity';
import { Role } from './kernel/role';
import { roles } from './modules/auth/guards';
import { startTestApp, type TestApp } from './test/app';
import { closeTestDatabase, openTestDatabase } from './test/database';
import { makeCourse, makeUser } from './test/factories';
import { HttpClient, signedInClient } from './test/http-client';
import { Question } from './modules/practice/question.entity';
import { ModelTest, ModelTestQuestion } from './modules/practice/model-test.entity';
import { Payment, PaymentStatus } from './modules/payment/payment.entity';
import { ApiScope } from './modules/integration/api-key.entity';
import { ANY_KEY, API_KEY_FIELDS } from './graphql/api-key-scopes';
import { LessonQuestion } from './modules/lesson-qa/lesson-question.entity';
import { NOT_IN_OPENAPI, openApiPath, queryReads } from './http/openapi';

type Actor = 'visitor' | 'student' | 'instructor' | 'otherInstructor' | 'admin';
const actors: Actor[] = ['visitor', 'student', 'instructor', 'otherInstructor', 'admin'];
const letter: Record<Actor, string> = { visitor: 'A', student: 'S', instructor: 'I', otherInstructor: 'O', admin: 'D' };

const sharedPassword = 'a shared password';
const emailOf: Record<Actor, string> = {
  visitor: '',
  student: 'student@example.com',
  instructor: 'teacher@example.com',
  otherInstructor: 'rival@example.com',
  admin: 'boss@example.com',
};

let db: DataSource;
let app: TestApp;
const clients = {} as Record<Actor, HttpClient>;
const ids = {} as {
  course: string;
  paidCourse: string;
  draft: string;
  lesson: string;
  studentId: string;
  question: string;
  spareQuestion: string;
  test: string;
  payment: string;
  lessonQuestion: string;
};

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(db);
  const password = sharedPassword;
  const student = await makeUser(db, { email: 'student@example.com' }, password);
  const instructor = await makeUser(db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, password);
  await makeUser(db, { email: 'rival@example.com', role: Role.INSTRUCTOR }, password);
  await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, password);
  await makeUser(db, { email: 'second-admin@example.com', role: Role.ADMIN, previousRole: Role.INSTRUCTOR }, password);
  for (const email of ['promote-me@example.com', 'close-me@example.com', 'throwaway@example.com', 'plain-form@example.com'])
    await makeUser(db, { email }, password);
  const owned = { instructorId: instructor.id, instructorEmail: instructor.email };
  const course = await makeCourse(db, { ...owned, price: 0, name: 'Free algebra' });
  const paid = await makeCourse(db, { ...owned, price: 12, name: 'Paid physics' });
  const draft = await makeCourse(db, { ...owned, published: false, name: 'Draft chemistry' });
  Object.assign(ids, {
    course: course.id,
    paidCourse: paid.id,
    draft: draft.id,
    lesson: (await db.getRepository(Lesson).findOneByOrFail({ courseId: course.id, position: 1 })).id,
    studentId: student.id,
  });
  clients.visitor = new HttpClient(app.url);
  clients.student = await signedInClient(app.url, 'student@example.com', password);
  clients.instructor = await signedInClient(app.url, 'teacher@example.com', password);
  clients.otherInstructor = await signedInClient(app.url, 'rival@example.com', password);
  clients.admin = await signedInClient(app.url, 'boss@example.com', password);
  await clients.student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: course.id });
  // A paid bKash payment of the student's, for its receipt.
  const payment = await db.getRepository(Payment).save({
    studentId: student.id,
    courseId: paid.id,
    provider: 'sslcommerz',
    providerRef: 'SKauthorization',
    amountMinor: 144_000,
    currency: 'bdt',
    status: PaymentStatus.SUCCEEDED,
    idempotencyKey: 'authorization-receipt',
    billingDetails: null,
    failureMessage: null,
    transactionRef: 'BKASH-TRX-1',
    method: 'bKash',
    actionUrl: null,
  });
  ids.payment = payment.id;
  expect(await db.getRepository(Course).count()).toBe(3);
  // A question bank and a published free model test of the instructor's course (deleting its question is refused: it is in the test).
  const option = (id: string, text: string) => ({ id, text });
  const [question, spare] = await db.getRepository(Question).save(
    ['One', 'Two'].map((text) => ({
      text,
      options: [option('00000000-0000-4000-8000-0000000000a1', 'yes'), option('00000000-0000-4000-8000-0000000000a2', 'no')],
      correctOptionId: '00000000-0000-4000-8000-0000000000a1',
      classLevel: 9,
      subjectId: 'physics',
      courseId: course.id,
      authorId: instructor.id,
    })),
  );
  const test = await db
    .getRepository(ModelTest)
    .save({ title: 'Test', classLevel: 9, subjectId: 'physics', courseId: course.id, free: true, durationMinutes: 5, published: true });
  await db.getRepository(ModelTestQuestion).insert({ testId: test.id, questionId: question.id, position: 1 });
  Object.assign(ids, { question: question.id, spareQuestion: spare.id, test: test.id });
  // A question of the student's under the free course's first lesson.
  ids.lessonQuestion = (
    await db.getRepository(LessonQuestion).save({ lessonId: ids.lesson, courseId: course.id, askerId: student.id, text: 'Why?', noticedAt: new Date() })
  ).id;
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});

type Check = (client: HttpClient, actor: Actor) => Promise<boolean>;

/** GraphQL: true when the gate let the caller through. */
const gql =
  (query: string, variables: (actor: Actor) => Record<string, unknown> = () => ({})): Check =>
  async (client, actor) => {
    const body = await client.graphql(query, variables(actor));
    // The category: a refusal with a domain code (NOT_ENROLLED, EMAIL_NOT_CONFIRMED) is still a refusal.
    const category = body.errors?.[0]?.extensions?.category;
    return category !== 'UNAUTHENTICATED' && category !== 'FORBIDDEN';
  };

const rest =
  (method: string, path: () => string, body?: () => unknown): Check =>
  async (client) => {
    const payload = body?.();
    const res = await client.request(path(), {
      method,
      headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const text = await res.text();
    if (process.env.DEBUG_AUTHZ) console.log(method, path(), res.status, text.slice(0, 200));
    return res.status !== 401 && res.status !== 403;
  };

/**
 * A receipt (page or PDF): true when it was handed over. A receipt has no gate that says 401 or 403:
 * whoever is not its buyer or an admin, visitors too, is told it is not found, as for a payment that does not exist.
 */
const receipt =
  (path: () => string): Check =>
  async (client) => {
    const res = await client.request(path());
    await res.arrayBuffer();
    if (res.status !== 200 && res.status !== 404) throw new Error(`${path()}: ${res.status}`);
    return res.status === 200;
  };

/** A plain HTML form sent from this site's own page (http/page-forms.ts): true unless refused at the gate. */
const form =
  (path: string, fields: Record<string, string>): Check =>
  async (client) => {
    const res = await client.request(path, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url },
      body: new URLSearchParams(fields).toString(),
    });
    return res.status !== 401 && res.status !== 403;
  };

/** A course input with every required field present but wrong: the rules answer only callers the gate let through. */
const emptyCourse = '{ name: "", description: "", price: -1, category: PROFESSIONAL, lessons: [] }';

/** The letters of the actors a role set of the guards module lets through. */
const lettersOf = (allowed: readonly Role[]) =>
  actors
    .filter((actor) => actor !== 'visitor' && (allowed.length === 0 || allowed.includes(roleOf[actor])))
    .map((actor) => letter[actor])
    .join('');
const roleOf: Record<Exclude<Actor, 'visitor'>, Role> = {
  student: Role.STUDENT,
  instructor: Role.INSTRUCTOR,
  otherInstructor: Role.INSTRUCTOR,
  admin: Role.ADMIN,
};

const everyone = 'ASIOD';
const signedIn = lettersOf(roles.signedIn);
const student = lettersOf(roles.student);
const staff = lettersOf(roles.staff);
const admin = lettersOf(roles.admin);
/** requireCourseEditor: the course's own instructor and admins, not another instructor. */
const courseEditor = staff.replace(letter.otherInstructor, '');
/** The course's own instructor alone (answers and pins of its lesson questions). */
const courseInstructor = letter.instructor;
/** isSelfOrAdmin: the rows ask for the student's own account or enrollments. */
const selfOrAdmin = student + admin;

/** Operation name -> [who is allowed (letters of the actors), the call]. */
const graphqlTable: Record<string, [string, Check]> = {
  blogs: [everyone, gql('{ blogs { total } }')],
  course: [everyone, gql('query ($id: ID!) { course(id: $id) { name } }', () => ({ id: ids.course }))],
  courses: [everyone, gql('{ courses { total } }')],
  reviews: [everyone, gql('{ reviews { total } }')],
  searchCourses: [everyone, gql('{ searchCourses(text: "algebra") { name } }')],
  courseSearch: [everyone, gql('{ courseSearch(text: "algebra") { total } }')],
  similarCourses: [everyone, gql('{ similarCourses(text: "algebr") { name } }')],
  blog: [everyone, gql('{ blog(id: "00000000-0000-4000-8000-000000000000") { id } }')],
  myReview: [signedIn, gql('query ($id: ID!) { myReview(courseId: $id) { id } }', () => ({ id: ids.course }))],
  recommendedCourses: [everyone, gql('{ recommendedCourses { name } }')],
  catalogueFigures: [everyone, gql('{ catalogueFigures { courses students instructors } }')],
  paymentSettings: [everyone, gql('{ paymentSettings { testMode } }')],
  paymentOptions: [everyone, gql('{ paymentOptions { provider kind } }')],
  myPayments: [signedIn, gql('{ myPayments { total } }')],
  payments: [admin, gql('{ payments { total } }')],
  approveHeldPayment: [admin, gql('mutation { approveHeldPayment(paymentId: "00000000-0000-4000-8000-000000000000") }')],
  proposedTakaPrice: [everyone, gql('{ proposedTakaPrice(dollars: 12) }')],
  proposedDollarPrice: [everyone, gql('{ proposedDollarPrice(taka: 1200) }')],
  proposedUsdPrice: [everyone, gql('{ proposedUsdPrice(taka: 1200) }')],
  usdPriceProposal: [everyone, gql('{ usdPriceProposal(taka: 1200) { amount } }')],
  takaPriceProposal: [everyone, gql('{ takaPriceProposal(dollars: 12) { amount } }')],
  me: [everyone, gql('{ me { email } }')],
  myEnrollments: [signedIn, gql('{ myEnrollments { id } }')],
  certificate: [everyone, gql('{ certificate(number: "SHK-0000000000") { number } }')],
  myCertificates: [signedIn, gql('{ myCertificates { number } }')],
  enrollment: [signedIn, gql('query ($id: ID!) { enrollment(courseId: $id) { id } }', () => ({ id: ids.course }))],
  instructorOverview: [staff, gql('{ instructorOverview { totalStudents } }')],
  managedCourses: [staff, gql('{ managedCourses { total } }')],
  managedCourse: [courseEditor, gql('query ($id: ID!) { managedCourse(id: $id) { name } }', () => ({ id: ids.draft }))],
  instructorStudents: [staff, gql('{ instructorStudents { total } }')],
  // Charts: an instructor's own courses (an admin's own too), every payment for admins, a model test for its author and admins.
  instructorRevenueSeries: [staff, gql('{ instructorRevenueSeries(from: "2026-03-01", to: "2026-03-07") { totalRevenueTaka } }')],
  paymentSeries: [admin, gql('{ paymentSeries(from: "2026-03-01", to: "2026-03-07", interval: WEEK) { failedShare } }')],
  adminSummary: [admin, gql('{ adminSummary { students } }')],
  users: [admin, gql('{ users { total } }')],
  auditLog: [admin, gql('{ auditLog { total } }')],
  // Instructors make, see and revoke their own keys (for their own data), admins every key.
  apiKeys: [staff, gql('{ apiKeys { id } }')],
  createApiKey: [staff, gql('mutation { createApiKey(name: "", scopes: []) { secret } }')],
  revokeApiKey: [staff, gql('mutation { revokeApiKey(id: "00000000-0000-4000-8000-000000000000") { id } }')],
  webhookEndpoints: [admin, gql('{ webhookEndpoints { id } }')],
  createWebhookEndpoint: [admin, gql('mutation { createWebhookEndpoint(url: "", events: []) { secret } }')],
  deleteWebhookEndpoint: [admin, gql('mutation { deleteWebhookEndpoint(id: "00000000-0000-4000-8000-000000000000") { id } }')],
  webhookDeliveries: [admin, gql('{ webhookDeliveries(endpointId: "00000000-0000-4000-8000-000000000000") { total } }')],
  resendWebhookDelivery: [admin, gql('mutation { resendWebhookDelivery(id: "00000000-0000-4000-8000-000000000000") { id } }')],
  sendTestWebhook: [admin, gql('mutation { sendTestWebhook(endpointId: "00000000-0000-4000-8000-000000000000") }')],
  rotateWebhookSecret: [admin, gql('mutation { rotateWebhookSecret(endpointId: "00000000-0000-4000-8000-000000000000") { secret } }')],
  enableWebhookEndpoint: [admin, gql('mutation { enableWebhookEndpoint(endpointId: "00000000-0000-4000-8000-000000000000") { id } }')],
  enrollments: [admin, gql('{ enrollments { total } }')],
  // Only API keys with enrollments:write (api-keys.test.ts): no person may call it.
  enrollStudent: ['', gql('mutation ($id: ID!) { enrollStudent(courseId: $id, email: "someone@example.com") { id } }', () => ({ id: ids.course }))],

  signUp: [
    everyone,
    gql('mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }', (actor) => ({
      input: { name: 'New Person', email: `new-${actor}@example.com`, password: 'a long password', phone: '01712345678', date: '2000-01-01', role: 'STUDENT' },
    })),
  ],
  login: [everyone, gql('mutation { login(email: "throwaway@example.com", password: "a shared password") { accessToken } }')],
  refreshSession: [everyone, gql('mutation { refreshSession { accessToken } }')],
  // Logging out ends the account's access tokens, so the actor signs in again for the rows after this one.
  logout: [
    everyone,
    async (client, actor) => {
      const allowed = await gql('mutation { logout }')(client, actor);
      if (actor !== 'visitor') clients[actor] = await signedInClient(app.url, emailOf[actor], sharedPassword);
      return allowed;
    },
  ],
  changePassword: [signedIn, gql('mutation { changePassword(currentPassword: "not it", newPassword: "a long password") { accessToken } }')],
  verifyEmail: [everyone, gql('mutation { verifyEmail(token: "not-a-token") }')],
  resendVerificationEmail: [signedIn, gql('mutation { resendVerificationEmail }')],
  coursesInReview: [admin, gql('{ coursesInReview { total } }')],
  undeliveredMail: [admin, gql('{ undeliveredMail { total } }')],
  sendMailAgain: [admin, gql('mutation { sendMailAgain(id: "00000000-0000-4000-8000-000000000000") }')],
  approveCourseReview: [admin, gql('mutation ($id: ID!) { approveCourseReview(courseId: $id) { id } }', () => ({ id: ids.draft }))],
  rejectCourseReview: [admin, gql('mutation ($id: ID!) { rejectCourseReview(courseId: $id, reason: "Too short") { id } }', () => ({ id: ids.draft }))],
  requestSignInCode: [everyone, gql('mutation { requestSignInCode(phone: "01712000001") }')],
  sendSignInCode: [everyone, gql('mutation { sendSignInCode(phone: "01712000002") { resendAfterSeconds } }')],
  signInWithCode: [everyone, gql('mutation { signInWithCode(phone: "01712000001", code: "000000", name: "Someone") { accessToken } }')],
  addPhone: [signedIn, gql('mutation { addPhone(phone: "01712000002") }')],
  confirmPhone: [signedIn, gql('mutation { confirmPhone(code: "000000") { id } }')],
  requestPasswordReset: [everyone, gql('mutation { requestPasswordReset(email: "throwaway@example.com") }')],
  resetPassword: [everyone, gql('mutation { resetPassword(token: "not-a-token", password: "a long password") }')],
  updateProfile: [signedIn, gql('mutation { updateProfile(input: { eduQualification: "HSC" }) { name } }')],
  setLanguage: [signedIn, gql('mutation { setLanguage(language: "en") { language } }')],
  purchaseCourse: [
    student,
    gql('mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, paymentMethod: "pm_card_visa" }) { status } }', () => ({ id: ids.paidCourse })),
  ],
  confirmPurchase: [student, gql('mutation { confirmPurchase(paymentId: "00000000-0000-4000-8000-000000000000") { status } }')],
  bundles: [everyone, gql('{ bundles { id } }')],
  bundle: [everyone, gql('{ bundle(id: "00000000-0000-4000-8000-000000000000") { id } }')],
  createBundle: [admin, gql('mutation { createBundle(input: { name: "", courseIds: [], priceBDT: 0 }) { id } }')],
  allBundles: [admin, gql('{ allBundles { id } }')],
  updateBundle: [admin, gql('mutation { updateBundle(id: "00000000-0000-4000-8000-000000000000", input: { name: "", courseIds: [], priceBDT: 0 }) { id } }')],
  setBundleOnSale: [admin, gql('mutation { setBundleOnSale(id: "00000000-0000-4000-8000-000000000000", onSale: false) { id } }')],
  purchaseBundle: [student, gql('mutation { purchaseBundle(input: { bundleId: "00000000-0000-4000-8000-000000000000" }) { status } }')],
  requestGuardianPayment: [
    student,
    gql('mutation ($id: ID!) { requestGuardianPayment(courseId: $id, guardianPhone: "01812-345670") }', () => ({ id: ids.paidCourse })),
  ],
  sendAnnouncement: [courseEditor, gql('mutation ($id: ID!) { sendAnnouncement(courseId: $id, title: "", text: "") { id } }', () => ({ id: ids.course }))],
  // Its students (the actor enrolled in it), its instructor and admins.
  courseAnnouncements: [student + courseEditor, gql('query ($id: ID!) { courseAnnouncements(courseId: $id) { total } }', () => ({ id: ids.course }))],
  myAnnouncements: [signedIn, gql('{ myAnnouncements { id } }')],
  // Lesson questions: the course's students (the actor enrolled in it) ask, read and upvote; its
  // instructor reads, answers and pins; admins read and hide. Texts left empty: nothing is written.
  askLessonQuestion: [student, gql('mutation ($id: ID!) { askLessonQuestion(lessonId: $id, text: "") { id } }', () => ({ id: ids.lesson }))],
  lessonQuestions: [student + courseEditor, gql('query ($id: ID!) { lessonQuestions(lessonId: $id) { total } }', () => ({ id: ids.lesson }))],
  answerLessonQuestion: [
    courseInstructor,
    gql('mutation ($id: ID!) { answerLessonQuestion(questionId: $id, text: "") { id } }', () => ({ id: ids.lessonQuestion })),
  ],
  upvoteLessonQuestion: [student, gql('mutation ($id: ID!) { upvoteLessonQuestion(questionId: $id) { id } }', () => ({ id: ids.lessonQuestion }))],
  setLessonQuestionPinned: [
    courseInstructor,
    gql('mutation ($id: ID!) { setLessonQuestionPinned(questionId: $id, pinned: false) { id } }', () => ({ id: ids.lessonQuestion })),
  ],
  setLessonQuestionHidden: [
    courseEditor,
    gql('mutation ($id: ID!) { setLessonQuestionHidden(questionId: $id, hidden: false) { id } }', () => ({ id: ids.lessonQuestion })),
  ],
  createCoupon: [staff, gql('mutation { createCoupon(input: { code: "", percentOff: 10 }) { id } }')],
  coupons: [staff, gql('{ coupons { id } }')],
  couponPreview: [student, gql('mutation ($id: ID!) { couponPreview(courseId: $id, code: "NOPE1") { amount } }', () => ({ id: ids.paidCourse }))],
  // The link's token is the key: anyone holding it sees the student's first name and the course, and may pay.
  guardianPayment: [everyone, gql('{ guardianPayment(token: "not-a-real-token") { status } }')],
  payGuardianPayment: [everyone, gql('mutation { payGuardianPayment(input: { token: "not-a-real-token", name: "Abdul Karim" }) { status } }')],
  refundEnrollment: [
    admin,
    gql('mutation { refundEnrollment(enrollmentId: "00000000-0000-4000-8000-000000000000", refundCase: COURSE_CANCELLED) { percent } }'),
  ],
  setLessonCompleted: [student, gql('mutation ($id: ID!) { setLessonCompleted(lessonId: $id, completed: true) { completed } }', () => ({ id: ids.lesson }))],
  saveLessonPosition: [student, gql('mutation ($id: ID!) { saveLessonPosition(lessonId: $id, seconds: 5) { lastPosition } }', () => ({ id: ids.lesson }))],
  createCourse: [staff, gql(`mutation { createCourse(input: ${emptyCourse}) { id } }`)],
  updateCourse: [courseEditor, gql(`mutation ($id: ID!) { updateCourse(id: $id, input: ${emptyCourse}) { id } }`, () => ({ id: ids.course }))],
  setCoursePublished: [courseEditor, gql('mutation ($id: ID!) { setCoursePublished(id: $id, published: true) { id } }', () => ({ id: ids.course }))],
  deleteCourse: [courseEditor, gql('mutation ($id: ID!) { deleteCourse(id: $id) }', () => ({ id: ids.course }))],
  makeAdmin: [admin, gql('mutation { makeAdmin(email: "promote-me@example.com") { role } }')],
  removeAdmin: [admin, gql('mutation { removeAdmin(email: "second-admin@example.com") { role } }')],
  deleteUser: [admin, gql('mutation { deleteUser(email: "close-me@example.com") { email } }')],
  deleteMyReview: [student, gql('mutation ($id: ID!) { deleteMyReview(courseId: $id) }', () => ({ id: ids.course }))],
  reopenAccount: [admin, gql('mutation { reopenAccount(email: "close-me@example.com") { email } }')],
  submitReview: [
    student,
    gql('mutation ($id: ID!) { submitReview(input: { courseId: $id, rating: 5, text: "Clear lessons" }) { id } }', () => ({ id: ids.course })),
  ],
  setReviewHidden: [admin, gql('mutation { setReviewHidden(id: "00000000-0000-4000-8000-000000000000", hidden: true) { id } }')],
  openBlog: [everyone, gql('mutation { openBlog(id: "00000000-0000-4000-8000-000000000000") { id } }')],
  createBlog: [staff, gql('mutation { createBlog(input: { title: "", description: "" }) { id } }')],
  setBlogHidden: [admin, gql('mutation { setBlogHidden(id: "00000000-0000-4000-8000-000000000000", hidden: true) { id } }')],
  submitComplaint: [everyone, gql('mutation { submitComplaint(input: { name: "", email: "", phone: "", subject: "", message: "" }) }')],
  submitContactMessage: [everyone, gql('mutation { submitContactMessage(input: { name: "", email: "", message: "" }) }')],
  subscribe: [everyone, gql('mutation { subscribe(email: "reader@example.com") }')],
  inbox: [admin, gql('{ inbox(kind: COMPLAINT) { total } }')],
  setInboxHandled: [admin, gql('mutation { setInboxHandled(id: "00000000-0000-4000-8000-000000000000", handled: true) { id } }')],
  subjects: [everyone, gql('{ subjects { id } }')],
  chapters: [everyone, gql('{ chapters(subjectId: "physics") { id } }')],
  questionBank: [staff, gql('{ questionBank { total } }')],
  questionImportTemplate: [staff, gql('{ questionImportTemplate }')],
  createQuestion: [
    courseEditor,
    gql(
      'mutation ($c: ID!) { createQuestion(input: { text: "", options: [], correctOption: 0, classLevel: 9, subjectId: "physics", courseId: $c }) { id } }',
      () => ({
        c: ids.course,
      }),
    ),
  ],
  updateQuestion: [
    courseEditor,
    gql(
      'mutation ($id: ID!, $c: ID!) { updateQuestion(id: $id, input: { text: "", options: [], correctOption: 0, classLevel: 9, subjectId: "physics", courseId: $c }) { id } }',
      () => ({
        id: ids.question,
        c: ids.course,
      }),
    ),
  ],
  deleteQuestion: [courseEditor, gql('mutation ($id: ID!) { deleteQuestion(id: $id) }', () => ({ id: ids.question }))],
  setSharedBankAccess: [admin, gql('mutation ($u: ID!) { setSharedBankAccess(userId: $u, granted: false) }', () => ({ u: ids.studentId }))],
  importQuestions: [courseEditor, gql('mutation ($c: ID!) { importQuestions(csv: "", courseId: $c) { imported } }', () => ({ c: ids.course }))],
  modelTests: [everyone, gql('{ modelTests(classLevel: 9, subject: "physics", offset: 0, limit: 5) { total } }')],
  modelTest: [everyone, gql('query ($id: ID!) { modelTest(id: $id) { title } }', () => ({ id: ids.test }))],
  authoredModelTests: [staff, gql('{ authoredModelTests { id } }')],
  createModelTest: [
    courseEditor,
    gql(
      'mutation ($c: ID!) { createModelTest(input: { title: "", classLevel: 9, subjectId: "physics", courseId: $c, durationMinutes: 5, questionIds: [] }) { id } }',
      () => ({
        c: ids.course,
      }),
    ),
  ],
  updateModelTest: [
    courseEditor,
    gql(
      'mutation ($id: ID!, $c: ID!) { updateModelTest(id: $id, input: { title: "", classLevel: 9, subjectId: "physics", courseId: $c, durationMinutes: 5, questionIds: [] }) { id } }',
      () => ({ id: ids.test, c: ids.course }),
    ),
  ],
  setModelTestPublished: [courseEditor, gql('mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { id } }', () => ({ id: ids.test }))],
  modelTestQuestions: [courseEditor, gql('query ($id: ID!) { modelTestQuestions(id: $id) { id correctOptionId } }', () => ({ id: ids.test }))],
  questionStatistics: [courseEditor, gql('query ($id: ID!) { questionStatistics(id: $id) { answered } }', () => ({ id: ids.test }))],
  modelTestScoreDistribution: [courseEditor, gql('query ($id: ID!) { modelTestScoreDistribution(testId: $id) { participants } }', () => ({ id: ids.test }))],
  modelTestResults: [courseEditor, gql('query ($id: ID!) { modelTestResults(testId: $id) { total } }', () => ({ id: ids.test }))],
  startAttempt: [signedIn, gql('mutation ($id: ID!) { startAttempt(testId: $id) { id } }', () => ({ id: ids.test }))],
  saveAnswer: [
    signedIn,
    gql(
      'mutation { saveAnswer(attemptId: "00000000-0000-4000-8000-000000000000", questionId: "00000000-0000-4000-8000-000000000000", optionId: "00000000-0000-4000-8000-000000000000") { optionId } }',
    ),
  ],
  submitAttempt: [signedIn, gql('mutation { submitAttempt(attemptId: "00000000-0000-4000-8000-000000000000") { score } }')],
  attempt: [signedIn, gql('{ attempt(id: "00000000-0000-4000-8000-000000000000") { id } }')],
  myAttempts: [signedIn, gql('{ myAttempts { total } }')],
  leaderboard: [everyone, gql('query ($id: ID!) { leaderboard(testId: $id, offset: 0, limit: 5) { total } }', () => ({ id: ids.test }))],
  lessonQuiz: [student, gql('query ($id: ID!) { lessonQuiz(lessonId: $id) { lessonId } }', () => ({ id: ids.lesson }))],
  answerLessonQuiz: [
    student,
    gql(
      'mutation ($id: ID!, $q: ID!) { answerLessonQuiz(lessonId: $id, questionId: $q, optionId: "00000000-0000-4000-8000-0000000000a1") { answer { correct } } }',
      () => ({ id: ids.lesson, q: ids.question }),
    ),
  ],
  retryLessonQuiz: [student, gql('mutation ($id: ID!) { retryLessonQuiz(lessonId: $id) { lessonId } }', () => ({ id: ids.lesson }))],
  lessonQuizQuestions: [courseEditor, gql('query ($id: ID!) { lessonQuizQuestions(lessonId: $id) { id correctOptionId } }', () => ({ id: ids.lesson }))],
  setLessonQuiz: [courseEditor, gql('mutation ($id: ID!) { setLessonQuiz(lessonId: $id, questionIds: []) { id } }', () => ({ id: ids.lesson }))],
  setCourseQuizPassPercent: [
    courseEditor,
    gql('mutation ($c: ID!) { setCourseQuizPassPercent(courseId: $c, percent: null) { quizPassPercent } }', () => ({ c: ids.course })),
  ],
  startPractice: [signedIn, gql('mutation { startPractice(input: { classLevel: 9, subjectId: "physics", count: 10 }) { id } }')],
  retryWrongAnswers: [signedIn, gql('mutation { retryWrongAnswers(attemptId: "00000000-0000-4000-8000-000000000000") { id } }')],
  practiseSavedQuestions: [signedIn, gql('mutation { practiseSavedQuestions(count: 10) { id } }')],
  answerPractice: [
    signedIn,
    gql(
      'mutation { answerPractice(attemptId: "00000000-0000-4000-8000-000000000000", questionId: "00000000-0000-4000-8000-000000000000", optionId: "00000000-0000-4000-8000-000000000000") { explanation } }',
    ),
  ],
  saveQuestion: [signedIn, gql('mutation ($q: ID!) { saveQuestion(questionId: $q) }', () => ({ q: ids.question }))],
  unsaveQuestion: [signedIn, gql('mutation ($q: ID!) { unsaveQuestion(questionId: $q) }', () => ({ q: ids.question }))],
  savedQuestions: [signedIn, gql('{ savedQuestions(offset: 0, limit: 5) { total } }')],
  myChapterStrengths: [signedIn, gql('{ myChapterStrengths { share } }')],
  upcomingModelTests: [everyone, gql('{ upcomingModelTests(classLevel: 9, offset: 0, limit: 5) { total } }')],
  practiceSearch: [everyone, gql('{ practiceSearch(text: "physics") { classLevel } }')],
  remindMe: [student, gql('mutation ($id: ID!) { remindMe(testId: $id, channel: EMAIL) { testId } }', () => ({ id: ids.test }))],
  cancelReminder: [student, gql('mutation ($id: ID!) { cancelReminder(testId: $id) }', () => ({ id: ids.test }))],
  myLiveExamResults: [signedIn, gql('{ myLiveExamResults }')],
  setLiveExamResults: [signedIn, gql('mutation { setLiveExamResults(send: true) }')],
  myLeaderboardNameHidden: [signedIn, gql('{ myLeaderboardNameHidden }')],
  myLeaderboardName: [signedIn, gql('{ myLeaderboardName }')],
  setLeaderboardName: [signedIn, gql('mutation { setLeaderboardName(shown: FIRST_NAME_AND_INITIAL) }')],
  setLeaderboardNameHidden: [signedIn, gql('mutation { setLeaderboardNameHidden(hidden: false) }')],
};

const restTable: Record<string, [string, Check]> = {
  'GET /api/courses': [everyone, rest('GET', () => '/api/courses')],
  'GET /api/courses/{id}': [everyone, rest('GET', () => `/api/courses/${ids.course}`)],
  'GET /api/courses/searchCourse/{text}': [everyone, rest('GET', () => '/api/courses/searchCourse/algebra')],
  'POST /api/courses': [
    staff,
    rest(
      'POST',
      () => '/api/courses',
      () => ({}),
    ),
  ],
  'GET /Course.json': [everyone, rest('GET', () => '/Course.json')],
  'GET /schema.graphql': [everyone, rest('GET', () => '/schema.graphql')],
  'GET /reviews.json': [everyone, rest('GET', () => '/reviews.json')],
  'GET /blogs.json': [everyone, rest('GET', () => '/blogs.json')],
  // The number is the key: anyone holding it may download the PDF (it names only what the public page shows).
  'GET /api/certificates/{number}/pdf': [everyone, rest('GET', () => '/api/certificates/SHK-0000000000/pdf')],
  // A payment's receipt, drawn by the server, and its PDF: its buyer and admins only (the rest: not found).
  'GET /api/receipts/{id}': [student + admin, receipt(() => `/api/receipts/${ids.payment}`)],
  'GET /api/receipts/{id}/pdf': [student + admin, receipt(() => `/api/receipts/${ids.payment}/pdf`)],
  // The gate answers before any content check: an editor gets past it to be told the empty body is no picture.
  'PUT /api/questions/{id}/picture': [courseEditor, rest('PUT', () => `/api/questions/${ids.spareQuestion}/picture`)],
  // The gate answers before the file is read: an editor gets past it to be told what the empty file did.
  'POST /api/questions/import': [courseEditor, rest('POST', () => `/api/questions/import?courseId=${ids.course}`)],
  'DELETE /api/questions/{id}/picture': [courseEditor, rest('DELETE', () => `/api/questions/${ids.spareQuestion}/picture`)],
  'GET /api/questions/{id}/picture/{file}': [everyone, rest('GET', () => `/api/questions/${ids.spareQuestion}/picture/none.png`)],
  // A lesson question's picture: its asker puts and removes it (an empty body changes nothing); whoever may read the question sees it.
  'PUT /api/lesson-questions/{id}/picture': [student, rest('PUT', () => `/api/lesson-questions/${ids.lessonQuestion}/picture`)],
  'DELETE /api/lesson-questions/{id}/picture': [student, rest('DELETE', () => `/api/lesson-questions/${ids.lessonQuestion}/picture`)],
  'GET /api/lesson-questions/{id}/picture/{file}': [student + courseEditor, rest('GET', () => `/api/lesson-questions/${ids.lessonQuestion}/picture/none.png`)],
  'GET /api/users': [admin, rest('GET', () => '/api/users')],
  'GET /api/users/getUserByEmail/{email}': [selfOrAdmin, rest('GET', () => '/api/users/getUserByEmail/student@example.com')],
  'GET /api/users/{id}': [selfOrAdmin, rest('GET', () => `/api/users/${ids.studentId}`)],
  // Only the person themself may record their own profile.
  'POST /api/users': [
    student,
    rest(
      'POST',
      () => '/api/users',
      () => ({ email: 'student@example.com', name: 'Student' }),
    ),
  ],
  'PUT /api/users/{email}': [admin, rest('PUT', () => '/api/users/throwaway@example.com')],
  'DELETE /api/users/{email}': [admin, rest('DELETE', () => '/api/users/second-admin@example.com')],
  'GET /api/enroll/{email}': [selfOrAdmin, rest('GET', () => '/api/enroll/student@example.com')],
  // Nobody may record an enrollment without a payment the server saw succeed.
  'POST /api/enroll': [
    '',
    rest(
      'POST',
      () => '/api/enroll',
      () => ({ courseID: ids.paidCourse, transactionID: 'txn_made_up' }),
    ),
  ],
  'POST /payment': [
    student,
    rest(
      'POST',
      () => '/payment',
      () => ({ courseID: ids.paidCourse, amount: 1, token: 'tok_visa' }),
    ),
  ],
  'POST /create-checkout-session': [
    student,
    rest(
      'POST',
      () => '/create-checkout-session',
      () => ({}),
    ),
  ],
  // Provider events are checked by their signature, not by who sends them.
  'POST /webhooks/stripe': [
    everyone,
    rest(
      'POST',
      () => '/webhooks/stripe',
      () => ({}),
    ),
  ],
  'POST /test-mode/payment-methods': [
    everyone,
    rest(
      'POST',
      () => '/test-mode/payment-methods',
      () => ({}),
    ),
  ],
  // The sign-in forms that work without scripts: anyone may send them (from this site's own pages).
  'POST /login': [everyone, form('/login', { email: 'plain-form@example.com', password: sharedPassword })],
  'POST /signUp': [everyone, form('/signUp', { name: '', email: '', password: '', phone: '', date: '', role: 'STUDENT', terms: 'on' })],
  'POST /login/phone': [everyone, form('/login/phone', { phone: '', mode: 'signIn' })],
  'POST /login/phone/resend': [everyone, form('/login/phone/resend', { phone: '', code: '', mode: 'signIn' })],
  'POST /login/forgot-password': [everyone, form('/login/forgot-password', { email: 'plain-form@example.com', password: '' })],
  'GET /healthz': [everyone, rest('GET', () => '/healthz')],
  'GET /readyz': [everyone, rest('GET', () => '/readyz')],
  // What describes the API: public in every environment (http/integrator-docs.ts).
  'GET /openapi.json': [everyone, rest('GET', () => '/openapi.json')],
  'GET /docs/': [everyone, rest('GET', () => '/docs/')],
  'GET /docs/{page}/': [everyone, rest('GET', () => '/docs/accounts/')],
  'GET /docs/webhooks/{event}.json': [everyone, rest('GET', () => '/docs/webhooks/enrollment.created.json')],
  // SSLCommerz's calls are checked by their signature, not by who sends them (unsigned ones answer 400).
  'POST /payments/sslcommerz/ipn': [everyone, rest('POST', () => '/payments/sslcommerz/ipn')],
  'POST /payments/sslcommerz/success': [everyone, rest('POST', () => '/payments/sslcommerz/success')],
  'POST /payments/sslcommerz/fail': [everyone, rest('POST', () => '/payments/sslcommerz/fail')],
  'POST /payments/sslcommerz/cancel': [everyone, rest('POST', () => '/payments/sslcommerz/cancel')],
  // Every provider's notifications and buyers' returns: checked by the provider's signature, not by who sends them.
  'POST /hooks/payments/{provider}': [everyone, rest('POST', () => '/hooks/payments/stripe')],
  'POST /hooks/payments/{provider}/return/{outcome}': [everyone, rest('POST', () => '/hooks/payments/sslcommerz/return/success')],
};

describe('authorization', () => {
  it('has a row for every GraphQL query and mutation', async () => {
    const { data } = await clients.visitor.graphql<IntrospectionQuery>(getIntrospectionQuery());
    const root = (name: string) => data!.__schema.types.find((t) => t.name === name) as unknown as { fields: Array<{ name: string }> };
    const operations = [...root('Query').fields, ...root('Mutation').fields].map((f) => f.name).sort();
    expect(operations).toEqual(Object.keys(graphqlTable).sort());
  });

  it('has a row for every REST path /openapi.json lists', async () => {
    const { paths } = (await (await clients.visitor.request('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const listed = Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(listed.filter((operation) => !restTable[operation])).toEqual([]);
  });

  for (const [table, rows] of [
    ['GraphQL', graphqlTable],
    ['REST', restTable],
  ] as const) {
    for (const [operation, [allowed, check]] of Object.entries(rows)) {
      it(`${table} ${operation}: allowed for ${allowed || 'nobody'}`, async () => {
        const outcome: Record<string, boolean> = {};
        const expected: Record<string, boolean> = {};
        for (const actor of actors) {
          outcome[actor] = await check(clients[actor], actor);
          expected[actor] = allowed.includes(letter[actor]);
        }
        expect(outcome).toEqual(expected);
      });
    }
  }

  // After the rows above: every REST path was called, by every kind of caller.
  it('every query parameter a REST path read in these calls is described in /openapi.json', async () => {
    const { paths } = (await (await clients.visitor.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    const undescribed = [...queryReads].flatMap(([route, names]) => {
      if (NOT_IN_OPENAPI[route]) return [];
      const [method, path] = route.split(' ');
      const described = paths[openApiPath(path)]?.[method.toLowerCase()]?.parameters?.filter((parameter) => parameter.in === 'query').map(({ name }) => name);
      return [...names].filter((name) => !described?.includes(name)).map((name) => `${route} reads ?${name}`);
    });
    expect(undescribed).toEqual([]);
    expect([...queryReads.keys()]).toEqual(expect.arrayContaining(['GET /api/courses', 'GET /api/users', 'POST /api/questions/import']));
  });
});

/**
 * API keys: a key never acts as a person. It gets past the gate only on the root fields
 * API_KEY_FIELDS lists, and on each only with that field's scope (or with any scope, for the
 * fields any key may read); the person rows above are reused with keys owned by the admin.
 */
describe('API keys', () => {
  const keys = {} as { every: HttpClient; without: Record<string, HttpClient> };
  const allScopes = Object.keys(ApiScope);
  const keyWith = async (scopes: string[]) => {
    const body = await clients.admin.graphql<{ createApiKey: { secret: string } }>(
      'mutation ($scopes: [ApiScope!]!) { createApiKey(name: "Authorization table", scopes: $scopes) { secret } }',
      { scopes },
    );
    const client = new HttpClient(app.url);
    client.token = body.data!.createApiKey.secret;
    return client;
  };
  beforeAll(async () => {
    keys.every = await keyWith(allScopes);
    keys.without = {};
    for (const scope of allScopes) keys.without[scope] = await keyWith(allScopes.filter((other) => other !== scope));
  });
  const scopeName = (field: string) => {
    const needed = API_KEY_FIELDS.query[field] ?? API_KEY_FIELDS.mutation[field];
    return needed === undefined || needed === ANY_KEY ? needed : Object.keys(ApiScope)[Object.values(ApiScope).indexOf(needed)];
  };

  for (const [operation, [, check]] of Object.entries(graphqlTable)) {
    const scope = scopeName(operation);
    it(`GraphQL ${operation}: ${scope === undefined ? 'refused to every key' : scope === ANY_KEY ? 'any key' : `keys with ${scope}`}`, async () => {
      expect(await check(keys.every, 'visitor')).toBe(scope !== undefined);
      if (scope !== undefined && scope !== ANY_KEY) expect(await check(keys.without[scope], 'visitor')).toBe(false);
      if (scope === ANY_KEY) for (const key of Object.values(keys.without)) expect(await check(key, 'visitor')).toBe(true);
    });
  }

  it('lists only operations the schema has', () => {
    for (const field of [...Object.keys(API_KEY_FIELDS.query), ...Object.keys(API_KEY_FIELDS.mutation)]) expect(graphqlTable).toHaveProperty(field);
  });
});
