/**
 * A database id carried in the address (`?feedId=`, `?eventId=`), or undefined when it is not one. A plain check
 * rather than a zod schema: route search validation loads with every first page (check P1).
 */
export function idFromSearch(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
