export function findChromium(): Promise<string | undefined>;
