import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Env } from '../../config/env';
import type * as S3Module from './s3-storage';
import type { StoredObject, VideoStorage } from './stored-object';

const safeKey = (key: string) => {
  if (
    !/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) ||
    key
      .replace(/\/$/, '')
      .split('/')
      .some((part) => part === '..' || part === '')
  )
    throw new Error(`unsafe storage key: ${key}`);
  return key;
};

/** Local disk under a folder (DATA_DIR/media by default). */
export class LocalDiskStorage implements VideoStorage {
  constructor(readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, safeKey(key));
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.copyFile(file, target);
  }

  async read(key: string): Promise<StoredObject | null> {
    const file = this.file(key);
    try {
      const { size } = await fs.promises.stat(file);
      return { body: fs.createReadStream(file), size };
    } catch {
      return null;
    }
  }

  async download(key: string, file: string): Promise<void> {
    const stored = await this.read(key);
    if (!stored) throw new Error(`no stored object ${key}`);
    await pipeline(stored.body, fs.createWriteStream(file));
  }

  async removeAll(prefix: string): Promise<void> {
    await fs.promises.rm(this.file(prefix), { recursive: true, force: true });
  }
}

/** S3-compatible object storage when S3_* is set, else local disk under DATA_DIR/media. */
export function createVideoStorage(env: Pick<Env, 'dataDir' | 'video'>): VideoStorage {
  if (env.video.s3) {
    // Loaded only when used: the S3 client is large.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { S3Storage } = require('./s3-storage') as typeof S3Module;
    return new S3Storage(env.video.s3);
  }
  return new LocalDiskStorage(path.join(env.dataDir, 'media'));
}
