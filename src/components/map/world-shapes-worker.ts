import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// A hashed file of the app itself (same origin, cached for a year), fetched only by pages that show a map.
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { WORLD_MAX_ZOOM, type WorldTileAnswer, type WorldTileAsk } from './world-tiles';

/**
 * The offline style's land and borders as vector tiles, cut in this worker: it fetches Natural Earth's 1:50m
 * countries once, makes land and the borders between countries, and answers each tile asked for as protobuf bytes
 * (transferred, not copied). The page's thread only passes bytes along. Handed to MapLibre as GeoJSON instead, the
 * ~1 MB of shapes was copied to its worker and back on the page's thread: a third of a second at 4x CPU (bench:scroll).
 */
type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

// The worker's global, typed by what is used of it (the project's types are the page's, not a worker's).
const scope = self as unknown as {
  postMessage(message: WorldTileAnswer, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorldTileAsk>) => void) | null;
  location: Location;
};

// Tiles past WORLD_MAX_ZOOM are drawn from that zoom's (the data holds no more detail); tolerance as MapLibre's own.
const TILE_OPTIONS = { maxZoom: WORLD_MAX_ZOOM, indexMaxZoom: 4, tolerance: 4, extent: 4096, buffer: 256 };

let indexes: Promise<{ land: GeoJSONVT; borders: GeoJSONVT }> | undefined;
async function load() {
  const res = await fetch(new URL(countriesUrl, scope.location.href));
  if (!res.ok) throw new Error(`The world map data could not be loaded (${res.status}).`);
  const topology = (await res.json()) as Countries;
  const land = feature(topology, topology.objects.land);
  // Shared arcs only: the lines between two countries, not the coast (a line layer over the land draws that).
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return {
    land: new GeoJSONVT(land, TILE_OPTIONS),
    borders: new GeoJSONVT({ type: 'Feature', properties: {}, geometry: borders }, TILE_OPTIONS),
  };
}

function shapes() {
  indexes ??= load().catch((error: unknown) => {
    indexes = undefined; // the next tile asks again
    throw error;
  });
  return indexes;
}
// Fetched as the worker starts (with the map engine), not when the first tile is asked.
shapes().catch(() => {});

scope.onmessage = ({ data: { id, z, x, y } }) => {
  shapes().then(
    ({ land, borders }) => {
      const layers: Parameters<typeof fromGeojsonVt>[0] = {};
      const landTile = land.getTile(z, x, y);
      const borderTile = borders.getTile(z, x, y);
      if (landTile) layers.land = landTile;
      if (borderTile) layers.borders = borderTile;
      const bytes = fromGeojsonVt(layers, { version: 2, extent: TILE_OPTIONS.extent });
      const tile = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      scope.postMessage({ id, tile }, [tile]);
    },
    (error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : 'The world map data could not be loaded.' }, []),
  );
};
