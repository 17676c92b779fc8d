/**
 * The feed screens' and form's own words (spec §8's feed messages are in src/lib/messages.ts). Here, not there:
 * that file loads with every first page (check P1), these only with the feed.
 */
export const feedWords = {
  updated: 'Post updated.',
  draftSaved: 'Draft saved. Find it in My posts.',
  tooManyPhotos: 'A post holds up to 10 photos; the rest were left out.',
  locationDenied: 'Location is off for Switchback. Type the place instead, or allow location in your browser settings.',
  locationUnavailable: 'Your position could not be found just now. Type the place instead.',
  linkCopied: 'Link copied. Share it with anyone who can see this post.',
  // The unsaved-changes question (use-unsaved-changes-guard.ts): something new is "this post", an edit "changes".
  discardNewPost: { title: 'Discard this post?', description: 'What you wrote and the photos you added will be lost.' },
  discardPostChanges: { title: 'Discard changes?', description: 'Your changes to this post will be lost.' },
} as const;
