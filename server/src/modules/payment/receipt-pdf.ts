import PDFDocument from 'pdfkit';
import { text } from '../../i18n/translate';
import { notoBengaliFontFile, scriptRuns } from '../../shared/script-runs';
import { receiptLines } from './receipt-document';
import type { ReceiptFacts } from './receipt.service';

/** The receipt as an A4 PDF in its language (Bangla labels and digits in Bangla), the same lines as its page. */
export function renderReceiptPdf(facts: ReceiptFacts, paidAt: Date): Promise<Buffer> {
  const t = (key: Parameters<typeof text>[1], values?: Record<string, string>) => text(facts.language, key, values);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: t('receipt.documentTitle', { transaction: facts.transaction }), Author: 'Shikhon', CreationDate: paidAt, ModDate: paidAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('latin', notoBengaliFontFile('latin', 400));
  doc.registerFont('latin-bold', notoBengaliFontFile('latin', 700));
  doc.registerFont('bengali', notoBengaliFontFile('bengali', 400));
  doc.registerFont('bengali-bold', notoBengaliFontFile('bengali', 700));

  /** One line of mixed scripts from `x`, cut to the room on the right. */
  const line = (value: string, x: number, y: number, size: number, bold = false, color = '#111827') => {
    const runs = scriptRuns(value).map((run) => ({ ...run, font: `${run.bengali ? 'bengali' : 'latin'}${bold ? '-bold' : ''}` }));
    const width = () => runs.reduce((sum, run) => sum + doc.font(run.font).widthOfString(run.text), 0);
    doc.fontSize(size).fillColor(color);
    // A long course name is written smaller rather than past the page's edge.
    const room = doc.page.width - 56 - x;
    const measured = width();
    if (measured > room) doc.fontSize((size * room) / measured);
    for (const run of runs) {
      doc.font(run.font).text(run.text, x, y, { lineBreak: false });
      x += doc.widthOfString(run.text);
    }
  };

  line(t('receipt.brand'), 56, 56, 16, true, '#1e40af');
  line(t('receipt.title'), 56, 82, 24, true);
  line(t('receipt.thanks'), 56, 120, 12, false, '#4b5563');
  let y = 160;
  for (const { label, value } of receiptLines(facts)) {
    doc
      .moveTo(56, y - 8)
      .lineTo(doc.page.width - 56, y - 8)
      .lineWidth(0.5)
      .stroke('#d1d5db');
    line(label, 56, y, 11, false, '#4b5563');
    line(value, 210, y, 12, true);
    y += 32;
  }
  line(t('receipt.footer'), 56, y + 12, 10, false, '#4b5563');
  doc.end();
  return done;
}
