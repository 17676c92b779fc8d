import { randomBytes } from 'node:crypto';
import { close, constants, createReadStream, fstat, open } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { assertByteRange, assertObjectKey, assertPrefix, RangeNotSatisfiable, type Storage } from './storage';

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
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.zip': 'application/zip',
  '.json': 'application/json',
};

const typeOf = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

// Plain descriptors rather than fs/promises' FileHandle: a stream handed out and never read would have its FileHandle
// closed on garbage collection, which Node warns of and means to make an error.
const openFile = promisify(open);
const statFile = promisify(fstat);
const closeFile = promisify(close);

/** Objects as files under `root` (`DATA_DIR/media/`), one folder per key segment. */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertObjectKey(key);
    return path.join(root, ...key.split('/'));
  };

  /** Writes the object aside with `write` and renames it into place, so a reader never sees half a file. */
  async function writeInPlace(key: string, contentType: string, write: (temp: string) => Promise<void>) {
    const file = fileOf(key);
    // Refused here rather than answered wrongly by get(), so local disk and S3 always agree.
    if (typeOf(file) !== contentType) throw new Error(`Storage key ${key} does not end in the extension of ${contentType}`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // In the same folder, so the rename is one step on one file system.
    const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      await write(temp);
      await fs.rename(temp, file);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  return {
    kind: 'local',

    async put(key, body, contentType) {
      await writeInPlace(key, contentType, (temp) => fs.writeFile(temp, body));
    },

    async putFile(key, from, contentType) {
      // copyFile copies in the kernel (sharing the blocks by reflink where the file system can), never through this
      // process's memory.
      await writeInPlace(key, contentType, (temp) => fs.copyFile(from, temp, constants.COPYFILE_FICLONE));
    },

    async get(key, range) {
      const file = fileOf(key);
      if (range) assertByteRange(range);
      let fd: number;
      try {
        fd = await openFile(file, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      // Size and bytes from one open file, so a put() renaming a new file in between cannot make them disagree.
      const stat = await statFile(fd).catch(async (err: unknown) => {
        await closeFile(fd);
        throw err;
      });
      if (!stat.isFile()) {
        await closeFile(fd);
        return null;
      }
      const size = stat.size;
      if (range && range.start >= size) {
        await closeFile(fd);
        throw new RangeNotSatisfiable(size);
      }
      const bytes = range && { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
      // The stream closes the file when it ends, fails or is destroyed.
      return { stream: createReadStream(file, { fd, ...bytes }), contentType: typeOf(file), size, range: bytes };
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
