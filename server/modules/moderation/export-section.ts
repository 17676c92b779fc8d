import { asc, eq } from 'drizzle-orm';
import { blocks, mutes } from '../../db/schema/moderation';
import { users } from '../../db/schema/users';
import type { ExportSection } from '../account/export-registry';

/** Whom the member blocked and muted, by public handle, with when. Blocks others made of them are theirs, not here. */
export const blocksAndMutesExportSection: ExportSection = {
  name: 'blocksAndMutes',
  collect: async (db, userId) => {
    const [blocked, muted] = await Promise.all([
      db
        .select({ handleName: users.handleName, createdAt: blocks.createdAt })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(eq(blocks.blockerId, userId))
        .orderBy(asc(blocks.createdAt), asc(blocks.id)),
      db
        .select({ handleName: users.handleName, createdAt: mutes.createdAt })
        .from(mutes)
        .innerJoin(users, eq(users.id, mutes.mutedId))
        .where(eq(mutes.muterId, userId))
        .orderBy(asc(mutes.createdAt), asc(mutes.id)),
    ]);
    return { blocked, muted };
  },
};
