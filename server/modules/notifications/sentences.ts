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
};

/** "Robin Ridge"; the handle when a member has no name yet (a social sign-in not completed). */
export function displayName(person: ActorName) {
  return `${person.firstName} ${person.lastName}`.trim() || `@${person.handleName}`;
}

export function sentenceFor(kind: NotificationKind, actor: ActorName) {
  const sentence = SENTENCES[kind];
  if (!sentence) throw new Error(`No notification sentence for "${kind}" yet: add one to server/modules/notifications/sentences.ts`);
  return sentence(displayName(actor));
}

/** The e-mail of a notification: the sentence as subject (without its full stop) and body. */
export function notificationMail(to: { email: string } & ActorName, sentence: string) {
  return {
    to: to.email,
    subject: sentence.replace(/\.$/, ''),
    text:
      `Hi ${to.firstName.trim() || `@${to.handleName}`},\n\n${sentence}\n\nOpen Switchback to see it. You can choose which ` +
      `notifications reach you by e-mail under Notifications > Settings.\n\n- The Switchback team`,
  };
}
