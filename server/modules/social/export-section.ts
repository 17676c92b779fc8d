import { asc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { follows } from '../../db/schema/social';
import { users } from '../../db/schema/users';
import type { ExportSection } from '../account/export-registry';

const follower = alias(users, 'follower');
const followee = alias(users, 'followee');

/**
 * The member's follow edges both ways, requests included, named by public handle only (never the other member's
 * e-mail or anything private).
 */
export const followsExportSection: ExportSection = {
  name: 'follows',
  collect: async (db, userId) => {
    const rows = await db
      .select({
        followerId: follows.followerId,
        followerHandleName: follower.handleName,
        followeeHandleName: followee.handleName,
        status: follows.status,
        createdAt: follows.createdAt,
        acceptedAt: follows.acceptedAt,
      })
      .from(follows)
      .innerJoin(follower, eq(follower.id, follows.followerId))
      .innerJoin(followee, eq(followee.id, follows.followeeId))
      .where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)))
      .orderBy(asc(follows.createdAt), asc(follows.id));
    const edge = (r: (typeof rows)[number]) => ({ status: r.status, createdAt: r.createdAt, acceptedAt: r.acceptedAt });
    return {
      following: rows.filter((r) => r.followerId === userId).map((r) => ({ handleName: r.followeeHandleName, ...edge(r) })),
      followers: rows.filter((r) => r.followerId !== userId).map((r) => ({ handleName: r.followerHandleName, ...edge(r) })),
    };
  },
};
