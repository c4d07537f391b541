import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromExtendedJson, readExport, type ExportRecord } from './export-reader';

function fileWith(content: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'export-reader-')), 'export.json');
  fs.writeFileSync(file, content);
  return file;
}

async function readAll(content: string, chunkBytes: number): Promise<ExportRecord[]> {
  const records: ExportRecord[] = [];
  for await (const record of readExport(fileWith(content), undefined, chunkBytes)) records.push(record);
  return records;
}

const DOCS = [
  { _id: { $oid: '64b7f0c2a1b2c3d4e5f60001' }, name: 'পদার্থবিজ্ঞান "Physics" {class 9} [new]', price: { $numberDecimal: '12.50' } },
  { _id: '2', name: 'back\\slash', createdAt: { $date: { $numberLong: '1650000000000' } }, tags: ['a', { $oid: 'x' }] },
];
const EXPECTED = [
  { _id: '64b7f0c2a1b2c3d4e5f60001', name: 'পদার্থবিজ্ঞান "Physics" {class 9} [new]', price: 12.5 },
  { _id: '2', name: 'back\\slash', createdAt: '2022-04-15T05:20:00.000Z', tags: ['a', 'x'] },
];

describe('reading mongoexport files', () => {
  it.each([
    ['a JSON array on one line', JSON.stringify(DOCS)],
    ['a pretty-printed JSON array', JSON.stringify(DOCS, null, 2)],
    ['one document a line', DOCS.map((doc) => JSON.stringify(doc)).join('\n') + '\n'],
  ])('reads %s, whatever the chunk boundaries', async (_kind, content) => {
    for (const chunkBytes of [3, 7, 64, 1 << 20]) {
      const records = await readAll(content, chunkBytes);
      expect(records.map((r) => r.doc)).toEqual(EXPECTED);
    }
  });

  it('gives the record number and line of a broken document and reads on', async () => {
    const records = await readAll('{"_id": 1}\n{"_id": 2, "name": }\n"text"\n{"_id": 4}\n', 5);
    expect(records.map((r) => [r.index, r.line, r.doc ?? r.error])).toEqual([
      [1, 1, { _id: 1 }],
      [2, 2, expect.stringMatching(/^not valid JSON \(/)],
      [3, 3, 'not a document (an object was expected)'],
      [4, 4, { _id: 4 }],
    ]);
  });

  it('refuses a broken line of a JSON-lines file alone and resumes reading at the next line', async () => {
    const content = '{"_id": 1}\n{"_id": 2, "name": "no closing brace"\n{"_id": 3, "name": "an unclosed string}\n{"_id": 4}\n';
    for (const chunkBytes of [3, 1 << 20]) {
      const records = await readAll(content, chunkBytes);
      expect(records.map((r) => [r.index, r.line, r.doc ?? r.error])).toEqual([
        [1, 1, { _id: 1 }],
        [2, 2, 'not valid JSON (the line ends inside its document)'],
        [3, 3, 'not valid JSON (the line ends inside its document)'],
        [4, 4, { _id: 4 }],
      ]);
    }
  });

  it('reads pretty-printed documents one after another', async () => {
    const records = await readAll(DOCS.map((doc) => JSON.stringify(doc, null, 2)).join('\n') + '\n', 5);
    expect(records.map((r) => r.doc)).toEqual(EXPECTED);
  });

  it('says when the file ends inside a document or an array', async () => {
    expect((await readAll('[{"_id": 1}, {"_id": 2, "name": "cut', 1 << 20)).map((r) => r.error)).toEqual([undefined, 'the file ends inside this document']);
    await expect(readAll('[{"_id": 1},', 1 << 20)).rejects.toThrow('the file ends before the JSON array is closed');
  });

  it('turns Extended JSON dates that are not dates into null', () => {
    expect(fromExtendedJson({ when: { $date: 'someday' }, n: { $numberLong: '42' } })).toEqual({ when: null, n: 42 });
  });

  it('hands out the first documents of a large file before reading the rest (streamed, never loaded whole)', async () => {
    const doc = JSON.stringify({ _id: 'x', name: 'A course', description: 'd'.repeat(1000) });
    const file = fileWith(Array.from({ length: 5000 }, () => doc).join('\n'));
    const total = fs.statSync(file).size;
    let bytesRead = 0;
    let readWhenFirstArrived = -1;
    let count = 0;
    for await (const record of readExport(file, (bytes) => (bytesRead = bytes))) {
      if (count === 0) readWhenFirstArrived = bytesRead;
      count += record.doc ? 1 : 0;
    }
    expect(count).toBe(5000);
    expect(total).toBeGreaterThan(4 << 20);
    expect(readWhenFirstArrived).toBe(1 << 20);
  });
});
