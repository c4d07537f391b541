/**
 * The optional picture of a bank question: what it may be (PNG, JPEG or WebP, told by its first
 * bytes, never by a file name or the type the browser claims; at most 1 MB) and its address.
 */

export const MAX_QUESTION_PICTURE_BYTES = 1024 * 1024;
export const PICTURE_TOO_LARGE = 'The picture is larger than 1 MB; make it smaller and try again';
export const PICTURE_NOT_SUPPORTED = 'The file is not a PNG, JPEG or WebP picture';
export const PICTURE_EMPTY = 'Choose a picture to upload';

export type PictureType = 'image/png' | 'image/jpeg' | 'image/webp';

const EXTENSIONS: Record<PictureType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

/** The picture's type read from its content (its signature), or null for anything else. */
export function pictureTypeOf(bytes: Uint8Array): PictureType | null {
  // PNG: \x89PNG\r\n\x1a\n, then the IHDR chunk.
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12)) return 'image/png';
  // JPEG: a start-of-image marker followed by another marker.
  if (startsWith(bytes, [0xff, 0xd8, 0xff]) && bytes.length > 3) return 'image/jpeg';
  // WebP: a RIFF container of the WEBP form with a VP8, VP8L or VP8X chunk.
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8) && startsWith(bytes, [0x56, 0x50, 0x38], 12)) {
    return 'image/webp';
  }
  return null;
}

export const isPictureType = (type: string | null): type is PictureType => type !== null && type in EXTENSIONS;

/** Where the picture is served, changing with its content; null for a question without one. */
export function questionPictureAddress(question: { id: string; pictureType: string | null; pictureDigest: string | null }): string | null {
  if (!question.pictureDigest || !isPictureType(question.pictureType)) return null;
  return `/api/questions/${question.id}/picture/${question.pictureDigest}.${EXTENSIONS[question.pictureType]}`;
}
