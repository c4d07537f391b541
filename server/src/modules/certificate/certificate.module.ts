import type { ProductModule } from '../../kernel/product-module';
import type DataLoader from 'dataloader';
import { createCertificateByEnrollmentLoader } from './certificate.service';

declare module '../../kernel/context' {
  interface Loaders {
    /** An enrollment's certificate, by enrollment id. */
    certificateByEnrollment: DataLoader<string, Certificate | null>;
  }
}
import { CertificateResolver } from './certificate.resolver';
import { Certificate } from './certificate.entity';
import { certificateRouter } from './certificate.router';

export const certificateModule: ProductModule = {
  name: 'certificate',
  loaders: { certificateByEnrollment: ({ db }) => createCertificateByEnrollmentLoader(db) },
  resolvers: [CertificateResolver],
  entities: [Certificate],
  routes: ({ db, env }) => [{ phase: 'rest', order: 50, router: certificateRouter(db, env.publicUrl) }],
};
