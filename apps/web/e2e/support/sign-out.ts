import type { Page } from 'playwright-core';

/**
 * Signs out where signing out is not what a test is about: the token ends on the server and the
 * browser forgets the session as the Log out button does (keeping its device id), without the
 * 3 s the button shows 'Logged out.' for first. Ends on the sign-in screen at /.
 */
export async function signOutQuietly(page: Page) {
  const status = await page.evaluate(async () => {
    const device = localStorage.getItem('deviceId') ?? '';
    const response = await fetch('/api/user/logout', {
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${sessionStorage.getItem('accessToken') ?? ''}`,
        'x-device-id': device,
      },
    });
    sessionStorage.clear();
    localStorage.clear();
    localStorage.setItem('deviceId', device);
    return response.status;
  });
  if (status !== 200) throw new Error(`signing out answered ${status}`);
  await page.goto(new URL(page.url()).origin);
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
}
