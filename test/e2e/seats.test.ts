import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, inject } from 'vitest';
import { createTableAccess } from '../../shared/adapters/dynamo/client';
import { addSeat, call, newFamily, signUp, validDependent } from './support/api';

const eventTypesOf = async (accountUid: string): Promise<string[]> => {
  const { endpoint, tableName } = inject('stackDynamo');
  const table = createTableAccess({ tableName, region: 'sa-east-1', endpoint });
  const { Items } = await table.doc.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': `EVENTS#${accountUid}` },
    }),
  );
  return (Items ?? []).map((item) => item['eventType'] as string);
};

const onboardingOf = async (token: string, accountUid: string) =>
  (await call('GET', `/accounts/${accountUid}/onboarding`, { token })).body.data;

describe('seats', () => {
  it('creates a pending seat at today’s price that waits for consent, trial not started', async () => {
    const { owner, accountUid } = await newFamily();
    const created = await call('POST', `/accounts/${accountUid}/seats`, { token: owner.token });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      uid: expect.stringMatching(/^st_/),
      status: 'pending',
      price: { amount: 2990, currency: 'BRL' },
      activationRequiresConsent: true,
      consent: null,
      trial: { state: 'not_started', label: expect.any(String), trialEndsAt: null },
      dependent: null,
      pause: null,
    });
    const read = await call('GET', `/seats/${created.body.data.uid}`, { token: owner.token });
    expect(read.body.data).toEqual(created.body.data);
  });

  it('archives a pending seat with 204; archiving again changes nothing', async () => {
    const { owner, accountUid } = await newFamily();
    const seatUid = await addSeat(owner.token, accountUid);
    expect((await call('DELETE', `/seats/${seatUid}`, { token: owner.token })).status).toBe(204);
    expect((await call('GET', `/seats/${seatUid}`, { token: owner.token })).body.data.status).toBe(
      'archived',
    );
    expect((await call('DELETE', `/seats/${seatUid}`, { token: owner.token })).status).toBe(204);
    expect((await eventTypesOf(accountUid)).filter((type) => type === 'seat.archived')).toHaveLength(1);
  });

  it('answers 404 (never 403) to a seat of another family, on every seat route', async () => {
    const { owner, accountUid } = await newFamily();
    const seatUid = await addSeat(owner.token, accountUid);
    const stranger = await signUp();
    for (const [method, body] of [['GET'], ['DELETE'], ['PUT', validDependent]] as const) {
      const path = method === 'PUT' ? `/seats/${seatUid}/dependent` : `/seats/${seatUid}`;
      const answer = await call(method, path, { token: stranger.token, ...(body ? { body } : {}) });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
    // A uid forged from the stranger's own account prefix finds nothing either.
    const own = await newFamily();
    const forged = `st_${own.accountUid.slice(4)}${seatUid.slice(-16)}`;
    expect((await call('GET', `/seats/${forged}`, { token: own.owner.token })).status).toBe(404);
  });
});

describe('the protected person', () => {
  it('fills the person in, normalising the CPF; identical data changes nothing and writes no event', async () => {
    const { owner, accountUid } = await newFamily();
    const seatUid = await addSeat(owner.token, accountUid);
    const put = await call('PUT', `/seats/${seatUid}/dependent`, {
      token: owner.token,
      body: validDependent,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ ...validDependent, document: { type: 'cpf', number: '52998224725' } });
    const again = await call('PUT', `/seats/${seatUid}/dependent`, {
      token: owner.token,
      body: validDependent,
    });
    expect(again.status).toBe(200);
    expect((await eventTypesOf(accountUid)).filter((type) => type === 'seat.dependent_updated')).toHaveLength(
      1,
    );
    expect((await call('GET', `/seats/${seatUid}`, { token: owner.token })).body.data.dependent).toEqual(
      put.body.data,
    );
  });

  it('refuses a birth date that does not fit the kind: 422 BIRTH_DATE_OUT_OF_RANGE', async () => {
    const { owner, accountUid } = await newFamily();
    const seatUid = await addSeat(owner.token, accountUid);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const body of [
      { ...validDependent, kind: 'minor', birthDate: '1990-01-01' },
      { ...validDependent, kind: 'adult', birthDate: '2014-03-02' },
      { ...validDependent, kind: 'adult', birthDate: '1890-01-01' },
      { ...validDependent, kind: 'minor', birthDate: tomorrow },
    ]) {
      const answer = await call('PUT', `/seats/${seatUid}/dependent`, { token: owner.token, body });
      expect(answer.status).toBe(422);
      expect(answer.body.error.code).toBe('BIRTH_DATE_OUT_OF_RANGE');
    }
  });

  it('answers 400 VALIDATION to an invalid CPF, phone or relationship, listing each problem', async () => {
    const { owner, accountUid } = await newFamily();
    const seatUid = await addSeat(owner.token, accountUid);
    const answer = await call('PUT', `/seats/${seatUid}/dependent`, {
      token: owner.token,
      body: {
        ...validDependent,
        phone: '11987654321',
        document: { type: 'cpf', number: '111.111.111-11' },
        relationship: 'friend',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION');
    expect(answer.body.error.message).toContain('phone: ');
    expect(answer.body.error.message).toContain('document.number: is not a valid CPF');
    expect(answer.body.error.message).toContain('relationship: ');
    expect(answer.body.error.message.split('; ')).toHaveLength(3);
  });
});

describe('onboarding', () => {
  it('walks add_seat -> fill_dependent -> send_consent, naming the oldest pending seat', async () => {
    const { owner, accountUid } = await newFamily();
    expect(await onboardingOf(owner.token, accountUid)).toEqual({
      nextStep: 'add_seat',
      nextSeatUid: null,
      complete: false,
      seats: [],
    });

    const first = await addSeat(owner.token, accountUid);
    const second = await addSeat(owner.token, accountUid);
    expect(await onboardingOf(owner.token, accountUid)).toMatchObject({
      nextStep: 'fill_dependent',
      nextSeatUid: first,
      complete: false,
    });

    const { phone: _phone, ...withoutPhone } = validDependent;
    await call('PUT', `/seats/${first}/dependent`, { token: owner.token, body: withoutPhone });
    expect((await onboardingOf(owner.token, accountUid)).nextStep).toBe('fill_dependent');

    await call('PUT', `/seats/${first}/dependent`, { token: owner.token, body: validDependent });
    expect(await onboardingOf(owner.token, accountUid)).toEqual({
      nextStep: 'send_consent',
      nextSeatUid: first,
      complete: false,
      seats: [
        { uid: first, seatStep: 'send_consent' },
        { uid: second, seatStep: 'fill_dependent' },
      ],
    });

    await call('DELETE', `/seats/${first}`, { token: owner.token });
    expect(await onboardingOf(owner.token, accountUid)).toMatchObject({
      nextStep: 'fill_dependent',
      nextSeatUid: second,
    });
    await call('DELETE', `/seats/${second}`, { token: owner.token });
    expect((await onboardingOf(owner.token, accountUid)).nextStep).toBe('add_seat');
  });
});
