import type { GroupRequests } from '../contract';

/** Both health routes read nothing of the request. */
export const requests = {
  health: {},
  openApiDocument: {},
} satisfies GroupRequests<'health'>;
