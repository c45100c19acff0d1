import { isIPv6 } from 'node:net';

/** Who is signing in, as the request shows it. The browser stores a random device id in local storage. */
export type ClientInfo = { address: string; userAgent: string; deviceId: string | undefined };

/** The leading groups of an address: its IPv4 form when it is one (mapped or not), else its IPv6 groups. */
function networkOf(address: string, ipv6Groups: number): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = (address.toLowerCase().split('%')[0] ?? '').split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, ipv6Groups)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/${ipv6Groups * 16}`;
}

/**
 * The key under which a client's connections and streams are counted: its IPv4 address, or the /64
 * network of an IPv6 one, since a single host is commonly given a whole /64 to pick addresses from.
 */
export function clientKey(address: string): string {
  return networkOf(address, 4);
}

/** Roughly where a session is: the /24 network of an IPv4 address, the /48 of an IPv6 one. */
export function addressPrefix(address: string): string {
  const network = networkOf(address, 3);
  if (network.includes('/')) return network;
  const parts = network.split('.');
  return parts.length === 4 ? `${parts.slice(0, 3).join('.')}.0/24` : network;
}
