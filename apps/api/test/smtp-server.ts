import net from 'node:net';
import { once } from 'node:events';

export type SmtpServer = {
  url: string;
  /** Every RCPT TO the server was asked for, accepted or not, in order. */
  attempts: string[];
  /** The recipients of messages it accepted, in order. */
  delivered: string[];
  /** Answers the held recipients now, and those held from now on at once. */
  release: () => void;
  close: () => Promise<void>;
};

/**
 * A small SMTP server on 127.0.0.1 for tests of how we send: it refuses the recipients `refuse`
 * names (550) and holds its response to the ones `hold` names for `holdMs`, or until `release()`.
 */
export async function startSmtpServer(options: {
  refuse?: (recipient: string) => boolean;
  hold?: (recipient: string) => boolean;
  holdMs?: number;
}): Promise<SmtpServer> {
  const attempts: string[] = [];
  const delivered: string[] = [];
  const sockets = new Set<net.Socket>();
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let recipient = '';
    let inData = false;
    const handle = async (line: string) => {
      if (inData) {
        if (line !== '.') return;
        inData = false;
        delivered.push(recipient);
        reply('250 OK: queued');
        return;
      }
      const command = line.slice(0, 4).toUpperCase();
      if (command === 'EHLO' || command === 'HELO') reply('250 localhost');
      else if (command === 'MAIL' || command === 'RSET' || command === 'NOOP') reply('250 OK');
      else if (command === 'RCPT') {
        recipient = /<([^>]*)>/.exec(line)?.[1] ?? '';
        attempts.push(recipient);
        if (options.hold?.(recipient))
          await Promise.race([released, new Promise((resolve) => setTimeout(resolve, options.holdMs ?? 1000))]);
        reply(options.refuse?.(recipient) ? '550 No such user here' : '250 OK');
      } else if (command === 'DATA') {
        inData = true;
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (command === 'QUIT') {
        reply('221 Bye');
        socket.end();
      } else reply('502 Command not implemented');
    };
    let queue = Promise.resolve();
    reply('220 localhost ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        queue = queue.then(() => handle(line));
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    attempts,
    delivered,
    release,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
