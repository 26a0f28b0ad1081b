import type { Readable } from 'node:stream';

/**
 * Where every file of the API lives — uploads, their thumbnails, exports, waybill PDFs, composed
 * images and zips, the seeded pictures: one store by configuration (`STORAGE`), the local
 * directory (local.ts, the embedded default) or an S3-compatible bucket (s3.ts: AWS S3, MinIO,
 * Aliyun OSS, Qiniu's S3 API). Every API copy on the same store serves every file at
 * `/files/<key>` (features/upload/files.ts): reads go through the API, whatever the store.
 *
 * Writers make a file in this copy's `scratch` directory (never shared, swept by age) and then
 * `putFile` it, or `put` bytes: an object appears whole or not at all, so a job killed midway
 * leaves nothing half-written in the store.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** This copy's directory on its own disk for files being received or made. */
  readonly scratch: string;
  /** Store bytes at `key` (replacing what was there). */
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** Store a finished file of `scratch` at `key`; the file is moved in (it is gone afterwards). */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** The object's bytes from `range.start` to `range.end` (inclusive), or all of them; null when absent. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The object's size and time, or null when absent. */
  head(key: string): Promise<StoredObject | null>;
  /** The whole object in memory (pictures, layers); throws when absent. */
  read(key: string): Promise<Buffer>;
  /**
   * Run `use` with a path on this machine holding the object's bytes, for libraries that read
   * files (spreadsheets): the file itself on the local store, a scratch copy (removed after) on S3.
   */
  withFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
  /** Remove objects (absent ones are fine). */
  delete(keys: string[]): Promise<void>;
  /** Every object whose key starts with `prefix`. */
  list(prefix: string): AsyncIterable<ListedObject>;
  close(): Promise<void>;
}

export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  size: number;
  modified: Date;
}

export interface ListedObject extends StoredObject {
  key: string;
}

/** Thumbnails live beside the uploads, under this prefix (`.thumbs/<width>/<key>.png`). */
export const THUMBS_PREFIX = '.thumbs';

/** The connection of an S3-compatible store (STORAGE=s3). */
export interface S3Settings {
  /** Unset: AWS S3 of `region`. */
  endpoint?: string;
  bucket: string;
  /** Unset: the SDK's own credential chain (environment, instance role). */
  accessKey?: string;
  secretKey?: string;
  region: string;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and s3rver need; else in the host name. */
  forcePathStyle: boolean;
}

export type StorageSettings = { kind: 'local' } | ({ kind: 's3' } & S3Settings);
