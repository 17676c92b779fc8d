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

/**
 * One section of the data export (issue 3, "Data rights"): every area that stores something about a member exports
 * its section as a value beside its routes, and adds it to the one list of sections, export-sections.ts. The export
 * job (export-service.ts) writes each section's result under `sections.<name>` of `switchback-export.json`, in the
 * list's order, and copies each section's media into the zip.
 *
 *   export const gearExportSection: ExportSection = {
 *     name: 'gear',
 *     collect: (db, userId) => db.select(...).from(gear).where(eq(gear.userId, userId)),
 *   };
 *
 * Rules for a section: only the member's own data (never another member's e-mail, phone or private content); no
 * secrets (token or code hashes, password hashes, push tokens); locations inside a privacy zone trimmed as the API
 * trims them (check 19).
 */
export type ExportSection = {
  /** Its key under `sections` in `switchback-export.json`: camelCase letters and digits, unique in the list. */
  name: string;
  collect: ExportCollector;
  /** The member's original files this area keeps, copied into the zip under `media/`. */
  media?: ((db: Db, userId: number) => Promise<ExportMediaFile[]>) | undefined;
};

const SECTION_NAME = /^[a-z][A-Za-z0-9]{0,49}$/;
const MEDIA_PATH = /^media\/[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** The list as given, once every name is camelCase letters and digits and no name is listed twice; throws otherwise. */
export function checkExportSections(sections: readonly ExportSection[]): readonly ExportSection[] {
  const names = new Set<string>();
  for (const { name } of sections) {
    if (!SECTION_NAME.test(name)) throw new Error(`Export section name must be camelCase letters and digits: ${JSON.stringify(name)}`);
    if (names.has(name)) throw new Error(`Export section "${name}" is listed twice`);
    names.add(name);
  }
  return sections;
}

/** A zip path a section may use: under `media/`, plain segments, no `..`. */
export function isSafeMediaPath(path: string) {
  return path.length <= 512 && MEDIA_PATH.test(path) && !path.split('/').some((s) => s.includes('..'));
}
