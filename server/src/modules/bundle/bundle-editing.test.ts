/**
 * Admins change a bundle (name, courses, price, by the rules of a new one) and stop or restart its
 * sale; a withdrawn bundle leaves the site and cannot be bought, its buyers keep their courses, and
 * the admins' list still shows it; nobody else may do any of it.
 */
import { IsNull } from 'typeorm';
import { Role } from '../../kernel/role';
import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { payOnGateway } from '../../test/sslcommerz-gateway';
import type { Course } from '../course/course.entity';
import { Enrollment } from '../enrollment/enrollment.entity';

const given = useAppPerFile({ env: { PUBLIC_URL: 'self' } });

let admin: HttpClient;
let student: HttpClient;
let instructor: HttpClient;
let studentId: string;
let physics: Course;
let chemistry: Course;
let biology: Course;
let bundleId: string;

const FIELDS = 'id name onSale courses { id } price { amount currency } listPrice { amount } saving { amount }';
const UPDATE = `mutation ($id: ID!, $input: CreateBundleInput!) { updateBundle(id: $id, input: $input) { ${FIELDS} } }`;
const ON_SALE = `mutation ($id: ID!, $onSale: Boolean!) { setBundleOnSale(id: $id, onSale: $onSale) { ${FIELDS} } }`;
const PUBLIC = `query ($id: ID!) { bundles { id } bundle(id: $id) { id name price { amount } } }`;
const ALL = `{ allBundles { id name onSale } }`;
const BUY = `mutation ($input: PurchaseBundleInput!) { purchaseBundle(input: $input) { status redirectURL paymentId } }`;

beforeEach(async () => {
  await makeUser(given.db, { email: 'bundle-admin@example.com', role: Role.ADMIN }, 'admin password');
  await makeUser(given.db, { email: 'bundle-teacher@example.com', role: Role.INSTRUCTOR }, 'teacher password');
  studentId = (await makeUser(given.db, { email: 'nadia@example.com', name: 'Nadia Islam' }, 'student password')).id;
  admin = await signedInClient(given.app.url, 'bundle-admin@example.com', 'admin password');
  instructor = await signedInClient(given.app.url, 'bundle-teacher@example.com', 'teacher password');
  student = await signedInClient(given.app.url, 'nadia@example.com', 'student password');
  physics = await makeCourse(given.db, { name: 'Physics 9', price: 10, priceBDT: 1000 });
  chemistry = await makeCourse(given.db, { name: 'Chemistry 9', price: 10, priceBDT: 1000 });
  biology = await makeCourse(given.db, { name: 'Biology 9', price: 20, priceBDT: 2000 });
  const made = await admin.graphql<{ createBundle: { id: string; onSale: boolean } }>(
    `mutation ($input: CreateBundleInput!) { createBundle(input: $input) { id onSale } }`,
    { input: { name: 'Science 9', courseIds: [physics.id, chemistry.id], priceBDT: 1500 } },
  );
  expect(made.data!.createBundle.onSale).toBe(true);
  bundleId = made.data!.createBundle.id;
});

const activeCourses = async () =>
  (await given.db.getRepository(Enrollment).findBy({ studentId, revokedAt: IsNull() })).map((enrollment) => enrollment.courseId).sort();

it('an admin changes the name, courses and price, by the rules of a new bundle, and the site shows the new ones', async () => {
  const changed = await admin.graphql(UPDATE, {
    id: bundleId,
    input: { name: 'Science 9 (full)', courseIds: [physics.id, chemistry.id, biology.id], priceBDT: 3200 },
  });
  expect(changed.errors).toBeUndefined();
  expect(changed.data).toMatchObject({
    updateBundle: {
      name: 'Science 9 (full)',
      onSale: true,
      price: { amount: 320_000, currency: 'BDT' },
      listPrice: { amount: 400_000 },
      saving: { amount: 80_000 },
    },
  });
  const seen = await student.graphql(PUBLIC, { id: bundleId });
  expect(seen.data).toMatchObject({ bundles: [{ id: bundleId }], bundle: { name: 'Science 9 (full)', price: { amount: 320_000 } } });

  const refused = async (input: Record<string, unknown>) =>
    (await admin.graphql(UPDATE, { id: bundleId, input: { name: 'Science 9', courseIds: [physics.id, chemistry.id], priceBDT: 1500, ...input } })).errors?.[0];
  expect(await refused({ courseIds: [physics.id] })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'input.courseIds' } });
  expect(await refused({ priceBDT: 2000 })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'input.priceBDT' } });
  expect(await refused({ name: 'x' })).toMatchObject({ extensions: { field: 'input.name' } });
  expect(
    (
      await admin.graphql(UPDATE, {
        id: '00000000-0000-4000-8000-000000000000',
        input: { name: 'Science 9', courseIds: [physics.id, chemistry.id], priceBDT: 1500 },
      })
    ).errors?.[0],
  ).toMatchObject({
    extensions: { code: 'BUNDLE_NOT_FOUND' },
  });
  // A refused change changed nothing.
  expect((await student.graphql(PUBLIC, { id: bundleId })).data).toMatchObject({ bundle: { name: 'Science 9 (full)', price: { amount: 320_000 } } });
});

it('a withdrawn bundle leaves the site and cannot be bought; its buyer keeps the courses; selling it again brings it back', async () => {
  const started = await student.graphql<{ purchaseBundle: { status: string; redirectURL: string } }>(BUY, {
    input: { bundleId, provider: 'SSLCOMMERZ', billingDetails: { name: 'Nadia Islam', phone: '01812-345678' }, idempotencyKey: 'withdrawn-1' },
  });
  expect(started.data!.purchaseBundle.status).toBe('REQUIRES_ACTION');
  await payOnGateway(started.data!.purchaseBundle.redirectURL);
  expect(await activeCourses()).toEqual([physics.id, chemistry.id].sort());

  const withdrawn = await admin.graphql<{ setBundleOnSale: { onSale: boolean } }>(ON_SALE, { id: bundleId, onSale: false });
  expect(withdrawn.data!.setBundleOnSale.onSale).toBe(false);
  expect((await student.graphql(PUBLIC, { id: bundleId })).data).toEqual({ bundles: [], bundle: null });
  const buying = await student.graphql(BUY, {
    input: { bundleId, provider: 'SSLCOMMERZ', billingDetails: { name: 'Nadia Islam', phone: '01812-345678' }, idempotencyKey: 'withdrawn-2' },
  });
  expect(buying.errors?.[0].extensions?.code).toBe('BUNDLE_NOT_FOUND');
  expect(await activeCourses()).toEqual([physics.id, chemistry.id].sort());
  expect((await admin.graphql(ALL)).data).toEqual({ allBundles: [{ id: bundleId, name: 'Science 9', onSale: false }] });

  await admin.graphql(ON_SALE, { id: bundleId, onSale: true });
  expect((await student.graphql(PUBLIC, { id: bundleId })).data).toMatchObject({ bundles: [{ id: bundleId }], bundle: { id: bundleId } });
});

it('only admins change bundles, stop their sale or list them all', async () => {
  for (const someone of [student, instructor]) {
    const change = await someone.graphql(UPDATE, { id: bundleId, input: { name: 'Mine', courseIds: [physics.id, chemistry.id], priceBDT: 1 } });
    expect(change.errors?.[0].extensions?.category).toBe('FORBIDDEN');
    expect((await someone.graphql(ON_SALE, { id: bundleId, onSale: false })).errors?.[0].extensions?.category).toBe('FORBIDDEN');
    expect((await someone.graphql(ALL)).errors?.[0].extensions?.category).toBe('FORBIDDEN');
  }
  expect((await student.graphql(PUBLIC, { id: bundleId })).data).toMatchObject({ bundle: { name: 'Science 9', price: { amount: 150_000 } } });
});
