export type ParsedMail = {
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
};

type Part = { headers: Map<string, string>; body: string };

/** Reads the MIME messages nodemailer writes: headers, encoded words, multipart, quoted-printable and base64. */
export function parseEml(raw: string): ParsedMail {
  const message = splitPart(raw.replaceAll('\r\n', '\n'));
  const leaves = flatten(message);
  const bodyOf = (type: string) => {
    const part = leaves.find((leaf) => (leaf.headers.get('content-type') ?? 'text/plain').startsWith(type));
    return part ? decodeBody(part) : '';
  };
  return {
    from: decodeWords(message.headers.get('from') ?? ''),
    to: decodeWords(message.headers.get('to') ?? ''),
    subject: decodeWords(message.headers.get('subject') ?? ''),
    date: message.headers.get('date') ?? '',
    text: bodyOf('text/plain'),
    html: bodyOf('text/html'),
  };
}

function splitPart(raw: string): Part {
  const end = raw.indexOf('\n\n');
  const headerText = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of headerText.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function flatten(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => flatten(splitPart(chunk.replace(/^\n/, ''))));
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).replace(/\n$/, '');
  return part.body.replace(/\n$/, '');
}

/** Soft line breaks go; each =XX is a byte, and the bytes are read as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const escaped = text
    .replace(/=\n/g, '')
    .replaceAll('%', '%25')
    .replace(/=([0-9A-F]{2})/gi, '%$1');
  try {
    return decodeURIComponent(escaped);
  } catch {
    return text;
  }
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}
