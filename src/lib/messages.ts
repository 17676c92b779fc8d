import { sessionMessages } from './session-messages';

/**
 * Every fixed message the client shows, grouped by the ten areas of spec §2. Server messages are preferred where
 * the spec says so; these are the fallbacks and the client's own words.
 */
export const messages = {
  auth: {
    ...sessionMessages,
    passwordUpdated: 'Your password is updated successfully, try signing in with new password.',
    codeSent: 'We sent a 4-digit code to your e-mail.',
    codeResent: 'We sent you a new code.',
    welcome: 'Welcome to Switchback!',
    socialUserInfoFailed: 'Failed to fetch user info',
    exportReady: 'Your data is ready. The download has started.',
  },
  feed: { created: 'Feed Created Successfully', deleted: 'Feed Deleted Successfully' },
  activity: {},
  event: { created: 'Event Created Successfully' },
  user: {
    profileUpdated: 'Your profile has been successfully updated.',
    phoneUpdated: 'Your phone number has been updated successfully.',
    phoneCodeResent: 'We texted you a new code.',
    profilePrivate: 'Your profile is now private. New followers need your approval.',
    profilePublic: 'Your profile is now public.',
    unitsMetric: 'Distances now show in kilometres and metres.',
    unitsImperial: 'Distances now show in miles and feet.',
    handleAvailable: 'Available',
    handleTaken: 'Taken: try another',
    // The limits of contract/media.ts (IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS), written out: this file is on the first load.
    imageTooLarge: 'Choose an image under 20 MB.',
    imageTooManyPixels: 'This image is too large to process. Choose one under 40 megapixels.',
    imageUnreadable: 'This image could not be opened. Try another.',
    equipmentCreated: 'Equipment Created Successfully',
    equipmentDeleted: 'Equipment Deleted Successfully',
    userTypeSaved: 'Saved. You can change this later in your profile.',
    contactSent: 'Thanks! We read every message and will reply by e-mail.',
  },
  otherUser: {},
  social: { followRequestSent: 'Follow request sent' },
  userManagement: { userReported: 'User reported successfully.' },
  feedManagement: { reportSent: 'Report sent successfully.' },
  associate: { saved: 'Associate saved successfully' },
} as const;
