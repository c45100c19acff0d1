/** Where the app reads the time; tests inject one they can move. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
