import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_REACTION, type Feed } from '#contract/feeds';
import { Avatar } from '../../../../components/avatar';
import { Icon, type IconName } from '../../../../components/icons';
import { RichText } from '../../../../components/rich-text';
import { displayName } from '../../../../lib/display-name';
import { formatCount } from '../../../../lib/format-count';
import { feedReactions } from '../../feed-reactions';
import { useReactionToggle } from '../../../reactions/reaction-toggle';
import { useCan } from '../../../auth/use-can';
import { ShortMenu } from './short-menu';
import { ShortSheet } from './short-sheet';
import { shareShort } from '../share-short';

/** Two taps closer than this are a double tap (a ❤️), not two sound toggles. */
const DOUBLE_TAP_MS = 280;

type Props = {
  short: Feed;
  index: number;
  count: number;
  /** Holds a `<video>`: the short in view and its neighbours. */
  mounted: boolean;
  active: boolean;
  paused: boolean;
  muted: boolean;
  onTogglePaused(): void;
  onToggleMuted(): void;
  /** The author's follow button, given where the page is put together (the social area's). */
  followButton?: ((author: Feed['author']) => ReactNode) | undefined;
  /** The viewer reported it: the player drops it (stable, or every slide renders again). */
  onReported?: ((feedId: number) => void) | undefined;
};

/**
 * One screen of the player (memoised: a step of the player re-renders only the slides whose place changed): the video (or its poster when far from view), a thin progress bar, and over it the
 * author with a follow button, the title and text with live hashtag and mention links, and the actions: ❤️, the
 * comments and reactions sheet, share, sound, play. A tap turns the sound on or off; a double tap reacts with ❤️.
 */
export const ShortSlide = memo(function ShortSlide({ short, index, count, mounted, active, paused, muted, onTogglePaused, onToggleMuted, followButton, onReported }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const progress = useRef<HTMLDivElement>(null);
  const tap = useRef<{ at: number; timer?: ReturnType<typeof setTimeout> }>({ at: 0 });
  const [sheet, setSheet] = useState(false);
  const [burst, setBurst] = useState(0);
  const react = useReactionToggle(feedReactions);
  // An associate whose owner has not allowed reactions (issue 25): the count shows, the heart does not click.
  const mayReact = useCan('react');
  const clip = short.videos[0];
  const author = displayName(short.author);
  const liked = short.likes.mine !== null;
  const captions = useCaptionsUrl(clip?.captions ?? '');

  // The one in view plays from where it was; the others pause (and the one leaving rewinds, so it starts afresh).
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    if (active && !paused) void el.play().catch(() => {});
    else el.pause();
    if (!active) el.currentTime = 0;
  }, [active, paused, mounted]);

  // Written straight to the bar's style: four times a second, with no render for it.
  const onTimeUpdate = () => {
    const el = video.current;
    if (el && progress.current && el.duration > 0) progress.current.style.transform = `scaleX(${el.currentTime / el.duration})`;
  };

  const onTap = () => {
    const now = performance.now();
    clearTimeout(tap.current.timer);
    if (now - tap.current.at < DOUBLE_TAP_MS) {
      tap.current.at = 0;
      if (!mayReact) return;
      setBurst((b) => b + 1);
      if (!liked) void react(short, DEFAULT_REACTION);
      return;
    }
    tap.current.at = now;
    tap.current.timer = setTimeout(onToggleMuted, DOUBLE_TAP_MS);
  };
  useEffect(() => () => clearTimeout(tap.current.timer), []);

  return (
    <section
      data-index={index}
      aria-roledescription="short"
      aria-label={`${short.title || `Short by ${author}`}, ${index + 1} of ${count}`}
      className="relative h-full snap-start snap-always overflow-hidden bg-black text-white"
    >
      {mounted && clip?.videoUrl ? (
        <video
          ref={video}
          src={clip.videoUrl}
          poster={clip.thumbnail || undefined}
          aria-label={clip.altText || `Video: ${short.title || `short by ${author}`}`}
          muted={muted}
          loop
          playsInline
          // The next one loads ahead, so its first frame is there when it snaps into view (P11).
          preload="auto"
          onClick={onTap}
          onTimeUpdate={onTimeUpdate}
          className="size-full cursor-pointer object-contain"
        >
          {captions && <track kind="captions" src={captions} srcLang="en" label="Captions" default />}
        </video>
      ) : clip?.thumbnail ? (
        <img src={clip.thumbnail} alt={clip.altText} className="size-full object-contain" />
      ) : (
        <div className="size-full" />
      )}

      {burst > 0 && (
        <span key={burst} aria-hidden="true" className="pointer-events-none absolute inset-0 flex animate-[ping_0.7s_ease-out_1] items-center justify-center text-7xl opacity-0">
          ❤️
        </span>
      )}

      <div className="absolute inset-x-0 top-0 h-1 bg-white/25" aria-hidden="true">
        <div ref={progress} className="h-full origin-left scale-x-0 bg-white" />
      </div>
      {active && (
        <div className="absolute top-2 right-1">
          <ShortMenu short={short} onReported={onReported} />
        </div>
      )}

      <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end gap-3 bg-gradient-to-t from-black/80 via-black/40 to-transparent p-4 pt-16">
        <div className="pointer-events-auto flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex items-center gap-2">
            <Link to="/profile/$username" params={{ username: short.author.handleName }} className="flex min-w-0 items-center gap-2 font-semibold hover:underline">
              <Avatar src={short.author.profileImage} name={author} size="sm" />
              <span className="truncate">{author}</span>
            </Link>
            {active && followButton?.(short.author)}
          </div>
          {short.title && <h2 className="text-base leading-snug font-bold break-words">{short.title}</h2>}
          {short.description && (
            <RichText text={short.description} mentions={short.tagUser} tagsIn="/shorts" className="line-clamp-3 text-sm break-words whitespace-pre-line [&_a]:font-semibold [&_a]:text-white" />
          )}
        </div>
        <div className="pointer-events-auto flex shrink-0 flex-col items-center gap-1">
          <Action
            icon={liked ? 'heartFilled' : 'heart'}
            label={!mayReact ? 'Reactions' : liked ? 'Remove your reaction' : 'React with ❤️'}
            pressed={liked}
            disabled={!mayReact}
            count={short.likes.total}
            onClick={() => void react(short, liked ? null : DEFAULT_REACTION)}
          />
          <Action icon="comment" label="Comments and reactions" count={short.commentCount} onClick={() => setSheet(true)} />
          <Action icon="share" label="Share" onClick={() => void shareShort(short)} />
          <Action icon={muted ? 'volumeOff' : 'volume'} label={muted ? 'Turn the sound on' : 'Turn the sound off'} pressed={!muted} onClick={onToggleMuted} />
          <Action icon={paused ? 'play' : 'pause'} label={paused ? 'Play' : 'Pause'} onClick={onTogglePaused} />
        </div>
      </div>
      {sheet && <ShortSheet short={short} onClose={() => setSheet(false)} />}
    </section>
  );
});

function Action({
  icon,
  label,
  count,
  pressed,
  disabled,
  onClick,
}: {
  icon: IconName;
  label: string;
  count?: number;
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      aria-label={count === undefined ? label : `${label} (${count})`}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className="flex min-h-11 min-w-11 flex-col items-center justify-center rounded-full text-xs font-semibold drop-shadow enabled:hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-70"
    >
      <Icon name={icon} className={clsx('size-7', icon === 'heartFilled' && 'text-red-500')} strokeWidth="2" />
      {count !== undefined && <span aria-hidden="true" className="tabular-nums">{formatCount(count)}</span>}
    </button>
  );
}

/** The short's WebVTT as a URL a `<track>` can load (the page's own blob:, let through by the CSP's media-src). */
function useCaptionsUrl(vtt: string) {
  const url = useMemo(() => (vtt ? URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' })) : null), [vtt]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
