import { CreatePlatformEndpointCommand, DeleteEndpointCommand, type SNSClient } from '@aws-sdk/client-sns';
import type { DevicePlatform, PushRegistry } from '../../ports/notifications';

/**
 * Devices' push endpoints in SNS: one platform application per platform (APNs for iOS, FCM for
 * Android). SNS gives the same endpoint for the same token and attributes, so registering a token
 * again is harmless; the endpoint names the device, never the user or the token.
 */
export const snsPushRegistry = (
  client: SNSClient,
  applications: Record<DevicePlatform, string>,
): PushRegistry => ({
  async register(platform, token, deviceUid) {
    const { EndpointArn } = await client.send(
      new CreatePlatformEndpointCommand({
        PlatformApplicationArn: applications[platform],
        Token: token,
        CustomUserData: deviceUid,
      }),
    );
    if (EndpointArn === undefined) throw new Error('SNS returned no endpoint');
    return EndpointArn;
  },
  async unregister(endpointArn) {
    await client.send(new DeleteEndpointCommand({ EndpointArn: endpointArn }));
  },
});
