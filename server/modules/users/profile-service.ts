import type * as z from 'zod/mini';
import { eq } from 'drizzle-orm';
import type { profileSettingBody, updateProfileBody } from '#contract/profile';
import type { Deps } from '../../deps';
import { users } from '../../db/schema/users';
import { conflict } from '../../lib/errors';
import { attachUpload, detachUploads } from '../media/attach';
import { uploadKeyFromUrl } from '../media/upload-files';
import { isHandleTaken } from './create-user';
import { accountColumns, toOwnProfile } from './own-profile';

/** `PUT /api/update_profile`: the member's own details; images only from the member's own uploads. */
export async function updateProfile(deps: Deps, userId: number, body: z.infer<typeof updateProfileBody>) {
  return deps.db.transaction(async (tx) => {
    if (await isHandleTaken(tx, body.handleName, userId)) {
      throw conflict('That handle is taken.', { handleName: ['That handle is taken. Try another.'] });
    }
    const [before] = await tx.select({ profileImage: users.profileImage, profileCoverImage: users.profileCoverImage }).from(users).where(eq(users.id, userId));
    const images: { profileImage?: string | null; profileCoverImage?: string | null } = {};
    const replaced: string[] = [];
    for (const [field, purpose] of [
      ['profileImage', 'profile'],
      ['profileCoverImage', 'cover'],
    ] as const) {
      const key = body[field];
      if (key === undefined) continue;
      images[field] = key === null ? null : await attachUpload(tx, { userId, key, field, purpose, now: deps.clock.now() });
      const oldKey = uploadKeyFromUrl(before?.[field]);
      if (oldKey && oldKey !== key) replaced.push(oldKey);
    }
    // A replaced or removed image is let go; the sweeper deletes it a day later.
    await detachUploads(tx, { userId, keys: replaced });
    const [user] = await tx
      .update(users)
      .set({
        handleName: body.handleName,
        firstName: body.firstName,
        lastName: body.lastName,
        bio: body.bio || null,
        ...(body.gender !== undefined && { gender: body.gender }),
        dob: body.dob,
        sports: body.sports,
        location: body.location || null,
        ...images,
        updatedAt: deps.clock.now(),
      })
      .where(eq(users.id, userId))
      .returning(accountColumns);
    return toOwnProfile(user!);
  });
}

/** `POST /api/profileSetting`: private profile and units. */
export async function updateSettings(deps: Deps, userId: number, body: z.infer<typeof profileSettingBody>) {
  const [user] = await deps.db
    .update(users)
    .set({
      ...(body.isPrivate !== undefined ? { isPrivate: body.isPrivate } : {}),
      ...(body.units !== undefined ? { units: body.units } : {}),
      updatedAt: deps.clock.now(),
    })
    .where(eq(users.id, userId))
    .returning(accountColumns);
  return toOwnProfile(user!);
}
