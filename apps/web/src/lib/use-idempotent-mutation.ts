import { useRef } from 'react';
import { ApiError } from './api-client';
import { useRefreshingMutation } from './use-refreshing-mutation';

export type IdempotencyHeaders = { 'idempotency-key': string };

/** A response that leaves open whether the server acted: none came, the server failed, or the first try still runs. */
const outcomeUnknown = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 409 || error.status >= 500;

/**
 * A money-moving mutation that sends an Idempotency-Key. The key belongs to the request, not to the
 * click: sent again with the same input after a response that leaves the outcome open (no response, a
 * 5xx, 409 while the first try runs), it carries the same key, so the server replays the first
 * try's result instead of moving money twice. Any definite response ends the request: the next one,
 * even with the same input, is new and gets a new key.
 */
export function useIdempotentMutation<T, R>(
  send: (input: T, headers: IdempotencyHeaders) => Promise<R>,
  queryKeys: readonly string[],
) {
  const open = useRef<{ request: string; key: string } | undefined>(undefined);
  return useRefreshingMutation(async (input: T) => {
    const request = JSON.stringify(input);
    const key = open.current?.request === request ? open.current.key : crypto.randomUUID();
    open.current = { request, key };
    try {
      const response = await send(input, { 'idempotency-key': key });
      open.current = undefined;
      return response;
    } catch (error) {
      if (!outcomeUnknown(error)) open.current = undefined;
      throw error;
    }
  }, queryKeys);
}
