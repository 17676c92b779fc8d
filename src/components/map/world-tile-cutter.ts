import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { WORLD_MAX_ZOOM } from './world-tiles';

export type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

// Tiles past WORLD_MAX_ZOOM are drawn from that zoom's (the data holds no more detail); tolerance as MapLibre's own.
const TILE_OPTIONS = { maxZoom: WORLD_MAX_ZOOM, indexMaxZoom: 4, tolerance: 4, extent: 4096, buffer: 256 };

/**
 * From Natural Earth's countries: land, and the borders between countries (shared arcs only, not the coast: a line
 * layer over the land draws that), indexed once; then any tile as vector-tile protobuf bytes with a `land` and a
 * `borders` layer where it holds either.
 */
export function worldTileCutter(topology: Countries) {
  const land = new GeoJSONVT(feature(topology, topology.objects.land), TILE_OPTIONS);
  const borders = new GeoJSONVT(
    { type: 'Feature', properties: {}, geometry: mesh(topology, topology.objects.countries, (a, b) => a !== b) },
    TILE_OPTIONS,
  );
  return (z: number, x: number, y: number): ArrayBuffer => {
    const layers: Parameters<typeof fromGeojsonVt>[0] = {};
    const landTile = land.getTile(z, x, y);
    const borderTile = borders.getTile(z, x, y);
    // An index can answer a tile with no features in it: it is left out, not sent as an empty layer.
    if (landTile?.features.length) layers.land = landTile;
    if (borderTile?.features.length) layers.borders = borderTile;
    const bytes = fromGeojsonVt(layers, { version: 2, extent: TILE_OPTIONS.extent });
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  };
}
