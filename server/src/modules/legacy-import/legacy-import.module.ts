import type { ProductModule } from '../../kernel/product-module';
import { LegacyRecord } from './legacy-record.entity';

export const legacyImportModule: ProductModule = {
  name: 'legacy-import',
  entities: [LegacyRecord],
};
