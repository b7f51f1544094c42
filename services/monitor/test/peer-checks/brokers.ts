import { connect } from 'node:net';
import { missing } from '@app/kit/testing';

/**
 * false when something listens on 127.0.0.1:`port`, otherwise the skip reason (thrown under CI=true):
 * the machine's own brokers (Mosquitto on 1883, RabbitMQ on 5672) are what these tests check against.
 */
export async function needListener(port: number, what: string): Promise<false | string> {
  const socket = connect({ host: '127.0.0.1', port, timeout: 3000 });
  const reason = await new Promise<string | null>((resolve) => {
    socket.once('connect', () => resolve(null));
    socket.once('timeout', () => resolve('no answer within 3 s'));
    socket.once('error', (err) => resolve(err.message));
  });
  socket.destroy();
  return reason === null ? false : missing(`${what} is not reachable on 127.0.0.1:${port} (${reason})`);
}
