import type { Db } from '../../db/client';

/** One stored file to put in the member's export zip. */
export type ExportMediaFile = {
  /** Where it goes inside the zip, e.g. `media/<uploadKey>/original.jpg`. */
  path: string;
  /** Its key in the storage module (server/lib/storage). */
  storageKey: string;
};

/** Everything one area stores about a member, as plain JSON-able data (Dates become ISO strings). */
export type ExportCollector = (db: Db, userId: number) => Promise<unknown>;

export type ExportSection = {
  name: string;
  collect: ExportCollector;
  /** The member's original files this area keeps, copied into the zip under `media/`. */
  media?: ((db: Db, userId: number) => Promise<ExportMediaFile[]>) | undefined;
};

const sections = new Map<string, ExportSection>();

const SECTION_NAME = /^[a-z][A-Za-z0-9]{0,49}$/;
const MEDIA_PATH = /^media\/[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/**
 * The data-export registry (issue 3, "Data rights"): every area that stores something about a member registers a
 * named section here, at module load, beside its routes. The export job (export-service.ts) writes each section's
 * result under `sections.<name>` of `switchback-export.json` and copies each section's media into the zip.
 *
 *   registerExportSection('gear', async (db, userId) => db.select(...).from(gear).where(eq(gear.userId, userId)));
 *
 * Rules for a section: only the member's own data (never another member's e-mail, phone or private content); no
 * secrets (token or code hashes, password hashes, push tokens); locations inside a privacy zone trimmed as the API
 * trims them (check 19).
 */
export function registerExportSection(name: string, collect: ExportCollector, options: { media?: ExportSection['media'] } = {}) {
  if (!SECTION_NAME.test(name)) throw new Error(`Export section name must be camelCase letters and digits: ${JSON.stringify(name)}`);
  if (sections.has(name)) throw new Error(`Export section "${name}" is registered twice`);
  sections.set(name, { name, collect, media: options.media });
}

/** The registered sections, in registration order. */
export function exportSections(): readonly ExportSection[] {
  return [...sections.values()];
}

/** A zip path a section may use: under `media/`, plain segments, no `..`. */
export function isSafeMediaPath(path: string) {
  return path.length <= 512 && MEDIA_PATH.test(path) && !path.split('/').some((s) => s.includes('..'));
}
