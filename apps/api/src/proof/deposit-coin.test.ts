import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, signUp, type SignedUpUser } from '../../test/fixtures.ts';

/**
 * A crypto deposit's coin is one of the listed coins: markup, unknown coins and values of another
 * type are refused with the message that lists them, and nothing of the request is stored.
 */
const coinMessage = 'Choose BTC, ETH, USDT(ERC20) or USDT(TRC20).';

let testApp: TestApp;
let user: SignedUpUser;

beforeAll(async () => {
  testApp = await createTestApp({ DEPOSIT_BANK_MIN: '1', RATE_LIMIT_PER_MINUTE: '100000' });
  user = await signUp(testApp, { verified: true });
});
afterAll(() => testApp.close());

const deposit = (payload: Record<string, unknown>) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/user/transaction/deposit',
    headers: bearer(user.token),
    payload: { amount: '1500', ...payload },
  });
const stored = async () =>
  (
    await testApp.database.db.$client.query<{ coin: string | null; mode: string }>(
      'select coin, mode::text from transactions where user_id = $1 order by created_at, id',
      [user.id],
    )
  ).rows;

describe('the coin of a crypto deposit', () => {
  it.each([
    ['an image tag with a handler', '<img src=x onerror=alert(1)>'],
    ['an image tag', '<img src=x>'],
    ['an unknown coin', 'doge'],
    ['a coin without its network', 'usdt'],
    ['a listed coin with markup after it', 'btc<script>'],
    ['ten thousand letters', 'x'.repeat(10_000)],
    ['a number', 42],
    ['a boolean', true],
    ['null', null],
    ['a list', ['btc']],
    ['an object', { id: 'btc' }],
  ])('refuses %s and stores nothing', async (_, coin) => {
    for (const mode of ['crypto', 'bank']) {
      const refused = await deposit({ mode, coin });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toEqual({ status: 'error', message: coinMessage, errors: { coin: [coinMessage] } });
    }
    expect(await stored()).toEqual([]);
  });

  it('accepts each listed coin in any letter case, and stores it as the list names it', async () => {
    for (const coin of ['btc', 'ETH', 'USDT(erc20)', ' usdt(TRC20) '])
      expect((await deposit({ mode: 'crypto', coin })).statusCode).toBe(201);
    expect((await deposit({ mode: 'bank', coin: '' })).statusCode).toBe(201);
    expect(await stored()).toEqual([
      { coin: 'btc', mode: 'crypto' },
      { coin: 'eth', mode: 'crypto' },
      { coin: 'usdt(ERC20)', mode: 'crypto' },
      { coin: 'usdt(TRC20)', mode: 'crypto' },
      { coin: null, mode: 'bank' },
    ]);
  });
});
