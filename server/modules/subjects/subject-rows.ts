import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subjects, type SubjectKind } from '../../db/schema/subjects';

/**
 * A new post or event first takes its subject row (server/modules/subjects/subject-spec.ts), which its own row then
 * points to; `ownerIds` in order, one subject each (the demo world and the benchmarks insert many at once).
 */
export async function newSubjects(tx: Db, kind: SubjectKind, ownerIds: number[]): Promise<number[]> {
  if (ownerIds.length === 0) return [];
  const rows = await tx
    .insert(subjects)
    .values(ownerIds.map((ownerId) => ({ kind, ownerId })))
    .returning({ id: subjects.id });
  return rows.map((r) => r.id);
}

export async function newSubject(tx: Db, kind: SubjectKind, ownerId: number): Promise<number> {
  const [id] = await newSubjects(tx, kind, [ownerId]);
  return id!;
}

/**
 * Deleting a post or an event deletes its subject: the row itself, its reactions, comments and comment likes follow
 * by cascade (`subject_id … on delete cascade`).
 */
export async function deleteSubjects(tx: Db, subjectIds: number[]) {
  if (subjectIds.length > 0) await tx.delete(subjects).where(inArray(subjects.id, subjectIds));
}
