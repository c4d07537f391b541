import { createHash } from 'node:crypto';
import { badInput } from './errors';

/**
 * A picture people attach (a bank question's, a question under a lesson): what it may be (PNG, JPEG
 * or WebP, told by its first bytes, never by a file name or the type the browser claims; at most
 * 1 MB and 4000 × 4000 pixels).
 */

export const MAX_PICTURE_BYTES = 1024 * 1024;
export const PICTURE_TOO_LARGE = 'The picture is larger than 1 MB; make it smaller and try again';
export const PICTURE_NOT_SUPPORTED = 'The file is not a PNG, JPEG or WebP picture';
export const PICTURE_EMPTY = 'Choose a picture to upload';
export const MAX_PICTURE_SIDE = 4000;
export const PICTURE_TOO_MANY_PIXELS = 'The picture is larger than 4000 × 4000 pixels; make it smaller and try again';

export type PictureType = 'image/png' | 'image/jpeg' | 'image/webp';

export const PICTURE_EXTENSIONS: Record<PictureType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

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

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);

/** A JPEG's size from its first start-of-frame marker, walking the segments' lengths. */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      at += 2;
      continue;
    }
    // SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    at += 2 + u16be(b, at + 2);
  }
  return null;
}

/**
 * The picture's width and height read from its header, before anything decodes it (a small file
 * can say 30000 × 30000 and take gigabytes to draw); null when the header does not say.
 */
export function pictureSizeOf(bytes: Uint8Array, type: PictureType): { width: number; height: number } | null {
  if (type === 'image/png') return bytes.length >= 24 ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : null;
  if (type === 'image/jpeg') return jpegSize(bytes);
  if (bytes.length < 30) return null;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8 ') return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  return null;
}

export const isPictureType = (type: string | null): type is PictureType => type !== null && type in PICTURE_EXTENSIONS;

export const pictureTooLarge = () => badInput(PICTURE_TOO_LARGE, { field: 'picture', max: MAX_PICTURE_BYTES }, 'PICTURE_TOO_LARGE');

/** A picture as it is kept: its bytes, its type and a digest of its content (for an address that changes with it). */
export interface CheckedPicture {
  picture: Buffer;
  pictureType: PictureType;
  pictureDigest: string;
}

/** The bytes as a picture to keep, or the refusal that says what is wrong with them. */
export function checkedPicture(bytes: Buffer): CheckedPicture {
  if (bytes.length === 0) throw badInput(PICTURE_EMPTY, { field: 'picture' }, 'PICTURE_NOT_SUPPORTED');
  if (bytes.length > MAX_PICTURE_BYTES) throw pictureTooLarge();
  const type = pictureTypeOf(bytes);
  if (!type) throw badInput(PICTURE_NOT_SUPPORTED, { field: 'picture' }, 'PICTURE_NOT_SUPPORTED');
  const size = pictureSizeOf(bytes, type);
  if (!size || size.width < 1 || size.height < 1) throw badInput(PICTURE_NOT_SUPPORTED, { field: 'picture' }, 'PICTURE_NOT_SUPPORTED');
  if (size.width > MAX_PICTURE_SIDE || size.height > MAX_PICTURE_SIDE)
    throw badInput(PICTURE_TOO_MANY_PIXELS, { field: 'picture', max: MAX_PICTURE_SIDE }, 'PICTURE_TOO_MANY_PIXELS');
  return { picture: bytes, pictureType: type, pictureDigest: createHash('sha256').update(bytes).digest('base64url').slice(0, 22) };
}

/** The file name of a kept picture in its address: `<digest>.<extension>`; null without one. */
export function pictureFileName(kept: { pictureType: string | null; pictureDigest: string | null }): string | null {
  if (!kept.pictureDigest || !isPictureType(kept.pictureType)) return null;
  return `${kept.pictureDigest}.${PICTURE_EXTENSIONS[kept.pictureType]}`;
}

/** The digest an address's file name holds (`<digest>.png` gives `<digest>`). */
export const digestOfPictureFile = (file: string): string => file.replace(/\.(png|jpg|webp)$/, '');
