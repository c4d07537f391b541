import { spawn } from 'node:child_process';

// pdf-parse (on pdf.js) loads ES modules at run time, which jest's sandbox cannot: a plain node reads the file.
const EXTRACT = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c)).on('end', async () => {
  const { text } = await new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) }).getText();
  process.stdout.write(text);
});`;

/** The text of a PDF, as a reader's copy and paste would give it. */
export function pdfText(bytes: ArrayBuffer | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', EXTRACT], { cwd: __dirname, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`pdf text extraction failed: ${err}`))));
    child.stdin.end(Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes));
  });
}
