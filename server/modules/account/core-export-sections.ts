import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailChanges, identities, sessions } from '../../db/schema/auth';
import { contactMessages } from '../../db/schema/contact';
import { uploads } from '../../db/schema/media';
import { users } from '../../db/schema/users';
import { originalObjectKey } from '../media/upload-files';
import { accountColumns, toOwnProfile } from '../users/own-profile';
import type { ExportMediaFile, ExportSection } from './export-registry';

// The sections of the foundation and profile issues. Later areas export theirs beside their own routes; the list of
// them all is export-sections.ts.

/** The profile as the member sees it (incl. e-mail, phone and settings), plus what the account keeps around it. */
export const profileExportSection: ExportSection = {
  name: 'profile',
  collect: async (db, userId) => {
    const [user] = await db.select(accountColumns).from(users).where(eq(users.id, userId));
    if (!user) return null;
    const linked = await db
      .select({ provider: identities.provider, email: identities.email, linkedAt: identities.createdAt })
      .from(identities)
      .where(eq(identities.userId, userId))
      .orderBy(asc(identities.createdAt));
    return {
      ...toOwnProfile(user),
      settings: { units: user.units, isPrivate: user.isPrivate },
      referredBy: user.referredBy,
      updatedAt: user.updatedAt,
      linkedAccounts: linked,
    };
  },
};

/** Devices and sign-in times. Never the token hashes or push tokens. */
export const sessionsExportSection: ExportSection = {
  name: 'sessions',
  collect: (db, userId) =>
    db
      .select({
        device: sessions.device,
        deviceType: sessions.deviceType,
        signedInAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
        expiresAt: sessions.expiresAt,
        signedOutAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt), asc(sessions.id)),
};

/** Every change of the sign-in e-mail, oldest first (issue 19 item 9). */
export const emailChangesExportSection: ExportSection = {
  name: 'emailChanges',
  collect: (db, userId) =>
    db
      .select({ oldEmail: emailChanges.oldEmail, newEmail: emailChanges.newEmail, changedAt: emailChanges.changedAt })
      .from(emailChanges)
      .where(eq(emailChanges.userId, userId))
      .orderBy(asc(emailChanges.changedAt), asc(emailChanges.id)),
};

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };

/** `media/<key>/original.<ext>`: the original as the member sent it. */
function originalPath(upload: { key: string; originalMime: string; files: Record<string, string> }) {
  const stored = upload.files.original;
  const name = stored && /^original\.[a-z0-9]{1,5}$/i.test(stored) ? stored : `original.${EXTENSIONS[upload.originalMime] ?? 'bin'}`;
  return `media/${upload.key}/${name}`;
}

async function ownUploads(db: Db, userId: number) {
  return db.select().from(uploads).where(eq(uploads.userId, userId)).orderBy(asc(uploads.createdAt), asc(uploads.id));
}

/** Metadata of every image the member uploaded; the originals themselves are in the zip under `media/`. */
export const uploadsExportSection: ExportSection = {
  name: 'uploads',
  collect: async (db, userId) =>
    (await ownUploads(db, userId)).map((u) => ({
      key: u.key,
      purpose: u.purpose,
      originalType: u.originalMime,
      width: u.width,
      height: u.height,
      bytes: u.bytes,
      // A video's (issue 22): whether it was made web-ready, and how long it runs.
      status: u.status,
      durationMs: u.durationMs,
      uploadedAt: u.createdAt,
      attachedAt: u.attachedAt,
      file: u.files.original ? originalPath(u) : null,
    })),
  media: async (db, userId): Promise<ExportMediaFile[]> =>
    (await ownUploads(db, userId))
      .filter((u) => u.files.original)
      .map((u) => ({ path: originalPath(u), storageKey: originalObjectKey(u) })),
};

/** What the member wrote to us through the contact form while signed in. */
export const contactMessagesExportSection: ExportSection = {
  name: 'contactMessages',
  collect: (db, userId) =>
    db
      .select({ name: contactMessages.name, email: contactMessages.email, message: contactMessages.message, sentAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId))
      .orderBy(asc(contactMessages.createdAt)),
};
