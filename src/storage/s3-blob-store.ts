import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config/config.ts';
import { assertSafeKey, type BlobStore } from './blob-store.ts';
import { isOutOfSpace, StorageFullError } from './errors.ts';

/** S3-compatible object storage (AWS, MinIO, Garage, Scaleway...). Multipart upload streams any size. */
export function s3BlobStore(config: S3Config): BlobStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey
      ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
      : undefined,
  });
  const Bucket = config.bucket;
  const checked = (key: string) => {
    assertSafeKey(key);
    return key;
  };
  const get = async (key: string): Promise<Readable> => {
    const out = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
    return out.Body as Readable;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      // An aborted multipart upload leaves no object behind, which keeps put() all-or-nothing.
      try {
        await new Upload({ client, params: { Bucket, Key: checked(key), Body: body, ContentType: contentType } }).done();
      } catch (error) {
        throw isOutOfSpace(error) ? new StorageFullError(error) : error;
      }
    },
    get,
    async read(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await get(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return true;
      } catch (error) {
        if ((error as { name?: string }).name === 'NotFound') return false;
        throw error;
      }
    },
  };
}
