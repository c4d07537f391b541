import type { DataSource } from 'typeorm';
import { closeTestDatabase, openTestDatabase } from '../../../test/database';
import { IDEMPOTENCY_ERROR, TestModeProvider } from './test-mode.provider';

let db: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => closeTestDatabase(db));

describe('the offline card test mode', () => {
  it('answers a repeated request with its key with the first answer, and refuses the key with other parameters, as Stripe does', async () => {
    const provider = new TestModeProvider(db, 'whsec_test', 'http://localhost');
    const request = { amountMinor: 1200, currency: 'usd', description: 'Physics', metadata: { paymentId: 'p1', courseId: 'c1' }, idempotencyKey: 'create-p1' };
    const first = await provider.createPayment(request);
    expect((await provider.createPayment({ ...request, metadata: { courseId: 'c1', paymentId: 'p1' } })).id).toBe(first.id);
    await expect(provider.createPayment({ ...request, amountMinor: 1300 })).rejects.toThrow(IDEMPOTENCY_ERROR);
    await expect(provider.createPayment({ ...request, metadata: { paymentId: 'p1', courseId: 'other' } })).rejects.toThrow(IDEMPOTENCY_ERROR);
  });
});
