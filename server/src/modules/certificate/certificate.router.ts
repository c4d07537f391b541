import { Router } from 'express';
import type { DataSource } from 'typeorm';
import { AppError, notFound } from '../../shared/errors';
import { certificatePdf, certificatePdfIn, findCertificate, isRevoked } from './certificate.service';
import { isLanguage, LANGUAGES } from '../../i18n/languages';
import { documented, error, type RouteDocs } from '../../shared/route-docs';

export const CERTIFICATE_REVOKED = 'This certificate was revoked';

/** The description of the path below, for GET /openapi.json (http/openapi.ts). */
const CERTIFICATE_API: RouteDocs = {
  'GET /api/certificates/:number/pdf': {
    tag: 'Certificates and receipts',
    access: 'anyone',
    summary: "A certificate's PDF, for anyone holding its number",
    path: { number: { description: "The certificate's number (`SHK-…`), as on its public page", schema: { type: 'string' } } },
    query: { lang: { description: "Draw it in this language; the student's language when left out", schema: { enum: [...LANGUAGES] } } },
    responses: {
      200: { description: 'The PDF (a download)', content: { 'application/pdf': { type: 'string', contentMediaType: 'application/pdf' } } },
      403: error('The certificate was revoked (CERTIFICATE_REVOKED)'),
      404: error('No certificate has this number (CERTIFICATE_NOT_FOUND)'),
    },
  },
};

/**
 * GET /api/certificates/{number}/pdf: the stored PDF, in the student's language, for anyone holding
 * the number (it is on the page it verifies); `?lang=bn` or `?lang=en` draws it in that language.
 */
export function certificateRouter(db: DataSource, publicUrl: string): Router {
  const router = documented(Router(), CERTIFICATE_API);
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
