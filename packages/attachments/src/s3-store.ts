import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type AttachmentStore } from './attachment-store.ts';

export interface S3StoreSettings {
  bucket: string;
  /** An S3-compatible service's address (MinIO, Ceph, R2…); unset: AWS's own for the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Keys under this prefix ("attachments/"), so one bucket can serve more than this. */
  prefix: string;
}

/** DeleteObjects takes at most 1,000 keys a request (S3 API Reference, DeleteObjects). */
const deleteBatch = 1_000;

/**
 * The bytes in an S3-compatible bucket through the official AWS SDK. Path-style addressing
 * (`<endpoint>/<bucket>/<key>`), which every S3-compatible server accepts, and checksums only where the
 * operation requires one: the SDK's default CRC32 trailers (since 3.729) are refused by several
 * S3-compatible servers (AWS SDK for JavaScript v3, "Data integrity protections", `requestChecksumCalculation`).
 */
export function s3AttachmentStore(settings: S3StoreSettings, client?: S3Client): AttachmentStore {
  const s3 =
    client ??
    new S3Client({
      region: settings.region,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return `${settings.prefix}${key}`;
  };
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await s3.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(keys) {
      for (let start = 0; start < keys.length; start += deleteBatch) {
        const batch = keys.slice(start, start + deleteBatch);
        await s3.send(
          new DeleteObjectsCommand({
            Bucket: settings.bucket,
            Delete: { Objects: batch.map((key) => ({ Key: objectKey(key) })), Quiet: true },
          }),
        );
      }
    },
  };
}
