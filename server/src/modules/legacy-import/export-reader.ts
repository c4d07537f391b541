import fs from 'node:fs';

/** One document of a mongoexport file, or why it could not be read. */
export type ExportRecord =
  { index: number; line: number; doc: Record<string, unknown>; error?: undefined } | { index: number; line: number; doc?: undefined; error: string };

/**
 * Reads a mongoexport file one document at a time, never holding the whole file: a JSON array
 * (`--jsonArray`, on one line or pretty-printed), one document a line (a broken line is refused
 * alone and reading resumes on the next line), or pretty-printed documents one after another. Extended JSON values
 * (`{"$oid": …}`, `{"$date": …}`, `{"$numberLong": …}`…) become plain strings and numbers.
 * `onBytes` is told how far into the file the reading is, for a progress bar.
 */
export async function* readExport(file: string, onBytes: (bytes: number) => void = () => undefined, chunkBytes = 1 << 20): AsyncGenerator<ExportRecord> {
  const stream = fs.createReadStream(file, { highWaterMark: chunkBytes });
  // lines: one document a line (mongoexport's default); pretty: documents pretty-printed one after another.
  let mode: 'unknown' | 'array' | 'lines' | 'pretty' = 'unknown';
  let depth = 0; // nesting inside the current document
  let inString = false;
  let escaped = false;
  let current = ''; // the text of the document being read
  let started = false;
  let line = 1;
  let startLine = 1;
  let index = 0;
  let bytes = 0;
  let closed = false;
  const decoder = new TextDecoder('utf-8');

  const finish = (): ExportRecord => {
    index += 1;
    const text = current;
    current = '';
    started = false;
    try {
      const value = fromExtendedJson(JSON.parse(text));
      if (!value || typeof value !== 'object' || Array.isArray(value)) return { index, line: startLine, error: 'not a document (an object was expected)' };
      return { index, line: startLine, doc: value as Record<string, unknown> };
    } catch (error) {
      return { index, line: startLine, error: `not valid JSON (${(error as Error).message})` };
    }
  };

  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    const text = decoder.decode(chunk as Buffer, { stream: true });
    const out: ExportRecord[] = [];
    let from = started ? 0 : -1; // where the current document's text starts in this chunk
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) line += 1;
      if (c === 10 && started && mode === 'lines') {
        // A line ends inside its document: a first line of just "{" starts pretty-printed documents;
        // otherwise that one line is broken, and reading resumes on the next.
        if (index === 0 && (current + text.slice(from, i)).trim() === '{') mode = 'pretty';
        else {
          index += 1;
          out.push({ index, line: startLine, error: 'not valid JSON (the line ends inside its document)' });
          current = '';
          started = false;
          depth = 0;
          inString = false;
          escaped = false;
          from = -1;
          continue;
        }
      }
      if (started) {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 92)
            escaped = true; // backslash
          else if (c === 34) {
            inString = false; // quote
            if (depth === 0) {
              current += text.slice(from, i + 1);
              from = -1;
              out.push(finish());
            }
          }
          continue;
        }
        if (c === 34) inString = true;
        else if (c === 123 || c === 91) depth += 1;
        else if (c === 125 || c === 93) {
          depth -= 1;
          if (depth === 0) {
            current += text.slice(from, i + 1);
            from = -1;
            out.push(finish());
          }
        }
        continue;
      }
      // Between documents: whitespace, the array's brackets and commas.
      if (c === 32 || c === 10 || c === 13 || c === 9 || c === 0xfeff) continue;
      if (mode === 'unknown') {
        mode = c === 91 ? 'array' : 'lines';
        if (mode === 'array') continue;
      }
      if (closed) throw new Error(`unexpected text after the end of the array on line ${line}`);
      if (mode === 'array' && c === 44) continue; // comma
      if (mode === 'array' && c === 93) {
        closed = true;
        continue;
      }
      started = true;
      startLine = line;
      from = i;
      if (c === 123 || c === 91) depth = 1;
      else if (c === 34) {
        depth = 0;
        inString = true;
      } else {
        // A bare value (number, true, null…): up to the next separator.
        let end = i;
        while (end < text.length && !/[\s,\]]/.test(text[end])) end += 1;
        current += text.slice(i, end);
        i = end - 1;
        from = -1;
        out.push(finish());
      }
    }
    if (from >= 0) current += text.slice(from);
    onBytes(bytes);
    yield* out;
  }
  if (started) {
    index += 1;
    yield { index, line: startLine, error: 'the file ends inside this document' };
  } else if (mode === 'array' && !closed) {
    throw new Error('the file ends before the JSON array is closed');
  }
}

/** MongoDB Extended JSON (canonical or relaxed) to plain values: ids and dates become strings. */
export function fromExtendedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromExtendedJson);
  if (!value || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length === 1) {
    const [key] = keys;
    const inner = object[key];
    switch (key) {
      case '$oid':
      case '$uuid':
      case '$symbol':
        return String(inner);
      case '$numberInt':
      case '$numberLong':
      case '$numberDouble':
      case '$numberDecimal':
        return Number(inner);
      case '$date': {
        const raw = fromExtendedJson(inner);
        const date = new Date(typeof raw === 'number' || typeof raw === 'string' ? raw : NaN);
        return Number.isNaN(date.getTime()) ? null : date.toISOString();
      }
    }
  }
  const plain: Record<string, unknown> = {};
  for (const key of keys) plain[key] = fromExtendedJson(object[key]);
  return plain;
}
