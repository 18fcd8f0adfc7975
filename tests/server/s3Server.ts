import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../../server/config';

export interface TestS3 {
  config: S3Config;
  /** The object names under `folder/` (what a reader could find). */
  namesIn(folder: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver) started by the test itself on a free port, storing in a
 * temporary folder, with one bucket; the credentials are s3rver's fixed ones.
 */
export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'pr-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'arquivos' }] });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'arquivos',
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  };
  const client = new S3Client({ endpoint: config.endpoint, region: config.region, forcePathStyle: true, credentials: config.credentials! });
  return {
    config,
    async namesIn(folder) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: `${folder}/` }));
      return (listed.Contents ?? []).map((object) => (object.Key ?? '').slice(folder.length + 1)).sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
