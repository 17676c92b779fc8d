import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { IMAGE_MAX_PIXELS } from '#contract/media';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { messages } from '../../../lib/messages';
import { exportCrop, loadImage } from '../crop-export';
import {
  centredCrop,
  CROP_TARGETS,
  frameFor,
  MAX_ZOOM,
  MIN_ZOOM,
  outputSize,
  pan,
  sourceRect,
  zoomTo,
  type CropState,
  type CropTarget,
  type Size,
} from '../crop-math';
import { Dialog } from '../../../components/ui/dialog';

type Props = {
  file: Blob;
  target: CropTarget;
  onCancel(): void;
  onDone(image: Blob): void;
  onError(message: string): void;
};

const KEY_STEP = 10;
const KEY_STEP_LARGE = 50;
const ZOOM_STEP = 0.1;

/**
 * Crop before upload: the frame shows exactly what will be kept (a square for the avatar, with the circle it will
 * appear in; 3:1 for the cover). Drag the photo, or focus it and use the arrow keys (Shift for bigger steps, + and
 * - to zoom); the slider zooms. The crop is exported as a JPEG in the browser (geometry in crop-math.ts).
 */
export function ImageCropper({ file, target, onCancel, onDone, onError }: Props) {
  const { aspect, maxWidth, label } = CROP_TARGETS[target];
  const [frame] = useState(() => frameFor(aspect));
  const [loaded, setLoaded] = useState<{ image: HTMLImageElement; size: Size } | null>(null);
  const [crop, setCrop] = useState<CropState | null>(null);
  const [exporting, setExporting] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const helpId = useId();
  const zoomId = useId();
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });

  useEffect(() => {
    let live = true;
    let release = () => {};
    loadImage(file).then(
      (result) => {
        release = result.release;
        if (!live) return release();
        const size = { width: result.image.naturalWidth, height: result.image.naturalHeight };
        if (size.width * size.height > IMAGE_MAX_PIXELS) return onErrorRef.current(messages.user.imageTooManyPixels);
        if (size.width < 1 || size.height < 1) return onErrorRef.current(messages.user.imageUnreadable);
        setLoaded({ image: result.image, size });
        setCrop(centredCrop(size, frame));
      },
      () => live && onErrorRef.current(messages.user.imageUnreadable),
    );
    return () => {
      live = false;
      release();
    };
  }, [file, frame]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || !loaded || !crop) return;
    const density = Math.min(2, window.devicePixelRatio || 1);
    canvas.width = Math.round(frame.width * density);
    canvas.height = Math.round(frame.height * density);
    const rect = sourceRect(loaded.size, frame, crop);
    context.imageSmoothingQuality = 'high';
    context.drawImage(loaded.image, rect.x, rect.y, rect.width, rect.height, 0, 0, canvas.width, canvas.height);
  }, [loaded, crop, frame]);

  // Once the photo is there, put the keyboard on it: the arrow keys move it straight away.
  useEffect(() => {
    if (loaded) canvasRef.current?.focus();
  }, [loaded]);

  const move = (dx: number, dy: number) => loaded && setCrop((c) => c && pan(loaded.size, frame, c, dx, dy));
  const zoom = (z: number) => loaded && setCrop((c) => c && zoomTo(loaded.size, frame, c, z));

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const last = drag.current;
    if (!last || last.id !== event.pointerId) return;
    // Screen pixels to frame units: the canvas is the frame, scaled by CSS.
    const ratio = frame.width / (event.currentTarget.clientWidth || frame.width);
    move((event.clientX - last.x) * ratio, (event.clientY - last.y) * ratio);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
    const actions: Record<string, () => void> = {
      ArrowLeft: () => move(-step, 0),
      ArrowRight: () => move(step, 0),
      ArrowUp: () => move(0, -step),
      ArrowDown: () => move(0, step),
      '+': () => crop && zoom(crop.zoom + ZOOM_STEP),
      '=': () => crop && zoom(crop.zoom + ZOOM_STEP),
      '-': () => crop && zoom(crop.zoom - ZOOM_STEP),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const done = async () => {
    if (!loaded || !crop) return;
    setExporting(true);
    try {
      const rect = sourceRect(loaded.size, frame, crop);
      onDone(await exportCrop(loaded.image, rect, outputSize(rect, aspect, maxWidth)));
    } catch {
      onError(messages.user.imageUnreadable);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Dialog title={target === 'profile' ? 'Crop your profile photo' : 'Crop your cover image'} onClose={onCancel} size="lg">
      <div className="relative mx-auto w-full overflow-hidden rounded-lg bg-surface-2" style={{ aspectRatio: String(aspect), maxWidth: aspect === 1 ? '24rem' : undefined }}>
        {loaded && crop ? (
          <>
            <canvas
              ref={canvasRef}
              tabIndex={0}
              // A keyboard widget of its own: screen readers pass the arrow keys through to it.
              role="application"
              aria-roledescription="crop area"
              aria-label={`Your ${label}, as it will be cropped`}
              aria-describedby={helpId}
              className="block size-full cursor-grab touch-none active:cursor-grabbing"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              onKeyDown={onKeyDown}
            />
            {target === 'profile' && (
              // The avatar is shown in a circle: dim what the circle will hide.
              <div aria-hidden="true" className="pointer-events-none absolute inset-0 rounded-full shadow-[0_0_0_9999px_rgb(0_0_0/0.45)]" />
            )}
          </>
        ) : (
          <div className="flex size-full items-center justify-center text-brand">
            <Spinner label="Opening the image" />
          </div>
        )}
      </div>
      <p id={helpId} className="text-sm text-muted">
        Drag the photo to position it, or select it and use the arrow keys. Zoom with the slider or the + and - keys.
      </p>
      <div className="flex items-center gap-3">
        <label htmlFor={zoomId} className="text-sm font-medium">
          Zoom
        </label>
        <input
          id={zoomId}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={crop?.zoom ?? MIN_ZOOM}
          disabled={!crop}
          aria-valuetext={`${Math.round((crop?.zoom ?? 1) * 100)}%`}
          onChange={(e) => zoom(Number(e.target.value))}
          className="min-h-11 flex-1 accent-brand"
        />
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={done} busy={exporting} disabled={!crop}>
          {target === 'profile' ? 'Use this photo' : 'Use this cover'}
        </Button>
      </div>
    </Dialog>
  );
}
