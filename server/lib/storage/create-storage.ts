import path from 'node:path';
import type { AppConfig } from '../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The bucket when `S3_BUCKET` is set; otherwise `DATA_DIR/media/`. */
export function createStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'media'));
}
