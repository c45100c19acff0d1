import { createServer } from 'node:net';

/**
 * A port free now, so that the app's own address (APP_URL: the mailed links and the passkeys'
 * origin) is known before it starts.
 */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
