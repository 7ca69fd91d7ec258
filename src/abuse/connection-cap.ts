import type { Server } from 'node:net';
import type { Socket } from 'node:net';

/**
 * Caps the open connections one remote address may hold on `server` (0 = no cap). A socket
 * beyond the cap is destroyed as soon as it is accepted, before anything is read from it. The
 * address is the socket's own (never X-Forwarded-For: a proxy in front would share one address,
 * so set the cap with that in mind). Counts are per process.
 */
export function capConnectionsPerIp(server: Server, maxPerIp: number): { readonly open: (ip: string) => number } {
  const open = new Map<string, number>();
  if (maxPerIp > 0) {
    server.on('connection', (socket: Socket) => {
      const ip = socket.remoteAddress ?? '';
      const count = open.get(ip) ?? 0;
      if (count >= maxPerIp) {
        socket.destroy();
        return;
      }
      open.set(ip, count + 1);
      socket.once('close', () => {
        const left = (open.get(ip) ?? 1) - 1;
        if (left <= 0) open.delete(ip);
        else open.set(ip, left);
      });
    });
  }
  return { open: (ip) => open.get(ip) ?? 0 };
}
