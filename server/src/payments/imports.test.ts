import fs from 'node:fs';
import path from 'node:path';

/**
 * Providers speak only their gateway: nothing under payments/ (tests included) imports a module of
 * the product, not even its types. A module may import payments/, never the reverse.
 */
const PAYMENTS = __dirname;
const MODULES = path.resolve(__dirname, '../modules');

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every specifier a file names: `import … from`, `import type … from`, `export … from`, `import('…')`, `require('…')`, `jest.mock('…')`. */
const specifiersOf = (source: string) =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bmock\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1]);

export function moduleImports(file: string, source = fs.readFileSync(file, 'utf8')): string[] {
  return specifiersOf(source).filter((spec) => {
    if (!spec.startsWith('.')) return false;
    const target = path.resolve(path.dirname(file), spec);
    return target === MODULES || target.startsWith(MODULES + path.sep);
  });
}

describe('payments/', () => {
  it('imports nothing from modules/, type imports included', () => {
    const offending = sourceFiles(PAYMENTS).flatMap((file) => moduleImports(file).map((spec) => `${path.relative(PAYMENTS, file)} imports ${spec}`));
    expect(offending).toEqual([]);
  });

  it('would notice any form of import from a module', () => {
    const file = path.join(PAYMENTS, 'stripe', 'example.ts');
    const written = [
      "import type { PurchaseDeps } from '../../modules/payment/payment-deps';",
      "import { Payment } from '../../modules/payment/payment.entity';",
      "export { settleFromProvider } from '../../modules/payment/settlement.service';",
      "const later = await import('../../modules/payment/settlement.service');",
      "const loaded = require('../../modules/payment/payment.entity');",
      "import '../../modules/payment/payment.module';",
    ];
    for (const line of written) expect(moduleImports(file, line)).toHaveLength(1);
    expect(moduleImports(file, "import { money } from '../../shared/money';\nimport type { PaymentProvider } from '../provider';")).toEqual([]);
  });
});
