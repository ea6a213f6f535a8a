import type { PushRegistry } from '../../ports/notifications';

/**
 * Development push registry (`NOTIFY_DELIVERY=log`): no platform; a log line names the device and
 * its platform (never the token), and the device's endpoint is a local address the log delivery
 * prints pushes to.
 */
export const logPushRegistry = (
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): PushRegistry => ({
  async register(platform, _token, deviceUid) {
    write(
      JSON.stringify({
        level: 'INFO',
        msg: 'push.dev_endpoint',
        platform,
        deviceUid,
        time: new Date().toISOString(),
      }),
    );
    return `local:push:${deviceUid}`;
  },
  async unregister(endpointArn) {
    write(
      JSON.stringify({
        level: 'INFO',
        msg: 'push.dev_endpoint_removed',
        endpoint: endpointArn,
        time: new Date().toISOString(),
      }),
    );
  },
});
