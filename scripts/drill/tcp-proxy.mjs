// A TCP proxy whose target moves (the drill's failover scenario): the address the APIs know stays the same while
// the database behind it changes, as a virtual IP, a DNS name with a short TTL or a pgbouncer does in production.
// Moving it ends every proxied connection, so no client keeps talking to the old primary.
import net from 'node:net';

export function startProxy(listenPort, targetPort) {
  let target = targetPort;
  const open = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
    };
    open.add(client);
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    // A dead target ends the client's connection at once (`end`), so the pool sees a closed connection.
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () =>
      resolve({
        port: listenPort,
        /** Points new connections at `port` and ends the ones open now. */
        moveTo(port) {
          target = port;
          for (const s of open) s.destroy();
        },
        close() {
          for (const s of open) s.destroy();
          return new Promise((r) => server.close(() => r()));
        },
      }),
    );
  });
}
