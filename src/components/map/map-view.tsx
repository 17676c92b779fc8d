import clsx from 'clsx';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { readRuntimeConfig } from '../../lib/runtime-config';
import { Button } from '../ui/button';
import type { MapEngineProps, MapFailure } from './map-canvas';
import type { MapViewProps } from './map-types';

export type { LngLat, MapLine, MapMarker, MapViewProps, MapViewState } from './map-types';

/**
 * The one map of the app. This module holds no map code: the engine (MapLibre by default, Mapbox when the build has
 * a token) and its data load on first use, so pages without a map never fetch them (check P1). Until the map has
 * drawn its first frame, a skeleton fills exactly the box the caller sized, so nothing moves when it appears.
 *
 * Tests: the box carries `data-testid="map-canvas-ready"` once the engine's `load` event fired (before that
 * `data-testid="map-view"`), and `data-map-state` = loading | ready | no-webgl | load-failed.
 */

function loadEngine(): Promise<{ default: ComponentType<MapEngineProps> }> {
  if (import.meta.env.VITE_MAPBOX_TOKEN) return import('./mapbox-map');
  // The offline style's land comes from a worker that must first fetch and index the world's shapes: started while
  // the engine's code is still on its way, its first tiles are ready with the map's first frames (one redraw fewer).
  // A worker that cannot start here is tried again when the map asks for its first tile, and reported there.
  if (!readRuntimeConfig().mapStyleUrls?.length) {
    import('./world-tiles')
      .then(({ startWorldTiles }) => startWorldTiles())
      .catch(() => {});
  }
  return import('./libre-map');
}

// One lazy component per attempt: React keeps a failed import's error, so "Try again" needs a fresh one.
let Engine = lazy(loadEngine);
function retryEngine() {
  Engine = lazy(loadEngine);
}

/**
 * Whether this browser has WebGL at all. Only the API is looked for: making a context to ask costs tens of
 * milliseconds of the page's thread under a software GPU, and a context the device refuses is reported by the engine
 * itself when it starts (`onFailure('webgl')`).
 */
const hasWebGL = () => typeof WebGL2RenderingContext !== 'undefined' || typeof WebGLRenderingContext !== 'undefined';

type Phase = 'loading' | 'ready' | 'no-webgl' | 'load-failed';

export function MapView({ className, children, ...props }: MapViewProps) {
  const [phase, setPhase] = useState<Phase>(() => (hasWebGL() ? 'loading' : 'no-webgl'));
  const fail = (kind: MapFailure) => setPhase(kind === 'webgl' ? 'no-webgl' : 'load-failed');

  return (
    <div
      className={clsx('relative isolate overflow-hidden bg-surface-2', className ?? 'h-72 w-full')}
      data-testid={phase === 'ready' ? 'map-canvas-ready' : 'map-view'}
      data-map-state={phase}
    >
      {phase === 'no-webgl' ? (
        <MapProblem title="The map could not be drawn on this device">This browser or device cannot draw WebGL, which maps need.</MapProblem>
      ) : phase === 'load-failed' ? (
        <MapProblem
          title="The map could not be loaded"
          action={
            <Button
              variant="secondary"
              onClick={() => {
                retryEngine();
                setPhase('loading');
              }}
            >
              Try again
            </Button>
          }
        >
          Check your connection and try again.
        </MapProblem>
      ) : (
        <EngineBoundary onError={() => setPhase('load-failed')}>
          <Suspense fallback={null}>
            <Engine {...props} onReady={() => setPhase('ready')} onFailure={fail} />
          </Suspense>
        </EngineBoundary>
      )}
      {phase === 'loading' && <MapSkeleton />}
      {children}
    </div>
  );
}

function MapSkeleton() {
  return (
    <div role="status" className="absolute inset-0 z-[1] animate-pulse bg-surface-2">
      <span className="sr-only">Loading map</span>
      {/* A faint grid hints at what is coming without pretending to be a map. */}
      <div
        aria-hidden="true"
        className="size-full opacity-40"
        style={{
          backgroundImage: 'linear-gradient(var(--line) 1px, transparent 1px), linear-gradient(90deg, var(--line) 1px, transparent 1px)',
          backgroundSize: '48px 48px',
        }}
      />
    </div>
  );
}

function MapProblem({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center">
      <p className="font-semibold">{title}</p>
      <p className="text-sm text-muted">{children}</p>
      {action}
    </div>
  );
}

/** Catches a failed load of the engine's code or data (offline, or a deploy replaced the files). */
class EngineBoundary extends Component<{ onError(): void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn('Map:', error);
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
