/**
 * The notice that a seat's free trial ends: one day before `trialEndsAt`, by a one-time schedule
 * named after the seat (a seat's trial starts once, at its first `paired`).
 */
export interface TrialEnding {
  seatUid: string;
  /** The trial's end the schedule was made for: a schedule for another end is stale. */
  trialEndsAt: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the notice goes: a day before the end, or at once for a trial shorter than a day. */
export const trialEndingAt = (trialEndsAt: string, now: Date): Date =>
  new Date(Math.max(Date.parse(trialEndsAt) - DAY_MS, now.getTime()));

/**
 * Whether a fired schedule still stands for this seat: the seat not archived, its trial the one the
 * schedule names, and the trial not over yet (a schedule that fires after the end says nothing).
 */
export const trialEndingStands = <S extends { status: string; trial: { endsAt: string } | null }>(
  seat: S | undefined,
  fired: TrialEnding,
  now: Date,
): seat is S =>
  seat !== undefined &&
  seat.status !== 'archived' &&
  seat.trial?.endsAt === fired.trialEndsAt &&
  now.getTime() < Date.parse(fired.trialEndsAt);
