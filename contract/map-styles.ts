import * as z from 'zod';

export const mapStyle = z.object({
  id: z.number().int(),
  name: z.string(),
  mapboxStyleUrl: z.string(),
  imageUrl: z.string(),
  isDefault: z.boolean(),
});
export type MapStyle = z.infer<typeof mapStyle>;
export const mapStylesData = z.array(mapStyle).max(20);
