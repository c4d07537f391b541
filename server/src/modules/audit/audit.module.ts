import type { ProductModule } from '../../kernel/product-module';
import { AuditResolver } from './audit.resolver';
import { AuditEntry } from './audit.entity';

export const auditModule: ProductModule = {
  name: 'audit',
  resolvers: [AuditResolver],
  entities: [AuditEntry],
};
