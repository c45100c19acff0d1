import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/fixtures.ts';
import { bankMethod, fund, investor, post, testApp, useWalletApp } from '../../../test/wallet-app.ts';

useWalletApp();

describe('payment methods', () => {
  it('store bank fields as typed and check crypto addresses per coin', async () => {
    const user = await investor();
    await bankMethod(user);
    const bad = await post(user, '/api/user/payment-method', {
      type: 'crypto',
      currency: 'btc',
      wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    expect(bad.json().errors.wallet_address).toEqual(['This is not a valid BTC address.']);
    const incomplete = await post(user, '/api/user/payment-method', {
      type: 'bank',
      account_number: null,
      account_name: 'Ada Lovelace',
      bank_name: 'B'.repeat(141),
      routing_number: 4011,
      bank_address: '1 Analytical Row, London',
    });
    expect(incomplete.json().errors).toEqual({
      account_number: ['This field is required.'],
      bank_name: ['At most 140 characters.'],
      routing_number: ['Enter text.'],
    });
    const good = await post(user, '/api/user/payment-method', {
      type: 'crypto',
      label: 'Ledger',
      currency: 'usdt(TRC20)',
      wallet_address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    });
    expect(good.statusCode).toBe(201);
    const banks = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/user/payment-method?filter[type]=bank&filter[is_withdrawal]=true',
        headers: bearer(user.token),
      })
    ).json().data.payment_methods.data;
    expect(banks).toHaveLength(1);
    expect(banks[0]).toMatchObject({
      account_name: 'Ada Lovelace',
      bank_name: 'Babbage Bank',
      routing_number: '40-11-62',
    });
  });

  it("refuse another user's payment method for a withdrawal", async () => {
    const owner = await investor();
    const stranger = await investor();
    await fund(stranger, '100.00');
    const methodId = await bankMethod(owner);
    const attempt = await post(stranger, '/api/user/transaction/withdraw', {
      amount: '10',
      payment_method_id: methodId,
    });
    expect(attempt.statusCode).toBe(404);
  });
});
