/** The path of a post's own page, for links and "Copy link". */
export const feedPath = (feedId: number) => `/feeds/${feedId}`;
