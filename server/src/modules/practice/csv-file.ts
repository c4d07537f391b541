import { badInput } from '../../shared/errors';

/** A question CSV file may be this large as an upload (500 rows of Bangla with formulas fit well within). */
export const MAX_CSV_BYTES = 2 * 1024 * 1024;
export const CSV_TOO_LARGE = 'The file is larger than 2 MB; split it into smaller files';
export const CSV_NOT_UTF8 =
  'The file is not saved as UTF-8 text, so its Bangla cannot be read. In your spreadsheet program choose "Save as" and "CSV UTF-8", then upload that file';

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/**
 * A CSV file's text, its encoding told by its bytes: UTF-8 (with or without the byte-order mark
 * Excel writes) or UTF-16 with its mark ("Unicode text"). Anything else (a Windows code page, which
 * cannot hold Bangla anyway) is refused with how to save the file right, never read as U+FFFD.
 */
export function csvText(bytes: Uint8Array): string {
  try {
    if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
    if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badInput(CSV_NOT_UTF8, { field: 'file' }, 'FILE_NOT_UNICODE');
  }
}
