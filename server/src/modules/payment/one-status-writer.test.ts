import fs from 'node:fs';
import path from 'node:path';

/**
 * One writer of a payment's status: of the server's code (tests aside), only settlement
 * (settlement.service.ts) writes `payment.status`, whether through the entity's repository, an
 * assignment or SQL. Everything else asks settlement.
 */
const SRC = path.resolve(__dirname, '../..');
const SETTLEMENT = path.join(__dirname, 'settlement.service.ts');

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The text of each call's arguments, from its opening parenthesis to the matching one. */
function callArguments(source: string, at: number): string {
  let depth = 0;
  for (let i = at; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(at + 1, i);
  }
  return source.slice(at + 1);
}

const WRITES = /\.(update|save|insert|upsert|create|merge|preload)\s*(?:<[^>]*>)?\s*\(/g;

/** The ways a file writes a payment's status, each as the text that does it. */
export function paymentStatusWrites(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(WRITES)) {
    const args = callArguments(source, match.index + match[0].length - 1);
    const receiver = source.slice(Math.max(0, match.index - 60), match.index);
    const onPayments = /(getRepository\(\s*Payment\s*\)|\bpayments)\s*$/.test(receiver);
    // A write carrying a payment status, or a write to the payments' repository naming `status`.
    if (/PaymentStatus\./.test(args) || (onPayments && /\bstatus\b/.test(args))) found.push(`${match[0]}${args.slice(0, 80)}`);
  }
  // Setting it on an entity: `payment.status = PaymentStatus.X`, `Object.assign(payment, { status: PaymentStatus.X })`.
  for (const match of source.matchAll(/\.status\s*=(?!=)\s*PaymentStatus\.\w+|Object\.assign\([^)]*\bstatus\s*:\s*PaymentStatus\.\w+/g)) found.push(match[0]);
  // SQL: UPDATE "payment" SET … "status" …, or a payment inserted with its status.
  for (const match of source.matchAll(/UPDATE\s+"?payment"?\s+(?:\w+\s+)?SET\b[^`;]*?\bstatus\b|INSERT\s+INTO\s+"?payment"?\s*\([^)]*\bstatus\b/gi))
    found.push(match[0]);
  return found;
}

describe("a payment's status", () => {
  it('is written by settlement alone', () => {
    const writers = sourceFiles(SRC)
      .filter((file) => file !== SETTLEMENT)
      .flatMap((file) => paymentStatusWrites(fs.readFileSync(file, 'utf8')).map((write) => `${path.relative(SRC, file)}: ${write}`));
    expect(writers).toEqual([]);
  });

  it('would notice every way of writing it', () => {
    const written = [
      'await manager.getRepository(Payment).update(payment.id, { status: PaymentStatus.REFUNDED, refundedMinor: amount });',
      'await deps.db.getRepository(Payment).update({ id }, { status: next });',
      'await payments.save({ ...row, status: PaymentStatus.PENDING });',
      'payment.status = PaymentStatus.SUCCEEDED;',
      'Object.assign(current, { status: PaymentStatus.FAILED });',
      'await db.query(`UPDATE "payment" SET "status" = $1 WHERE id = $2`, [status, id]);',
      "await db.query('UPDATE payment p SET status = $1', ['failed']);",
      'await db.query(`INSERT INTO payment ("id", "status") VALUES ($1, $2)`, [id, status]);',
    ];
    for (const line of written) expect([line, paymentStatusWrites(line).length]).toEqual([line, 1]);
    const reads = [
      'await payments.findOneBy({ studentId, status: PaymentStatus.REQUIRES_ACTION });',
      "if (payment.status === PaymentStatus.HELD) throw new AppError('PAYMENT_HELD', PAYMENT_HELD);",
      'await payments.update(payment.id, { providerRef: intent.id });',
      "await manager.getRepository(Refund).update(refund.id, { status: 'failed' });",
      'SELECT * FROM payment WHERE status = $1',
    ];
    for (const line of reads) expect(paymentStatusWrites(line)).toEqual([]);
  });
});
