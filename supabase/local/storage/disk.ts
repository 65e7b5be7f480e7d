import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { StorageError } from './errors.ts';

/**
 * The bytes of every object, as plain files: `<dataDir>/storage/<bucket>/<name>`
 * (hosted Storage keeps them in S3). Uploads are written to a staging folder
 * first and renamed into place, so a reader never sees half a file.
 *
 * A file system cannot hold both `a` and `a/b`; S3 can. Such a clash is
 * refused with a 409 rather than silently losing one of them.
 */
export interface Disk {
  /** Writes bytes to a staging file and returns its path. */
  stage(bytes: Uint8Array): Promise<string>;
  /** Copies an object's file to a staging file and returns its path. */
  stageCopy(bucket: string, name: string): Promise<string>;
  /** Moves a staged file to the object's place, replacing what was there. */
  commit(staged: string, bucket: string, name: string): Promise<void>;
  discard(staged: string): Promise<void>;
  size(bucket: string, name: string): Promise<number | undefined>;
  read(bucket: string, name: string, range?: { start: number; end: number }): ReadStream;
  remove(bucket: string, name: string): Promise<void>;
  move(fromBucket: string, fromName: string, toBucket: string, toName: string): Promise<void>;
  removeBucket(bucket: string): Promise<void>;
}

function clash(name: string): StorageError {
  return new StorageError(
    409,
    'KeyAlreadyExists',
    `The local storage cannot keep "${name}": a file and a folder would share a name on disk`,
    'Duplicate',
  );
}

export function createDisk(dataDir: string): Disk {
  const root = resolve(dataDir, 'storage');
  const staging = resolve(dataDir, 'storage-staging');

  /** The object's file, never outside its bucket's folder (names are validated too; this is the last line). */
  const pathOf = (bucket: string, name: string) => {
    const bucketDir = resolve(root, bucket);
    const file = resolve(bucketDir, name);
    const rel = relative(bucketDir, file);
    if (dirname(bucketDir) !== root || !rel || rel.startsWith('..') || rel.split(sep).includes('..')) {
      throw new StorageError(400, 'InvalidKey', `Invalid key: ${name}`);
    }
    return file;
  };

  /** Removes folders left empty by a delete or move, up to the bucket's folder. */
  const prune = async (bucket: string, file: string) => {
    const bucketDir = resolve(root, bucket);
    for (let dir = dirname(file); dir.startsWith(bucketDir + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or gone): stop climbing
      }
    }
  };

  const place = async (name: string, target: string, fn: () => Promise<void>) => {
    try {
      await mkdir(dirname(target), { recursive: true });
      await fn();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST') throw clash(name);
      throw error;
    }
  };

  return {
    async stage(bytes) {
      await mkdir(staging, { recursive: true });
      const file = join(staging, randomUUID());
      await writeFile(file, bytes);
      return file;
    },

    async stageCopy(bucket, name) {
      await mkdir(staging, { recursive: true });
      const file = join(staging, randomUUID());
      await copyFile(pathOf(bucket, name), file);
      return file;
    },

    async commit(staged, bucket, name) {
      const target = pathOf(bucket, name);
      await place(name, target, () => rename(staged, target));
    },

    discard: (staged) => rm(staged, { force: true }),

    async size(bucket, name) {
      try {
        const s = await stat(pathOf(bucket, name));
        return s.isFile() ? s.size : undefined;
      } catch {
        return undefined;
      }
    },

    read: (bucket, name, range) => createReadStream(pathOf(bucket, name), range),

    async remove(bucket, name) {
      const file = pathOf(bucket, name);
      await rm(file, { force: true });
      await prune(bucket, file);
    },

    async move(fromBucket, fromName, toBucket, toName) {
      const from = pathOf(fromBucket, fromName);
      const to = pathOf(toBucket, toName);
      if (from === to) return;
      await place(toName, to, () => rename(from, to));
      await prune(fromBucket, from);
    },

    async removeBucket(bucket) {
      const dir = resolve(root, bucket);
      if (dirname(dir) === root) await rm(dir, { recursive: true, force: true });
    },
  };
}
