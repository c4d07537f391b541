import type { HttpClient } from './http-client';

/** Speaks the tus 1.0 protocol as a browser's tus client would: create, then send bytes from the server's offset. */
export async function tusCreate(client: HttpClient, lessonId: string, size: number, filename = 'lesson.mp4'): Promise<Response> {
  const meta = (value: string) => Buffer.from(value).toString('base64');
  return client.request('/uploads/lesson-videos', {
    method: 'POST',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(size),
      'Upload-Metadata': `lessonId ${meta(lessonId)},filename ${meta(filename)},filetype ${meta('video/mp4')}`,
    },
  });
}

export function tusPatch(client: HttpClient, location: string, offset: number, bytes: Buffer): Promise<Response> {
  return client.request(new URL(location, 'http://x').pathname, {
    method: 'PATCH',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
}

export async function tusOffset(client: HttpClient, location: string): Promise<number> {
  const res = await client.request(new URL(location, 'http://x').pathname, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } });
  return Number(res.headers.get('upload-offset'));
}

/** Uploads a whole file in chunks; answers the last response. */
export async function tusUpload(client: HttpClient, lessonId: string, bytes: Buffer, chunk = 64 * 1024, filename?: string): Promise<Response> {
  const created = await tusCreate(client, lessonId, bytes.length, filename);
  if (created.status !== 201) return created;
  const location = created.headers.get('location')!;
  let offset = 0;
  let last = created;
  while (offset < bytes.length) {
    last = await tusPatch(client, location, offset, bytes.subarray(offset, offset + chunk));
    if (last.status !== 204) return last;
    offset = Number(last.headers.get('upload-offset'));
  }
  return last;
}
