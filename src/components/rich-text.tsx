import { Link } from '@tanstack/react-router';
import type { MemberSummary } from '#contract/social';
import { textSegments } from '../lib/text-segments';

/**
 * What a member wrote, with live `#hashtag` links (to the list it came from, the feed or the shorts, searched for that
 * tag) and `@mention` links (to the member's profile). Only text nodes and router links: whatever the text holds (`<script>`, `<img onerror>`) shows
 * as the characters it is and runs nothing (check 9). Line breaks are kept by `whitespace-pre-line` on the element.
 */
export function RichText({
  text,
  mentions,
  className,
  tagsIn = '/feeds',
}: {
  text: string;
  mentions: readonly MemberSummary[];
  className?: string;
  tagsIn?: '/feeds' | '/shorts';
}) {
  return (
    <p className={className ?? 'whitespace-pre-line break-words'}>
      {textSegments(text, mentions).map((segment, i) => {
        if (segment.kind === 'text') return segment.text;
        if (segment.kind === 'hashtag') {
          return (
            <Link key={i} to={tagsIn} search={{ search: `#${segment.tag}` }} className="font-medium text-brand hover:underline">
              {segment.text}
            </Link>
          );
        }
        return (
          <Link key={i} to="/profile/$username" params={{ username: segment.member.handleName }} className="font-medium text-brand hover:underline">
            {segment.text}
          </Link>
        );
      })}
    </p>
  );
}
