import * as z from 'zod/mini';

export const mapStyle = z.object({
  id: z.int(),
  name: z.string(),
  mapboxStyleUrl: z.string(),
  imageUrl: z.string(),
  isDefault: z.boolean(),
});
export type MapStyle = z.infer<typeof mapStyle>;
export const mapStylesData = z.array(mapStyle).check(z.maxLength(20));
