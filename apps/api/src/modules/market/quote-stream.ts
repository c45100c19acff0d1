import type { ServerResponse } from 'node:http';

export type StreamCaps = { perAddress: number; total: number };

/** Counts open quote streams per address and in all, so that neither exceeds its cap. */
export function createStreamSlots(caps: StreamCaps) {
  const byAddress = new Map<string, number>();
  let total = 0;
  return {
    /** Takes a slot for `address`, or names the cap that is full; the returned function gives the slot back. */
    take(address: string): (() => void) | 'address' | 'total' {
      const held = byAddress.get(address) ?? 0;
      if (held >= caps.perAddress) return 'address';
      if (total >= caps.total) return 'total';
      byAddress.set(address, held + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      };
    },
  };
}

/**
 * Writes events to one client only while its socket takes them. A client whose buffer is full misses
 * ticks until it drains, then gets the newest quotes at once; one that stays full for `stallMs` is
 * dropped, its unsent data discarded by a reset rather than held by the kernel. `waiting` tells the
 * quote hub to pass the client by.
 */
export function streamWriter(response: ServerResponse, stallMs: number, newest: () => string) {
  let stalled: NodeJS.Timeout | undefined;
  const write = (text: string) => {
    if (stalled || !text || response.destroyed) return;
    if (response.write(text)) return;
    stalled = setTimeout(() => (response.socket ? response.socket.resetAndDestroy() : response.destroy()), stallMs);
    response.once('drain', () => {
      clearTimeout(stalled);
      stalled = undefined;
      write(newest());
    });
  };
  response.once('close', () => clearTimeout(stalled));
  return { write, waiting: () => stalled !== undefined || response.destroyed };
}
