/**
 * The stand-in credentials of every client that talks to a local endpoint (DynamoDB Local, the queue
 * emulator). Whatever the shell holds (a real profile, an expired SSO login, nothing at all), a
 * client of the local stack never asks the SDK's credential chain, so no script needs an AWS
 * account and none can reach one. In AWS no endpoint is set and the function's role signs.
 */
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/** A client's endpoint options: none in AWS; locally the endpoint and the stand-in credentials. */
export const endpointOptions = (endpoint: string | undefined) =>
  endpoint === undefined ? {} : { endpoint, credentials: localCredentials };
