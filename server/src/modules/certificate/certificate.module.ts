import type { ProductModule } from '../product-module';
import { CertificateResolver } from './certificate.resolver';
import { Certificate } from './certificate.entity';
import { certificateRouter } from './certificate.router';

export const certificateModule: ProductModule = {
  name: 'certificate',
  resolvers: [CertificateResolver],
  entities: [Certificate],
  routes: ({ db, env }) => [{ phase: 'rest', order: 50, router: certificateRouter(db, env.publicUrl) }],
};
