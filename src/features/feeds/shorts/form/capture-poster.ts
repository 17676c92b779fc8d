/** Where in the clip the poster is taken: past a fade-in, within a one-second clip. */
const POSTER_AT_S = 0.5;

const once = (target: HTMLVideoElement, event: 'loadeddata' | 'seeked') =>
  new Promise<void>((resolve, reject) => {
    target.addEventListener(event, () => resolve(), { once: true });
    target.addEventListener('error', () => reject(new Error('The video could not be read here.')), { once: true });
  });

/**
 * A frame of the member's own video file as a JPEG, drawn on a canvas by the browser: the poster of a video the
 * server kept as it came (no ffmpeg there to take one). Read from the file still in hand, never from the network.
 */
export async function capturePoster(file: File): Promise<Blob> {
  const url = URL.createObjectURL(file);
  try {
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.src = url;
    await once(video, 'loadeddata');
    video.currentTime = Math.min(POSTER_AT_S, Number.isFinite(video.duration) ? video.duration / 2 : 0);
    await once(video, 'seeked');
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')!.drawImage(video, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob) throw new Error('The frame could not be drawn.');
    return blob;
  } finally {
    URL.revokeObjectURL(url);
  }
}
