import type { ProductModule } from '../product-module';
import { CertificateResolver } from './certificate.resolver';
import { Certificate } from './certificate.entity';

export const certificateModule: ProductModule = {
  name: 'certificate',
  resolvers: [CertificateResolver],
  entities: [Certificate],
};
