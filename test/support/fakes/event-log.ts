import type { EventLog, StreamTicket, TicketStore } from '../../../shared/ports/event-log';
import type { FakeTable } from './table';

/** Tickets kept by their hash, taken once. */
export const fakeTicketStore = (): TicketStore & { tickets: Map<string, StreamTicket> } => {
  const tickets = new Map<string, StreamTicket>();
  return {
    tickets,
    issue: async (ticketHash, ticket) => {
      tickets.set(ticketHash, structuredClone(ticket));
    },
    consume: async (ticketHash) => {
      const ticket = tickets.get(ticketHash) ?? null;
      tickets.delete(ticketHash);
      return ticket;
    },
  };
};

/** The table's event rows of an account, in id order. */
export const fakeEventLog = (table: FakeTable): EventLog => {
  const ofAccount = (accountId: string) =>
    table.events
      .filter((event) => event.accountId === accountId)
      .toSorted((a, b) => a.id.localeCompare(b.id));
  return {
    after: async (accountId, afterId, limit) =>
      structuredClone(
        ofAccount(accountId)
          .filter((event) => afterId === null || event.id > afterId)
          .slice(0, limit),
      ),
    latestId: async (accountId) => ofAccount(accountId).at(-1)?.id ?? null,
  };
};
