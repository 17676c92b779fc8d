import type { FeedVideo } from '#contract/feeds';

/**
 * A reported short's video as the moderator reviews it: played on demand with its controls (not looping or muted like
 * the player, since a moderator listens for what was said), its alt text, and its captions as text to read through.
 */
export function CaseVideo({ video }: { video: FeedVideo }) {
  if (video.status !== 'ready') {
    return <p className="text-sm text-muted">{video.status === 'failed' ? `The video could not be processed: ${video.failure ?? 'unknown reason'}.` : 'The video is still processing.'}</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <video
        controls
        preload="metadata"
        playsInline
        src={video.videoUrl}
        poster={video.thumbnail || undefined}
        aria-label={video.altText || 'The reported short'}
        className="max-h-96 w-fit max-w-full rounded-xl bg-black"
      />
      {video.altText && <p className="text-xs text-muted">Alt text: {video.altText}</p>}
      {video.captions && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Captions</summary>
          <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-surface-2 p-2 text-xs">{video.captions}</pre>
        </details>
      )}
    </div>
  );
}
