import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalDiskStorage } from './video-storage';
import type { VideoStorage } from './stored-object';
import { S3Storage } from './s3-storage';

async function text(storage: VideoStorage, key: string): Promise<string | null> {
  const stored = await storage.read(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

function behavesAsVideoStorage(make: () => VideoStorage) {
  it('keeps files by key, reads them back, and removes a video folder', async () => {
    const storage = make();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-storage-'));
    const file = path.join(dir, 'index.m3u8');
    fs.writeFileSync(file, '#EXTM3U\n');
    const prefix = `videos/test-${Date.now()}/`;
    await storage.putFile(`${prefix}hls/240p/index.m3u8`, file, 'application/vnd.apple.mpegurl');
    expect(await text(storage, `${prefix}hls/240p/index.m3u8`)).toBe('#EXTM3U\n');
    expect((await storage.read(`${prefix}hls/240p/index.m3u8`))!.size).toBe(8);
    await storage.download(`${prefix}hls/240p/index.m3u8`, path.join(dir, 'copy'));
    expect(fs.readFileSync(path.join(dir, 'copy'), 'utf8')).toBe('#EXTM3U\n');
    expect(await storage.read(`${prefix}hls/missing.ts`)).toBeNull();
    await storage.removeAll(prefix);
    expect(await storage.read(`${prefix}hls/240p/index.m3u8`)).toBeNull();
  });
}

describe('local disk video storage', () => {
  behavesAsVideoStorage(() => new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-media-'))));

  it('refuses keys that would leave its folder', async () => {
    const storage = new LocalDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'shikhon-media-')));
    await expect(storage.read('videos/../../etc/passwd')).rejects.toThrow('unsafe storage key');
  });
});

// Runs against a real S3-compatible server (MinIO from docker-compose.yml, or any other) when
// S3_TEST_ENDPOINT is set, e.g. S3_TEST_ENDPOINT=http://127.0.0.1:9000 with S3_TEST_BUCKET,
// S3_TEST_ACCESS_KEY_ID and S3_TEST_SECRET_ACCESS_KEY. This machine has no such server by default.
const s3Endpoint = process.env.S3_TEST_ENDPOINT;
(s3Endpoint ? describe : describe.skip)(`S3 video storage${s3Endpoint ? '' : ' (skipped: set S3_TEST_ENDPOINT to an S3-compatible server to run it)'}`, () => {
  behavesAsVideoStorage(
    () =>
      new S3Storage({
        endpoint: s3Endpoint,
        region: process.env.S3_TEST_REGION ?? 'us-east-1',
        bucket: process.env.S3_TEST_BUCKET ?? 'shikhon-test',
        accessKeyId: process.env.S3_TEST_ACCESS_KEY_ID ?? 'minioadmin',
        secretAccessKey: process.env.S3_TEST_SECRET_ACCESS_KEY ?? 'minioadmin',
        forcePathStyle: true,
      }),
  );
});
