/**
 * Toasts fade in and out; axe measures a half-faded toast's contrast as if it were the real thing. With reduced
 * motion (honoured by sonner) a toast is either fully shown or gone, so every checkA11y sees a settled page.
 * Use in a spec file: `test.use(settledMotion)`.
 */
export const settledMotion = { contextOptions: { reducedMotion: 'reduce' as const } };
