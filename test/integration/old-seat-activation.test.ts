import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { userToItem } from '../../shared/adapters/dynamo/items';
import { activateSeat } from '../../shared/app/consent/activation';
import type { Deps } from '../../shared/app/deps';
import { cryptoIds, hmacHasher } from '../../shared/adapters/crypto/node-crypto';
import type { TableAccess } from '../../shared/adapters/dynamo/client';
import { dynamoFamilyStore } from '../../shared/adapters/dynamo/family.store';
import { dynamoUserStore } from '../../shared/adapters/dynamo/user.store';
import { localSeatKeys } from '../../shared/adapters/consent/local-seat-keys';
import { sandboxRegistry } from '../../shared/adapters/consent/sandbox-registry';
import { newSeat } from '../../shared/domain/family/seat';
import { seatUidFor } from '../../shared/domain/family/uids';
import { newUser } from '../../shared/domain/users/user';
import { freshTable, seatKeysTableOf } from '../support/table';

let table: TableAccess;
beforeAll(async () => {
  table = await freshTable();
});

describe('activating a seat made before onboarding v2 (activation without consent)', () => {
  it('activates, opens the subscription, and also makes the consent link, sends it and runs the relationship check', async () => {
    const ids = cryptoIds();
    const now = new Date();
    const families = dynamoFamilyStore(table, { seatKeysTable: seatKeysTableOf(table).tableName });
    const users = dynamoUserStore(table);
    const sent: { body: string }[] = [];
    const owner = newUser({ uid: ids.uid('usr'), email: 'old@example.com', now });
    const account = { uid: ids.uid('acc'), name: 'Old', createdAt: now.toISOString(), version: 0 };
    await families.createAccount(
      account,
      {
        accountUid: account.uid,
        userUid: owner.uid,
        role: 'owner',
        relationship: null,
        email: owner.email,
        joinedAt: '',
        version: 0,
      },
      [],
    );
    await table.doc.send(new PutCommand({ TableName: table.tableName, Item: userToItem(owner) }));
    const seat = {
      ...newSeat({
        uid: seatUidFor(account.uid, ids.randomPart(16)),
        seatId: ids.ulid(),
        accountUid: account.uid,
        price: { amount: 1, currency: 'BRL' as const },
        now,
      }),
      activationRequiresConsent: false,
      dependent: {
        kind: 'minor' as const,
        name: 'Bia',
        birthDate: '2014-03-02',
        relationship: 'child' as const,
        phone: '+5511987654321',
        document: { type: 'cpf' as const, number: '00000000272' },
      },
    };
    await families.addSeat(seat, []);

    const deps = {
      families,
      users,
      ids,
      clock: { now: () => now },
      hasher: hmacHasher('integration-hash-key'),
      relationships: sandboxRegistry,
      consentSends: { send: async (messages: { body: string }[]) => void sent.push(...messages) },
      seatKeys: localSeatKeys(Buffer.alloc(32, 1).toString('base64')),
      settings: {
        consent: { linkTtlSeconds: 3600, resendWaitSeconds: 60, pageBaseUrl: 'http://web' },
        campaigns: {},
        trialDays: 7,
      },
    } as unknown as Deps;

    const active = await activateSeat(deps, { userUid: owner.uid }, seat.uid, { guardianAttestation: true });
    expect(active).toMatchObject({
      status: 'active',
      consent: { status: 'pending', link: expect.stringMatching(/^http:\/\/web\/c\//) },
    });
    // The link's send is queued for its worker, with the delivery it makes.
    const delivery = (await families.load(account.uid))?.seats[0]?.consent?.delivery;
    expect(delivery).toMatchObject({ status: 'queued', attempt: 0 });
    expect(sent.map((message) => JSON.parse(message.body) as unknown)).toEqual([
      { seatUid: seat.uid, deliveryId: delivery?.deliveryId, attempt: 1 },
    ]);
    const family = await families.load(account.uid);
    expect(family?.subscription).toMatchObject({ status: 'trialing' });
    expect(family?.seats[0]).toMatchObject({
      relationshipCheck: { result: 'inconclusive' },
      dataKeyId: expect.any(String),
    });
  });
});
