import type { NotificationKind } from '#contract/notifications';

/** The actor as a sentence names them. */
export type ActorName = { handleName: string; firstName: string; lastName: string };

type Sentence = (actor: string) => string;

/**
 * The one sentence each kind shows in the list and sends by e-mail. An area adds its kind's line here when it starts
 * writing notifications of that kind (posts: likes, comments, mentions; events; associates); until then, writing one
 * is a programming error, caught by that area's first test.
 */
const SENTENCES: { [K in NotificationKind]?: Sentence } = {
  new_follower: (actor) => `${actor} started following you.`,
  follow_request: (actor) => `${actor} asked to follow you.`,
  request_accepted: (actor) => `${actor} accepted your follow request.`,
  comments: (actor) => `${actor} commented on your post.`,
  likes: (actor) => `${actor} reacted to your post.`,
  mentions: (actor) => `${actor} mentioned you in a post.`,
  live: (actor) => `${actor} is sharing their live location.`,
};

/**
 * Sentences for what a kind says in more than one way: a reply is a `comments` notification, but its sentence is
 * "replied to your comment". Each names its kind, so a variant is always sent under its own kind's setting.
 */
const VARIANTS = {
  comment_reply: { kind: 'comments', sentence: (actor) => `${actor} replied to your comment.` },
  comment_mention: { kind: 'mentions', sentence: (actor) => `${actor} mentioned you in a comment.` },
  comment_like: { kind: 'likes', sentence: (actor) => `${actor} liked your comment.` },
  event_comment: { kind: 'comments', sentence: (actor) => `${actor} commented on your event.` },
  event_like: { kind: 'likes', sentence: (actor) => `${actor} reacted to your event.` },
  activity_comment: { kind: 'comments', sentence: (actor) => `${actor} commented on your activity.` },
  activity_like: { kind: 'likes', sentence: (actor) => `${actor} gave kudos to your activity.` },
  event_invite: { kind: 'events', sentence: (actor) => `${actor} invited you to an event.` },
  event_cohost_invite: { kind: 'events', sentence: (actor) => `${actor} invited you to co-host an event.` },
  event_cohost_accepted: { kind: 'events', sentence: (actor) => `${actor} accepted your invitation to co-host an event.` },
  event_cancelled_going: { kind: 'events', sentence: (actor) => `${actor} cancelled an event you were going to.` },
  event_cancelled_interested: { kind: 'events', sentence: (actor) => `${actor} cancelled an event you were interested in.` },
  live_contact: { kind: 'live', sentence: (actor) => `${actor} named you a safety contact while they are out live.` },
  event_place_opened: { kind: 'events', sentence: (actor) => `A place opened up at ${actor}’s event: you’re going now.` },
} satisfies Record<string, { kind: NotificationKind; sentence: Sentence }>;
export type SentenceVariant = keyof typeof VARIANTS;

/**
 * What a sentence says after the actor's name (" reacted to your post."), for each sentence that starts with the name:
 * the rows that repeat one on the same subject are one row in the list ("Maya Ridge and 3 others reacted to your
 * post."). The table holds no sentence name, so the list tells a row's sentence by its stored text ending in one of
 * these (grouping.ts); a sentence that does not start with the name ("A place opened up at…") never groups.
 */
export const GROUPED_ACTIONS: { kind: NotificationKind; action: string }[] = (() => {
  const MARK = '\u0000';
  const all: [NotificationKind, Sentence][] = [
    ...(Object.entries(SENTENCES) as [NotificationKind, Sentence][]),
    ...Object.values(VARIANTS).map((v): [NotificationKind, Sentence] => [v.kind, v.sentence]),
  ];
  return (
    all
      .map(([kind, sentence]) => ({ kind, text: sentence(MARK) }))
      .filter((s) => s.text.startsWith(MARK))
      .map((s) => ({ kind: s.kind, action: s.text.slice(MARK.length).trim() }))
      // The longest first, so a row is told by the most words its text ends in.
      .sort((a, b) => b.action.length - a.action.length)
  );
})();

/** "Maya Ridge and 3 others reacted to your post.": the latest actor by name, the other members counted. */
export function groupedSentence(lead: ActorName, others: number, action: string) {
  return `${displayName(lead)} and ${others} ${others === 1 ? 'other' : 'others'} ${action}`;
}

/** "Robin Ridge"; the handle when a member has no name yet (a social sign-in not completed). */
export function displayName(person: ActorName) {
  return `${person.firstName} ${person.lastName}`.trim() || `@${person.handleName}`;
}

/**
 * How an e-mail names the actor: by handle, which is letters and digits only (contract/rules.ts). A display name is
 * whatever its owner typed ("Your account is locked, call…"), and a subject line is where such text would pass for
 * the app's own words.
 */
export const handleOf = (person: Pick<ActorName, 'handleName'>) => `@${person.handleName}`;

function sentenceNaming(kind: NotificationKind, actor: string, variant?: SentenceVariant) {
  if (variant) {
    if (VARIANTS[variant].kind !== kind) throw new Error(`Sentence "${variant}" is for "${VARIANTS[variant].kind}" notifications, not "${kind}"`);
    return VARIANTS[variant].sentence(actor);
  }
  const sentence = SENTENCES[kind];
  if (!sentence) throw new Error(`No notification sentence for "${kind}" yet: add one to server/modules/notifications/sentences.ts`);
  return sentence(actor);
}

/** The sentence the app shows: the actor by name. */
export function sentenceFor(kind: NotificationKind, actor: ActorName, variant?: SentenceVariant) {
  return sentenceNaming(kind, displayName(actor), variant);
}

/** The sentence an e-mail carries: fixed words and the actor's handle (`handleOf`), nothing anyone typed. */
export function mailSentenceFor(kind: NotificationKind, actor: Pick<ActorName, 'handleName'>, variant?: SentenceVariant) {
  return sentenceNaming(kind, handleOf(actor), variant);
}

/** The e-mail of a notification: its `mailSentenceFor` sentence as subject (without its full stop) and body. */
export function notificationMail(to: { email: string } & ActorName, sentence: string) {
  return {
    to: to.email,
    subject: sentence.replace(/\.$/, ''),
    text:
      `Hi ${to.firstName.trim() || `@${to.handleName}`},\n\n${sentence}\n\nOpen Switchback to see it. You can choose which ` +
      `notifications reach you by e-mail under Notifications > Settings.\n\n- The Switchback team`,
  };
}
