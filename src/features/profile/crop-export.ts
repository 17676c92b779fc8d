import type { Rect, Size } from './crop-math';

/** Loads a chosen file into an image the canvas can draw (the browser applies its EXIF orientation). */
export function loadImage(file: Blob): Promise<{ image: HTMLImageElement; release(): void }> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ image, release: () => URL.revokeObjectURL(url) });
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('The image could not be decoded.'));
    };
    image.src = url;
  });
}

/** Draws `rect` of `image` into a `size` canvas and encodes it as a JPEG (upright, no metadata). */
export function exportCrop(image: CanvasImageSource, rect: Rect, size: Size, quality = 0.9): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot crop images.'));
  // JPEG has no transparency: a transparent PNG or GIF gets white behind it rather than black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The crop could not be encoded.'))), 'image/jpeg', quality),
  );
}
