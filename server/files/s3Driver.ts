import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config';
import type { DriverWrite, StorageDriver } from './driver';

/** S3's smallest multipart part: the most of one upload held in memory, whatever the file's size. */
const PART_BYTES = 5 * 1024 * 1024;

const missing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph…), under the key `<folder>/<name>`, so every
 * instance reads what any other stored. Uploads stream through lib-storage's Upload (one part in
 * memory at a time, multipart beyond it); downloads stream the object's body. An object appears
 * whole when its upload completes (S3 has no half-written objects), under a generated name that no
 * row names yet: committing has nothing left to do, and a discarded file is deleted.
 *
 * The SDK's default request checksums (CRC32 trailers, aws-chunked bodies) are asked for only where
 * S3 requires them: several S3-compatible servers do not understand them.
 */
export function s3Driver(config: S3Config): StorageDriver {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const keyOf = (folder: string, name: string) => `${folder}/${name}`;
  const remove = async (folder: string, name: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(folder, name) }));
  };

  return {
    create(folder, name, mime) {
      const body = new PassThrough();
      const upload = new Upload({ client, params: { Bucket, Key: keyOf(folder, name), Body: body, ContentType: mime }, queueSize: 1, partSize: PART_BYTES });
      // Settles once the object is complete, or with the upload's failure; observed by every step.
      const done = upload.done().then(() => undefined);
      const failed = done.then(() => new Promise<never>(() => {}));
      // Awaited by the steps that need them; a failure no step is waiting for is not unhandled.
      done.catch(() => undefined);
      failed.catch(() => undefined);
      let finished = false;
      let committed = false;
      return Promise.resolve({
        async write(chunk) {
          // Waits while the part is being sent (backpressure), unless the upload failed meanwhile.
          if (!body.write(chunk)) await Promise.race([once(body, 'drain'), failed]);
        },
        async finish() {
          body.end();
          await done;
          finished = true;
        },
        commit() {
          committed = true;
          return Promise.resolve();
        },
        async discard() {
          if (committed) return;
          if (finished) return remove(folder, name);
          await upload.abort();
          body.destroy();
          await done.catch(() => undefined);
        },
      } satisfies DriverWrite);
    },
    async open(folder, name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(folder, name) }));
        // In Node the SDK's body is the HTTP response itself: a Readable, read as it arrives.
        return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    remove,
    close: () => client.destroy(),
  };
}
