/** A promise the test resolves when it wants a held-back server answer to go out. */
export function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
