import clsx from 'clsx';
import type { Feature, FeatureCollection, LineString, MultiLineString } from 'geojson';
import { useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import type * as LibreKit from 'react-map-gl/maplibre';
import type { ErrorEvent, MapLayerMouseEvent, MapRef, ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { useUnits } from '../../lib/units';
import type { LngLat, MapLine, MapMarker, MapViewProps, MapViewState } from './map-types';

/**
 * The map itself, shared by both engines. react-map-gl 8 gives MapLibre and Mapbox the same components from one
 * code base; each engine's module hands its own set in as `kit` (typed as MapLibre's), so markers, the route line,
 * fitting and clicks are written once.
 */
export type MapKit = Pick<typeof LibreKit, 'Map' | 'Marker' | 'Source' | 'Layer' | 'NavigationControl' | 'ScaleControl'>;

/** Why a map could not be shown: the device cannot draw WebGL, or the map's code or data did not arrive. */
export type MapFailure = 'webgl' | 'load';

/** What MapView hands the engine it loads. */
export type MapEngineProps = Omit<MapViewProps, 'className' | 'children'> & {
  /** The map's `load` event fired: its first complete frame is drawn. */
  onReady(): void;
  onFailure(kind: MapFailure): void;
};

type Props = MapEngineProps & {
  kit: MapKit;
  mapStyle: ComponentProps<MapKit['Map']>['mapStyle'];
  dark: boolean;
  /** Engine-only options (e.g. Mapbox's access token). */
  mapOptions?: Partial<ComponentProps<MapKit['Map']>>;
  /** The colour behind the map's canvas, where the style draws nothing (the offline style's water). */
  ground?: string;
  /** Repaints the base style for a theme switch, if the style follows the theme. */
  repaint?: (map: ReturnType<MapRef['getMap']>, dark: boolean) => void;
  /**
   * The style (a URL) could not be loaded: the engine falls back to another. Without it, that is a failure to load
   * the map (`onFailure('load')`).
   */
  onStyleError?: () => void;
};

const WORLD: [LngLat, LngLat] = [
  [-170, -58],
  [170, 75],
];
const FIT_PADDING = 40;
const FIT_MAX_ZOOM = 15;
/** Zoom for a view fitted to a single point: streets, not a continent. */
const POINT_ZOOM = 13;

const ROUTE_COLOURS = { light: { line: '#c2410c', casing: '#ffffff' }, dark: { line: '#fb923c', casing: '#0c0a09' } };
/** A muted line: stone grey, dashed, so it reads as "not shown" beside the route's colour without relying on colour. */
const MUTED_COLOURS = { light: '#78716c', dark: '#a8a29e' };

// Six decimals is ~0.1 m: enough for any route, and the wire and storage stay small.
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const toLngLat = (p: { wrap(): { lng: number; lat: number } }): LngLat => {
  // A click on a repeated copy of the world answers a longitude past ±180; the contract wants it folded back.
  const w = p.wrap();
  return [round6(w.lng), round6(w.lat)];
};

function boundsOf(points: LngLat[]): [LngLat, LngLat] {
  let [minLng, minLat] = points[0]!;
  let [maxLng, maxLat] = points[0]!;
  for (const [lng, lat] of points) {
    minLng = Math.min(minLng, lng);
    maxLng = Math.max(maxLng, lng);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  return [
    [minLng, minLat],
    [maxLng, maxLat],
  ];
}

const isOnePlace = ([[a, b], [c, d]]: [LngLat, LngLat]) => a === c && b === d;

/** The first view: the fitted points, else the given centre and zoom, else the whole world. */
function initialView({ fitTo, center, zoom }: Pick<MapViewProps, 'fitTo' | 'center' | 'zoom'>) {
  if (fitTo?.length) {
    const bounds = boundsOf(fitTo);
    if (isOnePlace(bounds)) return { longitude: bounds[0][0], latitude: bounds[0][1], zoom: POINT_ZOOM };
    return { bounds, fitBoundsOptions: { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM } };
  }
  if (center) return { longitude: center[0], latitude: center[1], zoom: zoom ?? 9 };
  return { bounds: WORLD, fitBoundsOptions: { padding: 0 } };
}

function fitView(map: MapRef, points: LngLat[]) {
  const bounds = boundsOf(points);
  if (isOnePlace(bounds)) map.jumpTo({ center: bounds[0], zoom: Math.max(map.getZoom(), POINT_ZOOM) });
  else map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM, duration: 0 });
}

const viewOf = (map: MapRef): MapViewState => {
  const c = map.getCenter().wrap();
  return { center: [round6(c.lng), round6(c.lat)], zoom: map.getZoom() };
};

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
const lineOf = (points: LngLat[]): Feature<LineString> => ({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: points } });
const piecesOf = (line: MapLine): Feature<MultiLineString> => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'MultiLineString', coordinates: line.pieces.filter((piece) => piece.length >= 2) },
});

export function MapCanvas({
  kit: { Map, Marker, Source, Layer, NavigationControl, ScaleControl },
  mapStyle,
  dark,
  mapOptions,
  ground,
  repaint,
  ariaLabel,
  center,
  zoom,
  fitTo,
  route,
  lines,
  markers,
  onMapClick,
  interactive = true,
  onViewChange,
  onReady,
  onFailure,
  onStyleError,
}: Props) {
  const units = useUnits();
  const mapRef = useRef<MapRef>(null);
  const [loaded, setLoaded] = useState(false);
  const [startView] = useState(() => initialView({ fitTo, center, zoom }));
  // The view already shows these points (the first view was fitted to them).
  const fitted = useRef(fitTo);

  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || !map || fitted.current === fitTo) return;
    fitted.current = fitTo;
    if (fitTo?.length) fitView(map, fitTo);
  }, [fitTo, loaded]);

  useEffect(() => {
    const canvas = loaded ? mapRef.current?.getCanvas() : undefined;
    if (!canvas) return;
    // The canvas is the map's region (the engines make it one); it carries the caller's name. A static preview is
    // a picture, not a place to move around in.
    canvas.setAttribute('aria-label', ariaLabel);
    canvas.setAttribute('role', interactive ? 'region' : 'img');
  }, [loaded, ariaLabel, interactive]);

  // The style was made in the theme of the moment: repaint only when the theme is not the one on the map, since
  // even an unchanged paint value costs the engine a full redraw.
  const painted = useRef(dark);
  useEffect(() => {
    const map = mapRef.current;
    if (!loaded || !map || !repaint || painted.current === dark) return;
    painted.current = dark;
    repaint(map.getMap(), dark);
  }, [loaded, dark, repaint]);

  const routeData = useMemo(() => (route && route.length >= 2 ? lineOf(route) : EMPTY), [route]);
  const linesData = useMemo(() => lines?.map((line) => ({ id: line.id, look: line.look, data: piecesOf(line) })), [lines]);
  const colours = dark ? ROUTE_COLOURS.dark : ROUTE_COLOURS.light;

  const handleClick = onMapClick
    ? (e: MapLayerMouseEvent) => {
        // A click on a pin (the engines report it as a click on the map beneath) means the pin's own place, exactly:
        // clicking the start closes a loop, clicking the meeting pin starts the route there. A drag is no click.
        const target = e.originalEvent.target;
        const pin = target instanceof Element ? target.closest('.maplibregl-marker, .mapboxgl-marker') : null;
        if (pin) {
          const marker = markers?.find((m) => m.id === pin.getAttribute('data-marker-id'));
          if (marker) onMapClick(marker.position);
          return;
        }
        onMapClick(toLngLat(e.lngLat));
      }
    : undefined;

  const handleError = (e: ErrorEvent) => {
    // No target: the engine could not even be built (react-map-gl reports that so). That is fatal; anything else
    // (one tile, one image) is not worth losing the whole map over.
    if (!e.target) {
      onFailure(/webgl/i.test(String(e.error?.message)) ? 'webgl' : 'load');
      return;
    }
    const url = (e.error as { url?: string } | undefined)?.url;
    // Before the first frame, an error of no source, naming the style's URL or none (a network error names nothing),
    // is the style's own.
    const styleFailed = !loaded && typeof mapStyle === 'string' && !('sourceId' in e) && (url === mapStyle || (onStyleError && url === undefined));
    if (styleFailed && onStyleError) onStyleError();
    else if (styleFailed) onFailure('load');
    else console.warn('Map:', e.error?.message ?? e.error);
  };

  return (
    <Map
      ref={mapRef}
      {...mapOptions}
      mapStyle={mapStyle}
      initialViewState={startView}
      interactive={interactive}
      dragRotate={false}
      pitchWithRotate={false}
      maxZoom={18}
      attributionControl={{ compact: true }}
      cursor={onMapClick ? 'crosshair' : undefined}
      // Hidden until the first complete frame (`load`), with the skeleton shown over it meanwhile: the partial frames
      // drawn while tiles arrive then never reach the screen, and under a software GPU each one shown cost the page's
      // thread a read-back of the whole canvas (a same-run A/B at 4x CPU halved the map page's blocking time: P7).
      style={{ position: 'absolute', inset: 0, visibility: loaded ? undefined : 'hidden', background: ground }}
      onLoad={() => {
        setLoaded(true);
        onReady();
        if (onViewChange && mapRef.current) onViewChange(viewOf(mapRef.current));
      }}
      onMoveEnd={onViewChange ? (e: ViewStateChangeEvent) => onViewChange({ center: [round6(e.viewState.longitude), round6(e.viewState.latitude)], zoom: e.viewState.zoom }) : undefined}
      onClick={handleClick}
      onError={handleError}
    >
      {interactive && <NavigationControl position="top-right" showCompass={false} />}
      {interactive && <ScaleControl position="bottom-left" unit={units === 'metric' ? 'metric' : 'imperial'} />}
      <Source id="switchback-route" type="geojson" data={routeData}>
        <Layer
          id="switchback-route-casing"
          type="line"
          layout={{ 'line-join': 'round', 'line-cap': 'round' }}
          paint={{ 'line-color': colours.casing, 'line-width': 7, 'line-opacity': 0.9 }}
        />
        <Layer id="switchback-route-line" type="line" layout={{ 'line-join': 'round', 'line-cap': 'round' }} paint={{ 'line-color': colours.line, 'line-width': 4 }} />
      </Source>
      {linesData?.map(({ id, look, data }) => (
        <Source key={id} id={`switchback-line-${id}`} type="geojson" data={data}>
          <Layer
            id={`switchback-line-${id}-casing`}
            type="line"
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': colours.casing, 'line-width': look === 'muted' ? 6 : 7, 'line-opacity': look === 'muted' ? 0.6 : 0.9 }}
          />
          <Layer
            id={`switchback-line-${id}-line`}
            type="line"
            layout={{ 'line-join': 'round', 'line-cap': look === 'muted' ? 'butt' : 'round' }}
            paint={
              look === 'muted'
                ? { 'line-color': dark ? MUTED_COLOURS.dark : MUTED_COLOURS.light, 'line-width': 3, 'line-dasharray': [2, 1.5] }
                : { 'line-color': colours.line, 'line-width': 4 }
            }
          />
        </Source>
      ))}
      {markers?.map((m) => (
        <Marker
          key={m.id}
          longitude={m.position[0]}
          latitude={m.position[1]}
          anchor={m.kind === 'meeting' ? 'bottom' : 'center'}
          draggable={Boolean(m.draggable && interactive)}
          onDragEnd={m.onDragEnd ? (e) => m.onDragEnd?.(toLngLat(e.lngLat)) : undefined}
          ref={(marker) => {
            // Set before the engine adds the pin, which otherwise names it "Map marker" and calls it a button.
            const el = marker?.getElement();
            el?.setAttribute('aria-label', m.label);
            el?.setAttribute('role', 'img');
            el?.setAttribute('title', m.label);
            // How a click on the pin finds its point (handleClick).
            el?.setAttribute('data-marker-id', m.id);
          }}
        >
          <MarkerBadge kind={m.kind ?? 'point'} draggable={Boolean(m.draggable && interactive)} />
        </Marker>
      ))}
    </Map>
  );
}

function MarkerBadge({ kind, draggable }: { kind: NonNullable<MapMarker['kind']>; draggable: boolean }) {
  const grab = draggable && 'cursor-grab active:cursor-grabbing';
  if (kind === 'meeting') {
    // Drawn here, not in icons.tsx: a map marker, one per marker of the map's data, in its own 28x36 pin frame.
    return (
      <svg viewBox="0 0 28 36" aria-hidden="true" className={clsx('block h-9 w-7 drop-shadow', grab)}>
        <path d="M14 35s12-12.5 12-21A12 12 0 0 0 2 14c0 8.5 12 21 12 21Z" className="fill-brand stroke-surface" strokeWidth="2" />
        <path d="M10 8v12M10 8h8l-2 3 2 3h-8" className="fill-none stroke-on-brand" strokeWidth="2" strokeLinejoin="round" />
      </svg>
    );
  }
  const look = {
    start: 'size-5 bg-success border-[3px] border-white',
    end: 'size-5 bg-fg border-[3px] border-brand',
    point: 'size-4 bg-white border-[3px] border-brand',
  }[kind];
  // A larger invisible frame around a small dot keeps it easy to grab with a finger.
  return (
    <span aria-hidden="true" className={clsx('flex size-7 items-center justify-center', grab)}>
      <span className={clsx('block rounded-full shadow', look)} />
    </span>
  );
}
