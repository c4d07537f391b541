import type { ProductModule } from '../product-module';
import { AuditResolver } from './audit.resolver';
import { AuditEntry } from './audit.entity';

export const auditModule: ProductModule = {
  name: 'audit',
  resolvers: [AuditResolver],
  entities: [AuditEntry],
};
