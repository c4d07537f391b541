import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { AppError, notFound } from '../../shared/errors';
import { certificatePdf, certificatePdfIn, findCertificate, isRevoked } from './certificate.service';
import { isLanguage } from '../../i18n/languages';

export const CERTIFICATE_REVOKED = 'This certificate was revoked';

/**
 * GET /api/certificates/{number}/pdf: the stored PDF, in the student's language, for anyone holding
 * the number (it is on the page it verifies); `?lang=bn` or `?lang=en` draws it in that language.
 */
export function certificateRouter(db: DataSource, publicUrl: string): Router {
  const router = Router();
  router.get('/api/certificates/:number/pdf', async (req, res) => {
    const certificate = await findCertificate(db, String(req.params.number));
    if (!certificate) throw notFound('Certificate not found', 'CERTIFICATE_NOT_FOUND');
    if (isRevoked(certificate)) throw new AppError('CERTIFICATE_REVOKED', CERTIFICATE_REVOKED);
    const language = req.query.lang;
    const pdf = isLanguage(language) ? await certificatePdfIn(certificate, language, publicUrl) : await certificatePdf(db, certificate, publicUrl);
    const suffix = isLanguage(language) ? `-${language}` : '';
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="certificate-${certificate.number}${suffix}.pdf"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(pdf);
  });
  return router;
}
