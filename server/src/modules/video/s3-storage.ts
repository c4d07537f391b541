import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Env } from '../../config/video-settings';
import type { StoredObject, VideoStorage } from './stored-object';

/** Videos in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2...). */
export class S3Storage implements VideoStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Env) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    });
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await fs.promises.stat(file);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: fs.createReadStream(file), ContentLength: size, ContentType: contentType }),
    );
  }

  async read(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async download(key: string, file: string): Promise<void> {
    const stored = await this.read(key);
    if (!stored) throw new Error(`no stored object ${key}`);
    await pipeline(stored.body, fs.createWriteStream(file));
  }

  async removeAll(prefix: string): Promise<void> {
    for (;;) {
      const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix }));
      const keys = (listed.Contents ?? []).map((item) => ({ Key: item.Key! }));
      if (keys.length === 0) return;
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys } }));
      if (!listed.IsTruncated) return;
    }
  }
}
