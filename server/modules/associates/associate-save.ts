import type * as z from 'zod/mini';
import { count, eq } from 'drizzle-orm';
import { defaultPermissions, type associateSaveBody } from '#contract/associates';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { associates } from '../../db/schema/associates';
import { uploads } from '../../db/schema/media';
import { follows } from '../../db/schema/social';
import { users } from '../../db/schema/users';
import { badRequest, forbidden } from '../../lib/errors';
import { randomDigits } from '../../lib/secrets';
import { associateGrantOf } from '../../policy/associate-policy';
import { attachUpload, detachUploads } from '../media/attach';
import { uploadKeyFromUrl } from '../media/upload-files';
import { createUser, isHandleTaken } from '../users/create-user';
import { audit, setGrants } from './associate-grants';
import { scheduleIndependenceOffer } from './associate-notices';
import { loadOwnAssociate } from './associate-views';
import { sendInvitation } from './invitation';

type SaveBody = z.infer<typeof associateSaveBody>;

export const atMaximum = (max: number) => `You manage the most associates allowed (${max}). Remove one to add another.`;

/** A free handle from the associate's names (letters and digits, as the handle rule wants), digits added if taken. */
async function freeHandle(tx: Db, firstName: string, lastName: string) {
  const base = `${firstName}${lastName}`.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '').slice(0, 22) || 'rider';
  const padded = base.length < 3 ? `${base}rider` : base;
  if (!(await isHandleTaken(tx, padded))) return padded;
  for (let tries = 0; tries < 20; tries++) {
    const candidate = `${padded}${randomDigits(4)}`;
    if (!(await isHandleTaken(tx, candidate))) return candidate;
  }
  throw badRequest('Could not find a free handle; try again.');
}

/** The owner's upload as the associate's photo: attached, then theirs (their account deletion removes it). */
async function takePhoto(tx: Db, ownerId: number, associateId: number, key: string, now: Date) {
  const url = await attachUpload(tx, { userId: ownerId, key, field: 'profileImage', purpose: 'profile', now });
  await tx.update(uploads).set({ userId: associateId }).where(eq(uploads.key, key));
  return url;
}

/**
 * `POST /api/associate/add` without an id: a new member account the owner manages, with the age's default
 * permissions as the owner changed them, a private profile unless `public_profile` is granted, the owner following
 * it (so they see what a private profile shows followers), and an invitation code mailed to it. Up to the maximum.
 */
async function createAssociate(deps: Deps, ownerId: number, body: SaveBody) {
  if (!body.email) throw badRequest('Enter their e-mail address.', { email: ['Enter their e-mail address'] });
  const email = body.email;
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    // The owner's row is locked so two adds at once cannot pass the maximum together.
    const [owner] = await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, ownerId)).for('update');
    if (await associateGrantOf(tx, ownerId)) throw forbidden('An associate cannot add associates of their own.');
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(associates).where(eq(associates.ownerId, ownerId));
    if (n >= deps.config.maxAssociates) throw forbidden(atMaximum(deps.config.maxAssociates));
    const user = await createUser(tx, {
      email,
      passwordHash: null,
      handleName: await freeHandle(tx, body.firstName, body.lastName),
      firstName: body.firstName,
      lastName: body.lastName,
      dob: body.dob,
      gender: body.gender ?? null,
    });
    await tx.insert(associates).values({ userId: user.id, ownerId, status: 1, permissions: [], createdAt: now, updatedAt: now });
    await audit(tx, now, user.id, ownerId, 'created');
    const defaults = defaultPermissions(body.dob, now).map((id) => ({ id, status: 1 as const }));
    await setGrants(tx, now, { associateId: user.id, actorId: ownerId, current: [], changes: [...defaults, ...(body.permission ?? [])] });
    if (body.profileImage) {
      await tx.update(users).set({ profileImage: await takePhoto(tx, ownerId, user.id, body.profileImage, now) }).where(eq(users.id, user.id));
    }
    await tx.insert(follows).values({ followerId: ownerId, followeeId: user.id, status: 'accepted', createdAt: now, acceptedAt: now }).onConflictDoNothing();
    await audit(tx, now, user.id, ownerId, 'invited');
    await scheduleIndependenceOffer(tx, deps.clock, user.id, body.dob);
    return { user, owner: owner! };
  });
  await sendInvitation(deps, created.user, created.owner);
  return loadOwnAssociate(deps.db, deps.clock, ownerId, created.user.id);
}

/** `POST /api/associate/add` with an id: the details and permissions named; the e-mail is their sign-in and stays. */
async function editAssociate(deps: Deps, ownerId: number, associateId: number, body: SaveBody) {
  const before = await loadOwnAssociate(deps.db, deps.clock, ownerId, associateId);
  if (body.email !== undefined && body.email !== before.email) {
    throw badRequest('Their e-mail is how they sign in: they change it from their own account.', { email: ['The e-mail cannot be changed here'] });
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    let profileImage: string | null | undefined;
    if (body.profileImage !== undefined) {
      const oldKey = uploadKeyFromUrl(before.profileImage);
      profileImage = body.profileImage === null ? null : body.profileImage === oldKey ? before.profileImage : await takePhoto(tx, ownerId, associateId, body.profileImage, now);
      if (oldKey && oldKey !== body.profileImage) await detachUploads(tx, { userId: associateId, keys: [oldKey] });
    }
    await tx
      .update(users)
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        dob: body.dob,
        ...(body.gender !== undefined && { gender: body.gender }),
        ...(profileImage !== undefined && { profileImage }),
        updatedAt: now,
      })
      .where(eq(users.id, associateId));
    await audit(tx, now, associateId, ownerId, 'edited');
    if (body.dob !== before.dob) await scheduleIndependenceOffer(tx, deps.clock, associateId, body.dob);
    if (body.permission) {
      const current = before.permission.filter((p) => p.status === 1).map((p) => p.id);
      await setGrants(tx, now, { associateId, actorId: ownerId, current, changes: body.permission });
    }
  });
  return loadOwnAssociate(deps.db, deps.clock, ownerId, associateId);
}

export function saveAssociate(deps: Deps, ownerId: number, body: SaveBody) {
  return body.associateId === undefined ? createAssociate(deps, ownerId, body) : editAssociate(deps, ownerId, body.associateId, body);
}
