import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  size: number;
}

/** Where uploaded sources and their HLS renditions live, by key (`videos/<id>/...`). */
export interface VideoStorage {
  /** Stores a local file under `key`. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The object as a stream, or null when there is none. */
  read(key: string): Promise<StoredObject | null>;
  /** Copies the object into a local file (the transcoder reads files). */
  download(key: string, file: string): Promise<void>;
  /** Removes every object whose key starts with `prefix`. */
  removeAll(prefix: string): Promise<void>;
}
