import { isIPv6 } from 'node:net';

/** Who is signing in, as the request shows it. The browser stores a random device id in local storage. */
export type ClientInfo = { address: string; userAgent: string; deviceId: string | undefined };

/**
 * The key under which a client's connections and streams are counted: its IPv4 address, or the /64
 * network of an IPv6 one, since a single host is commonly given a whole /64 to pick addresses from.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = (address.toLowerCase().split('%')[0] ?? '').split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
