import { PERMISSION_CATEGORIES, type PermissionId } from '#contract/associates';

export type PermissionInfo = { id: PermissionId; label: string; hint: string; under16: boolean };
export type PermissionCategory = { id: string; label: string; permissions: readonly PermissionInfo[] };

/** The contract's permissions by category, typed as plain lists (its literal tuples do not map as one type). */
export const CATEGORIES: readonly PermissionCategory[] = PERMISSION_CATEGORIES;
