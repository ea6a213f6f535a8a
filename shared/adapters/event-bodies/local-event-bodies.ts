import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { EventBodyStore } from '../../ports/event-bodies';

const isMissing = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && error.code === 'ENOENT';

/** Bodies as files under a folder the local stack's gateway and workers share (`<dir>/<key>`). */
export const localEventBodies = (directory: string): EventBodyStore => ({
  async put(key, bytes) {
    const path = join(directory, key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
  },
  async get(key) {
    try {
      return await readFile(join(directory, key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  },
  async remove(key) {
    await rm(join(directory, key), { force: true });
  },
});
