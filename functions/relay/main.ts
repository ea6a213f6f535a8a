import { config } from '../../shared/config/config';
import { startRelay } from './relay';

/** The relay container's entry: runs until SIGTERM, then closes gracefully (clients resume elsewhere). */
const relay = await startRelay(config());
process.on('SIGTERM', () => {
  void relay.stop().then(() => process.exit(0));
});
