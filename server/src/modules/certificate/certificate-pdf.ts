import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { localeOf, type Language } from '../../i18n/languages';
import { text } from '../../i18n/translate';
import { notoBengaliFontFile, scriptRuns } from '../../shared/script-runs';

const fontFile = notoBengaliFontFile;

export interface CertificateFacts {
  number: string;
  studentName: string;
  course: string;
  instructor: string;
  issuedAt: Date;
  verifyURL: string;
}

export { scriptRuns };

/** A line's font size: as asked, or smaller in proportion when the line is wider than the room (long names, long titles). */
export function fitSize(size: number, widthAtSize: number, room: number): number {
  return widthAtSize > room ? (size * room) / widthAtSize : size;
}

/** "23 November 2026", or in Bangla "২৩ নভেম্বর, ২০২৬" (Bengali digits), in Dhaka time. */
export function completionDate(date: Date, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(language === 'bn' ? localeOf(language) : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Dhaka',
  }).format(date);
}

/**
 * The certificate as a landscape A4 PDF, every label in `language` (a Bangla certificate has Bangla
 * labels and a Bengali date). Everything on it comes from the facts given, and the document's dates
 * are the issue date, so the same facts make the same file.
 */
export async function renderCertificatePdf(facts: CertificateFacts, language: Language = 'en'): Promise<Buffer> {
  const t = (key: Parameters<typeof text>[1], values?: Record<string, string>) => text(language, key, values);
  const qr = await QRCode.toBuffer(facts.verifyURL, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: t('certificate.documentTitle', { number: facts.number }), Author: 'Shikhon', CreationDate: facts.issuedAt, ModDate: facts.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('latin', fontFile('latin', 400));
  doc.registerFont('latin-bold', fontFile('latin', 700));
  doc.registerFont('bengali', fontFile('bengali', 400));
  doc.registerFont('bengali-bold', fontFile('bengali', 700));
  const { width, height } = doc.page;

  /** One centred line, mixing the two fonts as the text needs. */
  const centred = (text: string, y: number, size: number, bold = false, color = '#1f2937') => {
    const runs = scriptRuns(text).map((run) => ({ ...run, font: `${run.bengali ? 'bengali' : 'latin'}${bold ? '-bold' : ''}` }));
    const measure = () => runs.reduce((sum, run) => sum + doc.font(run.font).widthOfString(run.text), 0);
    doc.fontSize(size).fillColor(color);
    doc.fontSize(fitSize(size, measure(), width - 120));
    const total = measure();
    let x = (width - total) / 2;
    for (const run of runs) {
      doc.font(run.font).text(run.text, x, y, { lineBreak: false });
      x += doc.widthOfString(run.text);
    }
  };

  /** One line from the left edge, mixing the two fonts as the text needs. */
  const left = (line: string, x: number, y: number, size: number) => {
    doc.fontSize(size).fillColor('#374151');
    for (const run of scriptRuns(line)) {
      doc.font(run.bengali ? 'bengali' : 'latin').text(run.text, x, y, { lineBreak: false });
      x += doc.widthOfString(run.text);
    }
  };

  doc
    .rect(20, 20, width - 40, height - 40)
    .lineWidth(3)
    .stroke('#1e40af');
  doc
    .rect(30, 30, width - 60, height - 60)
    .lineWidth(1)
    .stroke('#93c5fd');
  centred(t('certificate.brand'), 70, 20, true, '#1e40af');
  centred(t('certificate.title'), 110, 34, true);
  centred(t('certificate.certifies'), 180, 14, false, '#4b5563');
  centred(facts.studentName, 205, 30, true, '#111827');
  centred(t('certificate.completed'), 260, 14, false, '#4b5563');
  centred(facts.course, 285, 22, true, '#111827');
  centred(t('certificate.instructor', { name: facts.instructor }), 330, 14);
  centred(t('certificate.completedOn', { date: completionDate(facts.issuedAt, language) }), 355, 14);

  doc.image(qr, width - 190, height - 200, { width: 120 });
  left(t('certificate.number', { number: facts.number }), 60, height - 110, 11);
  left(t('certificate.verify', { url: facts.verifyURL }), 60, height - 92, 11);
  doc.end();
  return done;
}
