/**
 * Reconnecting a dropped session: attempts at the gaps of
 * `RECONNECT_DELAYS_SECONDS` (30 s, 2 min, 10 min by default), the first from the drop and each next
 * one from the previous attempt: 0.5, 2.5 and 12.5 minutes after the drop.
 */
export const attemptTimes = (droppedAt: Date, delaysSeconds: readonly number[]): Date[] => {
  let at = droppedAt.getTime();
  return delaysSeconds.map((delay) => new Date((at += delay * 1000)));
};

/** What a schedule carries: enough to tell whether it is still the one the pairing waits for. */
export interface ReconnectAttempt {
  /** Where the pairing lives: the seat uid finds its family with one read. */
  seatUid: string;
  pairingId: string;
  attempt: number;
}

/**
 * A schedule that fires late, twice, or after the pairing moved on changes nothing: it acts only
 * while the pairing is `degraded` and this is the attempt it is waiting for.
 */
export const isCurrentAttempt = (
  pairing: { pairingId: string; status: string; reconnectAttempts: number },
  fired: ReconnectAttempt,
): boolean =>
  pairing.pairingId === fired.pairingId &&
  pairing.status === 'degraded' &&
  pairing.reconnectAttempts + 1 === fired.attempt;

/** After the last failed attempt the pairing gives up (`third_retry_failed`). */
export const isLastAttempt = (attempt: number, delaysSeconds: readonly number[]): boolean =>
  attempt >= delaysSeconds.length;

/**
 * The schedule after the last attempt: the verdict. The last restart's report may be lost, or the
 * session may never come back (stuck `STARTING`), and a drop must still end `paired` or
 * `disconnected`. It comes the first gap after the last attempt (the time a drop is given before its
 * first attempt), as one more firing of the same schedule (attempt = the number of gaps + 1).
 */
export const verdictTime = (droppedAt: Date, delaysSeconds: readonly number[]): Date | undefined => {
  const last = attemptTimes(droppedAt, delaysSeconds).at(-1);
  const settle = delaysSeconds[0];
  return last === undefined || settle === undefined ? undefined : new Date(last.getTime() + settle * 1000);
};

export const isVerdict = (attempt: number, delaysSeconds: readonly number[]): boolean =>
  attempt === delaysSeconds.length + 1;
