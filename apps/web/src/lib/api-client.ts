import type { ErrorEnvelope, SuccessEnvelope } from '@itrust/contracts';
import { clearSession, deviceId, readAccessToken } from './storage-keys';

/** A failed API call, carrying the server's message (shown to the user verbatim) and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

let onSessionEnded = () => window.location.assign('/');

/** The app shell decides where a user goes when the server ends the session. */
export function setSessionEndedListener(listener: () => void): void {
  onSessionEnded = listener;
}

/** Sends a request with the session's token and this browser's id; no response at all becomes an ApiError. */
async function send(path: string, init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> }) {
  const token = readAccessToken();
  const headers: Record<string, string> = { 'x-device-id': deviceId(), ...init.headers };
  if (token) headers['authorization'] = `Bearer ${token}`;
  try {
    return { token, response: await fetch(`/api${path}`, { ...init, headers }) };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
}

/** A 401 on a signed-in session ends the session. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<SuccessEnvelope<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const { token, response } = await send(path, {
    method: options.method ?? 'GET',
    headers,
    body: isForm ? (options.body as FormData) : options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });

  const envelope = (await response.json().catch(() => undefined)) as SuccessEnvelope<T> | ErrorEnvelope | undefined;
  if (response.ok && envelope?.status === 'success') return envelope;

  if (response.status === 401 && token) {
    clearSession();
    onSessionEnded();
  }
  const message = envelope && 'message' in envelope && envelope.message ? envelope.message : 'An error occurred.';
  const errors = envelope && envelope.status === 'error' ? (envelope.errors ?? {}) : {};
  throw new ApiError(response.status, message, errors);
}

export async function apiData<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/** A file the API builds (a CSV export) becomes a browser download, named as the server says. */
export async function apiDownload(path: string): Promise<string> {
  const { response } = await send(path, {});
  if (!response.ok) {
    const envelope = (await response.json().catch(() => undefined)) as ErrorEnvelope | undefined;
    throw new ApiError(response.status, envelope?.message ?? 'An error occurred.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
