import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, type TestApp } from '../../test/app.ts';
import { registerMarketJobs } from './market.job.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(() => testApp.close());

const until = async (condition: () => boolean, what: string) => {
  for (const giveUp = Date.now() + 15_000; !condition(); await new Promise((resolve) => setTimeout(resolve, 50)))
    if (Date.now() > giveUp) throw new Error(`timed out waiting for ${what}`);
};

describe('the market jobs', () => {
  it('keep ticking while the fills after a tick run, with one fill run waiting at most', async () => {
    let ticks = 0;
    let fillRuns = 0;
    let running = 0;
    let mostAtOnce = 0;
    const { promise: firstFillHeld, resolve: release } = Promise.withResolvers<undefined>();
    const stop = await registerMarketJobs(testApp.boss, {
      db: testApp.database.db,
      clock: createTestClock(new Date()),
      tickSeconds: 1,
      feed: async () => (ticks += 1),
      afterTick: async () => {
        fillRuns += 1;
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        if (fillRuns === 1) await firstFillHeld;
        running -= 1;
      },
    });
    try {
      await until(() => fillRuns === 1, 'the first fill run');
      const ticksAtFirstFill = ticks;
      await until(() => ticks >= ticksAtFirstFill + 3, 'three ticks during the first fill run');
      expect(fillRuns).toBe(1);
      release(undefined);
      // The run that waited takes in every tick that came meanwhile: one more run, not one per tick.
      await until(() => fillRuns === 2 && running === 0, 'the waiting fill run');
      const ticksAfter = ticks;
      await until(() => ticks >= ticksAfter + 1, 'the next tick');
      await until(() => fillRuns >= 3, 'a fill run for the next tick');
      expect(mostAtOnce).toBe(1);
    } finally {
      stop();
      await testApp.boss.offWork('market.tick');
      await testApp.boss.offWork('orders.fill');
    }
  });
});
