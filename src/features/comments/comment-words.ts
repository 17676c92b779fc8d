/**
 * The comment thread's own words, for posts and events alike. Here, not in src/lib/messages.ts: that file loads with
 * every first page (check P1), these only with a thread.
 */
export const commentWords = {
  // COMMENT_MAX of contract/feeds.ts, written out.
  commentTooLong: 'A comment can be up to 2,000 characters.',
  // The unsaved-changes question (use-unsaved-changes-guard.ts): something new is "this comment", an edit "changes".
  discardComment: { title: 'Discard this comment?', description: 'What you wrote will be lost.' },
  discardReply: { title: 'Discard this reply?', description: 'What you wrote will be lost.' },
  discardCommentChanges: { title: 'Discard changes?', description: 'Your changes to this comment will be lost.' },
} as const;
