import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { AppError, notFound } from '../../shared/errors';
import { findCertificate, isRevoked } from './certificate.service';

export const CERTIFICATE_REVOKED = 'This certificate was revoked';

/** GET /api/certificates/{number}/pdf: the stored PDF, for anyone holding the number (it is on the page it verifies). */
export function certificateRouter(db: DataSource): Router {
  const router = Router();
  router.get('/api/certificates/:number/pdf', async (req, res) => {
    const certificate = await findCertificate(db, String(req.params.number));
    if (!certificate) throw notFound('Certificate not found');
    if (isRevoked(certificate)) throw new AppError('FORBIDDEN', CERTIFICATE_REVOKED);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="certificate-${certificate.number}.pdf"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(certificate.pdf);
  });
  return router;
}
