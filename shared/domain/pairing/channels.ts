import type { Money } from '../money';
import { isStoppedByDependent } from '../consent/seat-consent';
import { fail } from '../errors';
import type { Seat } from '../family/seat';

/** Channels a seat can contract; only `chat` exists today. */
export const availableChannels = ['chat'] as const;
export type Channel = (typeof availableChannels)[number];

const isAvailable = (channel: string): channel is Channel =>
  (availableChannels as readonly string[]).includes(channel);

/**
 * `POST /seats/{uid}/channels/{channel}` (owner): after a stop only a new consent resumes (409 first);
 * an unknown channel is not available; the seat must be active. Enabling twice changes nothing.
 */
export const enableChannel = (
  seat: Seat,
  channel: string,
  price: Money,
  now: Date,
): { seat: Seat; enabled: boolean } => {
  if (isStoppedByDependent(seat)) throw fail('STOPPED_BY_DEPENDENT');
  if (!isAvailable(channel)) throw fail('CHANNEL_UNAVAILABLE');
  if (seat.status !== 'active') throw fail('SEAT_NOT_ACTIVE');
  if (seat.channels[channel] !== undefined) return { seat, enabled: false };
  return {
    seat: {
      ...seat,
      channels: { ...seat.channels, [channel]: { price, enabledAt: now.toISOString() } },
      updatedAt: now.toISOString(),
    },
    enabled: true,
  };
};

export const isChannelEnabled = (seat: Seat, channel: Channel): boolean =>
  seat.channels[channel] !== undefined;
