import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { EventBodyStore } from '../../ports/event-bodies';

/** Bodies in S3 (a private bucket, encrypted, TLS only, whose objects expire by lifecycle). */
export const s3EventBodies = (client: S3Client, bucket: string): EventBodyStore => ({
  async put(key, bytes) {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: bytes,
        ContentType: 'application/octet-stream',
      }),
    );
  },
  async get(key) {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return object.Body === undefined ? null : await object.Body.transformToByteArray();
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  },
  async remove(key) {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  },
});
