import { readFileSync } from 'node:fs';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createTableAccess } from '../../../shared/adapters/dynamo/client';
import { withCheckDigits } from '../../../shared/domain/people/cpf';
import { addSeat, call, newFamily, uniqueIp, validDependent } from './api';
import { stackValue } from './stack';

/** The consent path a person takes, through the real routes: shared by the tests that need a yes. */
export const stackTable = () => {
  const { endpoint, tableName } = stackValue('stackDynamo');
  return createTableAccess({ tableName, region: 'sa-east-1', endpoint });
};
export const seatItem = async (accountUid: string, seatUid: string) =>
  (
    await stackTable().doc.send(
      new GetCommand({
        TableName: stackTable().tableName,
        Key: { PK: `ACCOUNT#${accountUid}`, SK: `SEAT#${seatUid}` },
      }),
    )
  ).Item ?? {};
export const eventsOf = async (accountUid: string) =>
  (
    await stackTable().doc.send(
      new QueryCommand({
        TableName: stackTable().tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `EVENTS#${accountUid}` },
      }),
    )
  ).Items ?? [];

export const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/evidence/${name}`, import.meta.url));

/** A new seat of the family whose person was asked for consent; returns the link token delivered. */
export const askedSeat = async (
  owner: { token: string },
  accountUid: string,
  cpfNine = String(100_000_000 + Math.floor(Math.random() * 800_000_000)),
  overrides: Record<string, unknown> = {},
) => {
  const seatUid = await addSeat(owner.token, accountUid);
  const person = {
    ...validDependent,
    name: 'Bia Souza',
    document: { type: 'cpf', number: withCheckDigits(cpfNine) },
    ...overrides,
  };
  await call('PUT', `/seats/${seatUid}/dependent`, { token: owner.token, body: person });
  const link = (
    await call('POST', `/seats/${seatUid}/consent-request`, { token: owner.token, body: { send: 'now' } })
  ).body.data.seat.consent.link as string;
  return { seatUid, linkToken: link.split('/c/')[1] ?? '' };
};

/** A family that has asked its person for consent; returns the link token the simulator delivered. */
export const askedFamily = async (cpfNine?: string, overrides: Record<string, unknown> = {}) => {
  const { owner, accountUid } = await newFamily();
  await call('PATCH', '/me', { token: owner.token, body: { name: 'Ana Souza' } });
  return { owner, accountUid, ...(await askedSeat(owner, accountUid, cpfNine, overrides)) };
};

export const form = (
  selfie: Buffer | Uint8Array,
  audio: Buffer | Uint8Array,
  names = { selfie: 'selfie', audio: 'audio' },
) => {
  const data = new FormData();
  data.append(names.selfie, new Blob([new Uint8Array(selfie)]), 'selfie');
  data.append(names.audio, new Blob([new Uint8Array(audio)]), 'audio');
  return data;
};

export const upload = (linkToken: string, data: FormData, ip = uniqueIp()) =>
  call('POST', `/consent-requests/${linkToken}/evidence`, { form: data, headers: { 'x-forwarded-for': ip } });
export const asPerson = (method: string, path: string) =>
  call(method, path, {
    ...(method === 'GET' ? {} : { body: {} }),
    headers: { 'x-forwarded-for': uniqueIp() },
  });

/** The person's verified evidence and yes on their link, through the real routes. */
export const giveConsent = async (linkToken: string) => {
  const uploaded = await upload(linkToken, form(fixture('one-face.png'), fixture('phrase.wav')));
  if (uploaded.status !== 201) throw new Error(`evidence refused: ${JSON.stringify(uploaded.body)}`);
  const accepted = await asPerson('POST', `/consent-requests/${linkToken}/accept`);
  if (accepted.status !== 200) throw new Error(`yes refused: ${JSON.stringify(accepted.body)}`);
};

/**
 * A seat ready to pair, reached through the real path: the person's evidence and yes, activation by
 * the owner, the chat channel contracted.
 */
export const protectedSeat = async (person: Record<string, unknown> = {}) => {
  const family = await askedFamily(undefined, person);
  await giveConsent(family.linkToken);
  const activated = await call('POST', `/seats/${family.seatUid}/activate`, {
    token: family.owner.token,
    body: { guardianAttestation: true },
  });
  if (activated.status !== 200) throw new Error(`activation refused: ${JSON.stringify(activated.body)}`);
  await call('POST', `/seats/${family.seatUid}/channels/chat`, { token: family.owner.token });
  return family;
};
