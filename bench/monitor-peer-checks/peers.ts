import { startGrpcPeer } from '../../services/monitor/test/peer-checks/grpc-peer.js';
import { startHostilePeer } from '../../services/monitor/test/peer-checks/hostile-peer.js';
import { startWsPeer } from '../../services/monitor/test/peer-checks/ws-peer.js';

/*
 * The loopback peers of bench/monitor-peer-checks, in a process of their own so that the bench's
 * file-descriptor counts hold only the checker's side. Prints the ports as one JSON line, then
 * serves until stdin ends; on stdin "count" it answers the connections each peer still has open
 * (once they are all closed, or after 2 s).
 */
const ws = await startWsPeer();
const grpc = await startGrpcPeer({ statuses: { 'bench.Down': 'NOT_SERVING' } });
const hole = await startHostilePeer('silent');
process.stdout.write(`${JSON.stringify({ ws: ws.port, grpc: grpc.port, hole: hole.port })}\n`);
process.stdin.setEncoding('utf8');
process.stdin.on('data', async (text: string) => {
  if (text.trim() !== 'count') return;
  // A close the bench's process just made may still be on its way: give the peers 2 s to see it.
  const settled = Promise.all([ws.drained(), grpc.drained(), hole.drained()]);
  await Promise.race([settled, new Promise((r) => setTimeout(r, 2000))]);
  process.stdout.write(`${JSON.stringify({ ws: ws.open(), grpc: grpc.open(), hole: hole.open() })}\n`);
});
process.stdin.on('end', () => process.exit(0));
