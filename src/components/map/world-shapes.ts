import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// A hashed file of the app itself (same origin, cached for a year), fetched only by pages that show a map.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import type { WorldShapes } from './offline-style';

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

// Each step is tens of milliseconds on a slow phone: let the page breathe between them.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Land and the borders between countries, as GeoJSON, from Natural Earth's 1:50m countries. */
export async function loadWorldShapes(): Promise<WorldShapes> {
  const res = await fetch(countriesUrl);
  if (!res.ok) throw new Error(`The world map data could not be loaded (${res.status}).`);
  const topology = (await res.json()) as Countries;
  await nextTask();
  const land = feature(topology, topology.objects.land) as WorldShapes['land'];
  await nextTask();
  // Shared arcs only: the lines between two countries, not the coast (a line layer over the land draws that).
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return { land, borders: { type: 'Feature', properties: {}, geometry: borders } };
}
