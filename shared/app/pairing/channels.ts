import { priceOf } from '../../domain/catalog/catalog';
import { requireOwner } from '../../domain/family/member';
import type { Seat } from '../../domain/family/seat';
import { availableChannels, enableChannel } from '../../domain/pairing/channels';
import { guardianPairingView } from '../../domain/pairing/pairing';
import type { Caller, Deps } from '../deps';
import { apiEvent } from '../event-sources';
import { seatFor } from '../family-access';
import { retryOnConflict } from '../retry-on-conflict';
import { seatRef } from '../seats/seats';

const channelsView = (seat: Seat, deps: Pick<Deps, 'settings'>) =>
  availableChannels.map((channel) => {
    const contracted = seat.channels[channel];
    return {
      channel,
      enabled: contracted !== undefined,
      price: contracted?.price ?? priceOf(deps.settings.prices, 'channel.chat'),
      enabledAt: contracted?.enabledAt ?? null,
      pairing: seat.pairing === null ? null : guardianPairingView(seat.pairing),
    };
  });

/** `GET /seats/{uid}/channels`: each channel with whether it is contracted and its pairing. */
export const listChannels = async (
  deps: Pick<Deps, 'families' | 'settings'>,
  caller: Caller,
  seatUid: string,
) => channelsView((await seatFor(deps, caller, seatUid)).seat, deps);

/** `POST /seats/{uid}/channels/{channel}` (owner): contracts the add-on at today's price. */
export const contractChannel = async (
  deps: Pick<Deps, 'families' | 'settings' | 'ids' | 'clock'>,
  caller: Caller,
  seatUid: string,
  channel: string,
) =>
  retryOnConflict(async () => {
    const { member, seat } = await seatFor(deps, caller, seatUid);
    requireOwner(member);
    const { seat: changed, enabled } = enableChannel(
      seat,
      channel,
      priceOf(deps.settings.prices, 'channel.chat'),
      deps.clock.now(),
    );
    const saved = enabled
      ? await deps.families.saveSeat(changed, [
          apiEvent(deps, {
            type: 'seat.channel_enabled',
            accountId: seat.accountUid,
            seat: seatRef(seat),
            payload: { channel },
          }),
        ])
      : changed;
    return { created: enabled, channels: channelsView(saved, deps) };
  });
