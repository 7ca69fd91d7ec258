// The ceiling: a bare node:http server that answers 200 without doing any work (it does not even
// read the request body; Node discards it). Whatever Rehook does costs relative to this.
// Also the replay destination of scenario (f): it answers at once.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const OK = '{"ok":true}';
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': OK.length });
  res.end(OK);
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  // The driver reads this first line to learn the bound port.
  process.stdout.write(`${JSON.stringify({ msg: 'ceiling listening', url: `http://127.0.0.1:${port}` })}\n`);
});
const stop = (): void => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
