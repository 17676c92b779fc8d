/** Time as the services see it; tests swap in a clock they can move. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export const minutes = (n: number) => n * 60_000;
export const hours = (n: number) => n * 3_600_000;
export const days = (n: number) => n * 86_400_000;
export const after = (clock: Clock, ms: number) => new Date(clock.now().getTime() + ms);
