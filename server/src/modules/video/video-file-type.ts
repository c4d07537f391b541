/** What an uploaded file really is, from its first bytes (never from its name or the browser's word). */
export type VideoContainer = 'mp4' | 'mov' | 'webm' | 'mkv';

export const SNIFF_BYTES = 64;

export const UNSUPPORTED_VIDEO = 'This file is not a video we can use. Upload an MP4, MOV, WebM or MKV video.';

/** The container of a file from its first bytes, or null for anything else. */
export function sniffVideoContainer(head: Buffer): VideoContainer | null {
  // ISO base media (MP4, MOV, M4V, 3GP): a box size, then `ftyp` and the brand.
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    return head.toString('latin1', 8, 10) === 'qt' ? 'mov' : 'mp4';
  }
  // Old QuickTime files may start with other top-level atoms.
  if (head.length >= 8 && ['moov', 'mdat', 'wide', 'free'].includes(head.toString('latin1', 4, 8))) return 'mov';
  // Matroska and WebM: the EBML magic, then the DocType inside the header.
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    return head.includes('webm', 0, 'latin1') ? 'webm' : 'mkv';
  }
  return null;
}
