import type { NotificationKind } from '#contract/notifications';

/** Each kind as the settings screen names and explains it, in the order it lists them. */
export const KIND_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  new_follower: { label: 'New follower', description: 'Someone starts following you.' },
  follow_request: { label: 'Follow request', description: 'Someone asks to follow your private profile.' },
  request_accepted: { label: 'Request accepted', description: 'A member accepts your request to follow them.' },
  likes: { label: 'Likes', description: 'Someone likes your post, short or comment.' },
  comments: { label: 'Comments', description: 'Someone comments on your post or short, or replies to your comment.' },
  mentions: { label: 'Mentions', description: 'Someone tags you in a post or comment.' },
  events: { label: 'Events', description: 'Invitations, and news from events you joined or follow.' },
  associates: { label: 'Associates', description: 'Changes to your associates and what they may do for you.' },
  moderation: { label: 'Moderation', description: 'What happens to your reports, and decisions about your posts or account.' },
  gear: { label: 'Gear service', description: 'A component of your gear is due for its service.' },
  live: { label: 'Live activities', description: 'Someone you follow starts sharing their live location, and safety alerts.' },
};

export const CHANNEL_LABELS = { inApp: 'In-app', email: 'E-mail' } as const;
