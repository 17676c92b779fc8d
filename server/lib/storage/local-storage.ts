import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertObjectKey, assertPrefix, type Storage } from './storage';

/**
 * Local disk keeps no metadata beside a file, so the type of an object comes back from its extension. Keys are
 * server-made, so every kind of object the server stores has its extension here.
 */
const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.zip': 'application/zip',
  '.json': 'application/json',
};

const typeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Objects as files under `root` (`DATA_DIR/media/`), one folder per key segment. */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertObjectKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    kind: 'local',

    async put(key, body, contentType) {
      const file = fileOf(key);
      // Refused here rather than answered wrongly by get(), so local disk and S3 always agree.
      if (typeOf(file) !== contentType) throw new Error(`Storage key ${key} does not end in the extension of ${contentType}`);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await fs.writeFile(temp, body);
        await fs.rename(temp, file);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },

    async get(key) {
      const file = fileOf(key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        return { stream: createReadStream(file), contentType: typeOf(file), size: stat.size };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async remove(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileOf(key), { force: true })));
    },

    async removePrefix(prefix) {
      assertPrefix(prefix);
      await fs.rm(fileOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },

    async close() {},
  };
}
