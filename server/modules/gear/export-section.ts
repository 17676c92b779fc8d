import { asc, eq, inArray } from 'drizzle-orm';
import { activityGear, componentMounts, componentServices, gear, gearComponents, gearImages } from '../../db/schema/gear';
import type { ExportSection } from '../account/export-registry';

/**
 * The member's gear (issue 24), drafts and retired pieces included: every detail as stored, its photos by upload key
 * (the originals are in `uploads`' media), the ids of the activities it was used on (those are in `activities`), and
 * the components fitted to it now with where they were before and their service logs.
 */
export const gearExportSection: ExportSection = {
  name: 'gear',
  async collect(db, userId) {
    const pieces = await db.select().from(gear).where(eq(gear.userId, userId)).orderBy(asc(gear.createdAt), asc(gear.id));
    const ids = pieces.map((p) => p.id);
    const [photos, used] = ids.length
      ? await Promise.all([
          db.select({ gearId: gearImages.gearId, uploadKey: gearImages.uploadKey }).from(gearImages).where(inArray(gearImages.gearId, ids)).orderBy(asc(gearImages.gearId), asc(gearImages.position)),
          db.select().from(activityGear).where(inArray(activityGear.gearId, ids)).orderBy(asc(activityGear.gearId), asc(activityGear.activityId)),
        ])
      : [[], []];
    const parts = await db.select().from(gearComponents).where(eq(gearComponents.userId, userId)).orderBy(asc(gearComponents.id));
    const partIds = parts.map((p) => p.id);
    const [mounts, services] = partIds.length
      ? await Promise.all([
          db.select().from(componentMounts).where(inArray(componentMounts.componentId, partIds)).orderBy(asc(componentMounts.componentId), asc(componentMounts.fromAt)),
          db.select().from(componentServices).where(inArray(componentServices.componentId, partIds)).orderBy(asc(componentServices.componentId), asc(componentServices.servicedAt)),
        ])
      : [[], []];
    return pieces.map(({ id, userId: _owner, ...piece }) => ({
      gearId: id,
      ...piece,
      photos: photos.filter((p) => p.gearId === id).map((p) => p.uploadKey),
      activityIds: used.filter((u) => u.gearId === id).map((u) => u.activityId),
      components: parts
        .filter((c) => c.gearId === id)
        .map(({ id: componentId, userId: _member, gearId: _gear, ...part }) => ({
          componentId,
          ...part,
          fitted: mounts.filter((m) => m.componentId === componentId).map((m) => ({ gearId: m.gearId, from: m.fromAt, to: m.toAt })),
          services: services.filter((v) => v.componentId === componentId).map((v) => ({ servicedAt: v.servicedAt, what: v.what, note: v.note })),
        })),
    }));
  },
};
