import { escapeHtml } from '../../lib/mail/mailer.ts';
import type { OutboxEntry } from '../../lib/mail/outbox.ts';

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Itrust mail outbox</title></head>
<body><main>${body}</main></body></html>`;

export function mailListPage(messages: OutboxEntry[]): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.date)}</td><td>${escapeHtml(message.to)}</td>` +
        `<td><a href="/dev/mail/${encodeURIComponent(message.file)}">${escapeHtml(message.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('');
  const table = messages.length
    ? `<table><thead><tr><th scope="col">Date</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>The outbox is empty. Messages the app sends appear here.</p>';
  return layout(
    'Outbox',
    `<h1>Mail outbox (development)</h1><p>${messages.length} message(s), newest first.</p>${table}`,
  );
}

export function mailMessagePage(message: OutboxEntry): string {
  return layout(
    message.subject,
    `<p><a href="/dev/mail">Back to the outbox</a></p><h1>${escapeHtml(message.subject)}</h1>
<dl><dt>From</dt><dd>${escapeHtml(message.from)}</dd><dt>To</dt><dd>${escapeHtml(message.to)}</dd><dt>Date</dt><dd>${escapeHtml(message.date)}</dd><dt>File</dt><dd>${escapeHtml(message.file)}</dd></dl>
<h2>Text</h2><pre>${escapeHtml(message.text)}</pre>
<h2>HTML source</h2><pre>${escapeHtml(message.html)}</pre>`,
  );
}
