import fs from 'node:fs';
import path from 'node:path';

/**
 * Reconciliation (asking providers about every unsettled payment and processing refund) runs only
 * as the scheduled job, never inside a buyer's request: of the server's code (tests aside), only
 * the job calls it, and only reconciliation calls settlement's sweep of unsettled payments.
 */
const SRC = path.resolve(__dirname, '../..');

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const callersOf = (name: string) =>
  sourceFiles(SRC)
    .filter((file) => new RegExp(`\\b${name}\\s*\\(`).test(fs.readFileSync(file, 'utf8').replace(new RegExp(`function ${name}\\s*\\(`, 'g'), '')))
    .map((file) => path.relative(SRC, file).split(path.sep).join('/'));

describe('reconciliation', () => {
  it('is run by the scheduled job alone', () => {
    expect(callersOf('reconcileUnsettledPayments')).toEqual(['modules/payment/payment-jobs.ts']);
    expect(callersOf('settleUnsettledPayments')).toEqual(['modules/payment/reconciliation.service.ts']);
  });
});
