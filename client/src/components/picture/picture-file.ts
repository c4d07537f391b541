/**
 * A picture attached to a question (a bank question's, a question under a lesson): the same rules
 * the server applies (PNG, JPEG or WebP told by the file's first bytes, at most 1 MB), checked before
 * anything is sent, and the upload itself (PUT to the question's picture address, the file's bytes as
 * the body).
 */

export const MAX_PICTURE_BYTES = 1024 * 1024;

export type PictureProblem = 'PICTURE_TOO_LARGE' | 'PICTURE_NOT_SUPPORTED';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);

/** Whether the first bytes of a file are those of a PNG, JPEG or WebP picture. */
export function isPicture(bytes: Uint8Array): boolean {
  const png = startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) && startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12);
  const jpeg = startsWith(bytes, [0xff, 0xd8, 0xff]) && bytes.length > 3;
  const webp = startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8) && startsWith(bytes, [0x56, 0x50, 0x38], 12);
  return png || jpeg || webp;
}

function readStart(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result instanceof ArrayBuffer ? reader.result : new ArrayBuffer(0)));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(file.slice(0, 16));
  });
}

/** What is wrong with a chosen file as a picture, or null. */
export async function pictureProblem(file: Blob): Promise<PictureProblem | null> {
  if (file.size > MAX_PICTURE_BYTES) return 'PICTURE_TOO_LARGE';
  if (file.size === 0 || !isPicture(await readStart(file))) return 'PICTURE_NOT_SUPPORTED';
  return null;
}

export type PictureOutcome = { ok: true; pictureURL: string | null } | { ok: false; code: string | null; message: string | null };

async function outcomeOf(res: Response): Promise<PictureOutcome> {
  const body = (await res.json().catch(() => ({}))) as { pictureURL?: string | null; code?: string; message?: string };
  return res.ok ? { ok: true, pictureURL: body.pictureURL ?? null } : { ok: false, code: body.code ?? null, message: body.message ?? null };
}

/** Sends a picture to `endpoint` (or takes the picture away with `file` null). */
export async function sendPicture(endpoint: string, file: Blob | null, token: string | null): Promise<PictureOutcome> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  try {
    const res = file
      ? await fetch(endpoint, { method: 'PUT', headers: { ...headers, 'content-type': 'application/octet-stream' }, body: file })
      : await fetch(endpoint, { method: 'DELETE', headers });
    return await outcomeOf(res);
  } catch {
    return { ok: false, code: null, message: null };
  }
}
