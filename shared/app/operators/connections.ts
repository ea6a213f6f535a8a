import type { PairingStatus } from '../../domain/pairing/pairing.transitions';
import type { BackofficeLists } from '../../ports/operators';
import { instantPage } from './instant-page';

/**
 * `GET /admin/connections` (operator or owner): each seat channel's pairing, newest pairing first,
 * of one status or all, 30 per page unless asked (at most 100); the person masked when the row was
 * written; `sync` is the seat's latest history import (status, and step while it runs), written with
 * each of its moves.
 */
export const listConnections = async (
  deps: { lists: BackofficeLists },
  query: {
    cursor?: string | undefined;
    limit: number;
    status?: PairingStatus | undefined;
    channel?: 'chat' | undefined;
  },
) => {
  const status = query.status ?? null;
  // Chat is the only channel that pairs: its filter keeps the whole list (and binds the cursor).
  const { page, nextCursor } = await instantPage(
    { list: 'connections', ...query, filters: { status, channel: query.channel ?? null } },
    (after) => deps.lists.connections({ status, after, limit: query.limit }),
    (connection) => ({ at: connection.startedAt, id: connection.seatUid }),
  );
  return {
    connections: page.map(({ startedAt: _, ...connection }) => connection),
    nextCursor,
  };
};
