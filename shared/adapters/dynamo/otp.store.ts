import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../validation/z';
import type { MagicLink, OtpChallenge } from '../../domain/auth/otp';
import type { OtpStore } from '../../ports/stores';
import type { TableAccess } from './client';
import { itemTypes, keys } from './keys';
import { newUserItems, putNew, transact, type TransactItem } from './transact';

/** Sign-in items live a day past their expiry, then the table's TTL removes them. */
const KEEP_AFTER_EXPIRY_SECONDS = 24 * 3600;
const ttlFor = (expiresAtMs: number): number => Math.ceil(expiresAtMs / 1000) + KEEP_AFTER_EXPIRY_SECONDS;

const userSubject = z.object({ kind: z.literal('user'), userUid: z.string() });
const signupSubject = z.object({ kind: z.literal('signup'), email: z.string() });
const subject = z.discriminatedUnion('kind', [
  userSubject,
  signupSubject,
  z.object({ kind: z.literal('nobody') }),
]);

const challengeItem = z.object({
  requestId: z.string(),
  chainId: z.string(),
  delivery: z.enum(['code', 'link']),
  codeHash: z.nullable(z.string()),
  linkHash: z.nullable(z.string()),
  replacedCodes: z.array(z.object({ requestId: z.string(), codeHash: z.string() })),
  attempts: z.int(),
  expiresAtMs: z.number(),
  usedAtMs: z.nullable(z.number()),
  subject,
});

/** Wrong attempts on an address nobody asked a code for leave a bare counter. */
const attemptsOnly = z.object({ attempts: z.int(), ttl: z.number() });

const emailLookupItem = z.looseObject({ userUid: z.string() });

/** A full challenge, or the bare counter that wrong attempts leave on an address nobody asked for. */
const toChallenge = (item: Record<string, unknown>): OtpChallenge => {
  const full = challengeItem.safeParse(item);
  if (full.success) return full.data;
  const bare = attemptsOnly.parse(item);
  return {
    requestId: '',
    chainId: '',
    delivery: 'code',
    codeHash: null,
    linkHash: null,
    replacedCodes: [],
    attempts: bare.attempts,
    expiresAtMs: bare.ttl * 1000,
    usedAtMs: null,
    subject: { kind: 'nobody' },
  };
};

const linkItem = z.object({
  linkHash: z.string(),
  emailHash: z.string(),
  requestId: z.string(),
  chainId: z.string(),
  expiresAtMs: z.number(),
  usedAtMs: z.nullable(z.number()),
  replacedAtMs: z.nullable(z.number()),
  subject: z.discriminatedUnion('kind', [userSubject, signupSubject]),
});

export const dynamoOtpStore = (table: TableAccess): OtpStore => ({
  async signInState(emailHash) {
    const { Items = [] } = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.emailPartition(emailHash) },
        ConsistentRead: true,
      }),
    );
    const lookup = Items.find((item) => item['SK'] === keys.emailLookup(emailHash).SK);
    const challengeItem = Items.find((item) => item['SK'] === keys.otpChallenge(emailHash).SK);
    return {
      userUid: lookup === undefined ? null : emailLookupItem.parse(lookup).userUid,
      challenge: challengeItem === undefined ? null : toChallenge(challengeItem),
    };
  },

  async replaceChallenge(emailHash, challenge, link, replacedLinkHash, nowMs) {
    const items: TransactItem[] = [
      {
        Put: {
          TableName: table.tableName,
          Item: {
            ...keys.otpChallenge(emailHash),
            type: itemTypes.otpChallenge,
            ...challenge,
            ttl: ttlFor(challenge.expiresAtMs),
          },
        },
      },
    ];
    if (link !== null) {
      items.push(
        putNew(table, {
          ...keys.magicLink(link.linkHash),
          type: itemTypes.magicLink,
          ...link,
          ttl: ttlFor(link.expiresAtMs),
        }),
      );
    }
    if (replacedLinkHash !== null && replacedLinkHash !== link?.linkHash) {
      items.push({
        Update: {
          TableName: table.tableName,
          Key: keys.magicLink(replacedLinkHash),
          UpdateExpression: 'SET replacedAtMs = :now, #ttl = if_not_exists(#ttl, :ttl)',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':now': nowMs, ':ttl': ttlFor(nowMs) },
        },
      });
    }
    await transact(table, items);
  },

  async countWrongAttempt(emailHash, expiresAtMs) {
    const { Attributes } = await table.doc.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.otpChallenge(emailHash),
        UpdateExpression: 'ADD attempts :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':ttl': ttlFor(expiresAtMs) },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return z.object({ attempts: z.int() }).parse(Attributes).attempts;
  },

  async consumeCode(emailHash, challenge, nowMs, newUser) {
    await transact(table, [
      {
        Update: {
          TableName: table.tableName,
          Key: keys.otpChallenge(emailHash),
          UpdateExpression: 'SET usedAtMs = :now',
          ConditionExpression: 'requestId = :requestId AND usedAtMs = :unused AND attempts = :attempts',
          ExpressionAttributeValues: {
            ':now': nowMs,
            ':requestId': challenge.requestId,
            ':unused': null,
            ':attempts': challenge.attempts,
          },
        },
      },
      ...newUserItems(table, newUser),
    ]);
  },

  async getLink(linkHash) {
    const { Item } = await table.doc.send(
      new GetCommand({ TableName: table.tableName, Key: keys.magicLink(linkHash), ConsistentRead: true }),
    );
    // A replaced link whose item had already expired leaves a bare marker: not a link of ours.
    const parsed = linkItem.safeParse(Item);
    return parsed.success ? (parsed.data satisfies MagicLink) : null;
  },

  async consumeLink(link, nowMs, newUser) {
    await transact(table, [
      {
        Update: {
          TableName: table.tableName,
          Key: keys.magicLink(link.linkHash),
          UpdateExpression: 'SET usedAtMs = :now',
          ConditionExpression: 'usedAtMs = :unused AND replacedAtMs = :unused',
          ExpressionAttributeValues: { ':now': nowMs, ':unused': null },
        },
      },
      ...newUserItems(table, newUser),
    ]);
  },
});
